/// The order `sort` puts records in: text ignoring case and accents (`é` sorts with
/// `e`, `Zoë` with `zoe`), runs of digits by their value (`Room 9` before `Room 10`);
/// dates oldest first, with no date last. Equal values keep their order.
struct RecordOrder {
    /// The field to sort by.
    let field: Int
    /// The kind of the records.
    let schema: RecordSchema
    /// Whether the greatest value comes first.
    let descending: Bool

    /// The indices of `records` in sorted order.
    func sorted(_ records: [Record]) -> [Int] {
        switch schema.fields[field].type {
        case .text:
            let folder = ScalarFolder()
            let keys = records.map { folder.fold($0.values[field].text ?? "") }
            return records.indices.sorted { lhs, rhs in
                let order = Self.compare(keys[lhs], keys[rhs])
                if order != 0 { return descending ? order > 0 : order < 0 }
                return lhs < rhs
            }
        case .date(let unset):
            let keys = records.map { record -> Double? in
                guard case .date(let seconds) = record.values[field], seconds != unset else { return nil }
                return seconds
            }
            return records.indices.sorted { lhs, rhs in
                switch (keys[lhs], keys[rhs]) {
                case (let a?, let b?) where a != b: return descending ? a > b : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                default: return lhs < rhs
                }
            }
        }
    }

    /// Compares folded text: negative, zero or positive. Digit runs compare by value.
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        var i = 0
        var j = 0
        while i < lhs.count, j < rhs.count {
            if isDigit(lhs[i]), isDigit(rhs[j]) {
                let (leftEnd, rightEnd) = (digitsEnd(lhs, from: i), digitsEnd(rhs, from: j))
                let left = lhs[i..<leftEnd].drop { $0 == 0x30 }
                let right = rhs[j..<rightEnd].drop { $0 == 0x30 }
                if left.count != right.count { return left.count - right.count }
                for (a, b) in zip(left, right) where a != b { return Int(a) - Int(b) }
                i = leftEnd
                j = rightEnd
                continue
            }
            if lhs[i] != rhs[j] { return Int(lhs[i]) - Int(rhs[j]) }
            i += 1
            j += 1
        }
        return (lhs.count - i) - (rhs.count - j)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func digitsEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end
    }
}
