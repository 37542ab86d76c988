/// Folds UTF-8 text for searching straight from its bytes, by exactly the rules of
/// `ScalarCaseFolding` (lower case, accents and width ignored, a scalar at a time), without
/// making a `String`: what a `CaseFoldedIndex` is built with.
///
/// ASCII is copied as it is (the caller lowers ASCII letters once over its whole buffer,
/// see `lowerASCII`). Each other scalar's folding is asked of a `ScalarCaseFolding` once and
/// kept in a flat table, so a million names cost a table look-up per accented letter.
/// Bytes that are not valid UTF-8 are folded as `String(decoding:as:)` would repair them.
struct UTF8CaseFolding {
    private let folding = ScalarCaseFolding()
    /// For each scalar below U+10000: `offset << 8 | length` of its folding in `pool`,
    /// or `unknown` when it has not been met yet.
    private var table: [UInt32]
    /// Folded bytes of the scalars above U+FFFF met so far.
    private var astral: [UInt32: [UInt8]] = [:]
    private var pool: [UInt8] = []
    private static let unknown = UInt32.max

    /// A folding with nothing learned yet.
    init() {
        table = [UInt32](repeating: Self.unknown, count: 0x1_0000)
    }

    /// Appends `text` folded to `output`, except that ASCII letters keep their case.
    mutating func append(folding text: Span<UInt8>, to output: inout [UInt8]) {
        let count = foldedCount(of: text)
        let mark = output.count
        output.append(contentsOf: repeatElement(0, count: count))
        var room = output.mutableSpan
        _ = write(folding: text, to: &room, at: mark)
    }

    /// The number of bytes `text` folds to, learning the folding of each scalar met for
    /// the first time, so that `write(folding:to:at:)` then knows them all.
    @discardableResult
    mutating func foldedCount(of text: Span<UInt8>) -> Int {
        var count = 0
        var index = 0
        while index < text.count {
            if text[index] < 0x80 {
                count &+= 1
                index &+= 1
                continue
            }
            guard let (scalar, length) = Self.decode(text, at: index) else { return repaired(text).count }
            count &+= learn(scalar)
            index &+= length
        }
        return count
    }

    /// Writes `text` folded (ASCII letters keeping their case) into `output` from `offset`
    /// on, and returns the offset after it; `nil` when it does not fit or meets a scalar
    /// not learnt yet (`foldedCount(of:)` learns them), and what it wrote then is to be
    /// written again.
    @inline(__always)
    func write(folding text: Span<UInt8>, to output: inout MutableSpan<UInt8>, at offset: Int) -> Int? {
        var written = offset
        var index = 0
        while index < text.count {
            if text[index] < 0x80 {
                // A run of ASCII is copied at once: found first, then copied in one call
                // when it is long enough to be worth one.
                var end = index &+ 1
                while end < text.count, text[end] < 0x80 { end &+= 1 }
                guard end &- index <= output.count &- written else { return nil }
                if end &- index >= 8 {
                    written = output.copy(text.extracting(index..<end), at: written)
                } else {
                    for offset in index..<end {
                        output[written] = text[offset]
                        written &+= 1
                    }
                }
                index = end
                continue
            }
            guard let (scalar, length) = Self.decode(text, at: index) else {
                let whole = repaired(text)
                guard whole.count <= output.count &- offset else { return nil }
                return output.copy(whole.span, at: offset)
            }
            guard let end = writeFolded(scalar, to: &output, at: written) else { return nil }
            written = end
            index &+= length
        }
        return written
    }

    /// The folding of ill-formed `text`, repaired as `String(decoding:as:)` repairs it.
    private func repaired(_ text: Span<UInt8>) -> [UInt8] {
        folding.fold(String(utf8: text))
    }

    /// The number of bytes non-ASCII `scalar` folds to, learning its folding the first time.
    private mutating func learn(_ scalar: UInt32) -> Int {
        if scalar >= 0x1_0000 {
            if let folded = astral[scalar] { return folded.count }
            let folded = fold(scalar)
            astral[scalar] = folded
            return folded.count
        }
        var entry = table[Int(scalar)]
        if entry == Self.unknown {
            let folded = fold(scalar)
            entry = UInt32(pool.count) << 8 | UInt32(folded.count)
            pool.append(contentsOf: folded)
            table[Int(scalar)] = entry
        }
        return Int(entry & 0xFF)
    }

    /// Writes the folding of non-ASCII `scalar` into `output` at `offset`, and returns the
    /// offset after it; `nil` when it does not fit or has not been learnt.
    @inline(__always)
    private func writeFolded(_ scalar: UInt32, to output: inout MutableSpan<UInt8>, at offset: Int) -> Int? {
        if scalar >= 0x1_0000 {
            guard let folded = astral[scalar], folded.count <= output.count &- offset else { return nil }
            return output.copy(folded.span, at: offset)
        }
        let entry = table[Int(scalar)]
        let length = Int(entry & 0xFF)
        guard entry != Self.unknown, length <= output.count &- offset else { return nil }
        let start = Int(entry >> 8)
        let folded = pool.span.extracting(start..<start &+ length)
        for index in folded.indices { output[offset &+ index] = folded[index] }
        return offset &+ length
    }

    /// `ScalarCaseFolding`'s folding of one scalar.
    private func fold(_ scalar: UInt32) -> [UInt8] {
        guard let value = Unicode.Scalar(scalar) else { return [] }
        var text = ""
        text.unicodeScalars.append(value)
        return folding.fold(text)
    }

    /// Lowers every ASCII capital in `bytes`; other bytes (UTF-8 lead and continuation
    /// bytes are all 0x80 or above) are left alone.
    static func lowerASCII(_ bytes: inout [UInt8]) {
        var span = bytes.mutableSpan
        for index in span.indices {
            let byte = span[index]
            span[index] = byte &- 65 < 26 ? byte | 0x20 : byte
        }
    }

    /// The scalar a well-formed UTF-8 sequence at `start` of `text` encodes and its length,
    /// or `nil` when the bytes are not well-formed (overlong, surrogate, truncated).
    private static func decode(_ text: Span<UInt8>, at start: Int) -> (UInt32, Int)? {
        let lead = UInt32(text[start])
        switch lead {
        case 0xC2...0xDF:
            guard let second = Self.continuation(text, at: start + 1) else { return nil }
            return ((lead & 0x1F) << 6 | second, 2)
        case 0xE0...0xEF:
            guard let second = Self.continuation(text, at: start + 1),
                let third = Self.continuation(text, at: start + 2)
            else { return nil }
            let scalar = (lead & 0x0F) << 12 | second << 6 | third
            guard scalar >= 0x800, !(0xD800...0xDFFF).contains(scalar) else { return nil }
            return (scalar, 3)
        case 0xF0...0xF4:
            guard let second = Self.continuation(text, at: start + 1),
                let third = Self.continuation(text, at: start + 2), let fourth = Self.continuation(text, at: start + 3)
            else {
                return nil
            }
            let scalar = (lead & 0x07) << 18 | second << 12 | third << 6 | fourth
            guard (0x1_0000...0x10_FFFF).contains(scalar) else { return nil }
            return (scalar, 4)
        default:
            return nil
        }
    }

    /// The six bits of the continuation byte at `offset` of `text`, or `nil` when there is
    /// none there.
    @inline(__always)
    private static func continuation(_ text: Span<UInt8>, at offset: Int) -> UInt32? {
        guard offset < text.count, text[offset] & 0xC0 == 0x80 else { return nil }
        return UInt32(text[offset] & 0x3F)
    }
}
