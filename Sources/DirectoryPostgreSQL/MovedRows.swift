import DirectoryCore

/// A new order written as the rows that moved: each row out of a longest run of rows whose
/// positions already increase in the new order gets a position between its neighbours, so a
/// `move` of one record rewrites one row (and other sessions hear of one change), not every
/// row between its old and new place. When most rows moved (a `sort`), or a gap is too
/// narrow to split, every row is numbered again in order.
struct MovedRows {
    let statements: TableStatements
    let connection: PostgreSQLConnection
    /// The revision of rows this transaction writes.
    let revision: Int64

    /// Puts the rows in `order` (the ids of the list's records, in list order).
    func write(_ order: [RecordID]) throws(PostgreSQLError) {
        let stored = try connection.run(statements.positions)
        var position: [String: Double] = [:]
        position.reserveCapacity(stored.rowCount)
        for row in 0..<stored.rowCount {
            guard let id = stored.value(row: row, column: 0),
                let value = stored.value(row: row, column: 1).flatMap(Double.init)
            else { continue }
            position[id.lowercased()] = value
        }
        let present = order.compactMap { id in position[id.description.lowercased()].map { (id, $0) } }
        if let moves = Self.moves(present.map(\.1)), moves.count * 2 <= present.count {
            guard !moves.isEmpty else { return }
            let ids = "{" + moves.map { present[$0.offset].0.description }.joined(separator: ",") + "}"
            let values = "{" + moves.map { String($0.position) }.joined(separator: ",") + "}"
            try connection.run(statements.placeMoved, [ids, values, String(revision)])
            return
        }
        let ids = "{" + order.map(\.description).joined(separator: ",") + "}"
        try connection.run(statements.reorder, [ids, String(revision)])
    }

    /// For `positions` (the rows' positions now, in the new order): the offsets of the rows
    /// that move and the position each gets, between the rows kept around it; `nil` when a
    /// gap is too narrow for the rows that go in it.
    static func moves(_ positions: [Double]) -> [(offset: Int, position: Double)]? {
        let kept = longestIncreasingRun(positions)
        var moves: [(offset: Int, position: Double)] = []
        var offset = 0
        while offset < positions.count {
            guard !kept.contains(offset) else {
                offset += 1
                continue
            }
            var end = offset
            while end < positions.count, !kept.contains(end) { end += 1 }
            let low = offset > 0 ? positions[offset - 1] : nil
            let high = end < positions.count ? positions[end] : nil
            let count = end - offset
            let first: Double
            let step: Double
            switch (low, high) {
            case (let low?, let high?):
                step = (high - low) / Double(count + 1)
                guard step > max(1, abs(low), abs(high)) * 1e-9 else { return nil }
                first = low + step
            case (let low?, nil): (first, step) = (low + 1, 1)
            case (nil, let high?): (first, step) = (high - Double(count), 1)
            case (nil, nil): return nil
            }
            for index in 0..<count { moves.append((offset + index, first + Double(index) * step)) }
            offset = end
        }
        return moves
    }

    /// The offsets of one longest strictly increasing run of `values`: `OrderMerge`'s, over
    /// each value's rank (equal values one rank).
    static func longestIncreasingRun(_ values: [Double]) -> Set<Int> {
        let sorted = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Int](repeating: 0, count: values.count)
        var rank = 0
        for (place, offset) in sorted.enumerated() {
            if place > 0, values[offset] != values[sorted[place - 1]] { rank += 1 }
            ranks[offset] = rank
        }
        return OrderMerge.longestIncreasingRun(ranks)
    }
}
