@testable import DirectoryCore

/// Shared pieces of the JSON codec tests: reading through `JSONRecordReader`,
/// and seeded generators of varied and hostile strings and values.
enum JSONTestSupport {
    /// Reads `bytes` with `JSONRecordReader`, as `RecordCodec.decode` does.
    static func read(_ bytes: [UInt8], kind: ListKind? = nil) throws -> (kind: ListKind, records: [Record]) {
        var builder = RecordBuilder(kind: kind)
        try JSONRecordReader.read(bytes.span, into: &builder)
        let finished = builder.finish()
        return (finished.kind, finished.records.array)
    }

    /// Reads `text` and returns the `FileFormatError` it gives, or `nil` when it reads.
    static func readError(_ text: String, kind: ListKind? = nil) -> FileFormatError? {
        readError(Array(text.utf8), kind: kind)
    }

    /// Reads `bytes` and returns the `FileFormatError` they give, or `nil` when they read.
    static func readError(_ bytes: [UInt8], kind: ListKind? = nil) -> FileFormatError? {
        do {
            _ = try read(bytes, kind: kind)
            return nil
        } catch let error as FileFormatError {
            return error
        } catch {
            return FileFormatError("unexpected error type: \(error)")
        }
    }

    /// The text of `bytes`, for readable failures.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Pieces that hostile strings are built from: escapes, control characters,
    /// slashes, non-BMP characters, combining marks, CJK, line separators, DEL.
    static let stringPieces: [String] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "//", "\\/", "\\u0041", "\u{0}", "\u{1}", "\u{8}", "\t", "\n",
        "\u{B}", "\u{C}", "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{A0}", "é", "e\u{301}", "ñ",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "李", "東京", "한국어", "😀", "👩‍👩‍👧‍👦",
        "🇨🇦", "𝄞", "\u{10FFFF}", "Ω", "<", ">", "&", "'", "Acacia Ackles", "Briggs 413", "{", "}", "[", "]",
        ":", ",", "null", "true", "-0", "1e+20",
    ]

    /// A string of 0 to `maximumPieces` random pieces.
    static func hostileString(using generator: inout JSONTestGenerator, maximumPieces: Int = 12) -> String {
        let count = Int.random(in: 0...maximumPieces, using: &generator)
        var text = ""
        for _ in 0..<count {
            text += stringPieces[Int.random(in: 0..<stringPieces.count, using: &generator)]
        }
        return text
    }

    /// A date in seconds since 2001: whole, fractional, tiny, negative, huge, or `Date.distantPast`.
    static func seconds(using generator: inout JSONTestGenerator) -> Double {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return ListKind.distantPast
        case 1: return Double(Int.random(in: -2_000_000_000...2_000_000_000, using: &generator))
        case 2: return Double.random(in: -1e9...1e9, using: &generator)
        case 3: return Double.random(in: 0..<1, using: &generator)
        case 4: return Double.random(in: 7e8...8e8, using: &generator)  // around 2023, as the app writes them
        case 5:
            return [0, -0.0, 0.5, 1e-7, .leastNonzeroMagnitude, 63_113_904_000, 1e16, 1.5e300][
                Int.random(in: 0..<8, using: &generator)]
        case 6: return Double(bitPattern: generator.next() & 0x3FFF_FFFF_FFFF_FFFF)  // any finite positive
        default: return Double.random(in: -1e12...1e12, using: &generator).rounded() + 0.125
        }
    }

    /// A random unknown-key value, nested at most `depth` levels.
    static func propertyValue(using generator: inout JSONTestGenerator, depth: Int = 3) -> PropertyValue {
        switch Int.random(in: 0..<(depth > 0 ? 9 : 7), using: &generator) {
        case 0: return .string(hostileString(using: &generator))
        case 1: return .integer(Int64(bitPattern: generator.next()) >> Int.random(in: 0..<64, using: &generator))
        case 2: return .real(seconds(using: &generator))
        case 3: return .bool(Bool.random(using: &generator))
        case 4: return .null
        case 5: return .integer([Int64.min, Int64.max, 0, -1][Int.random(in: 0..<4, using: &generator)])
        case 6: return .real([1.0, -2.0, 0.1, 1e20, -0.0][Int.random(in: 0..<5, using: &generator)])
        case 7:
            let count = Int.random(in: 0...4, using: &generator)
            return .array((0..<count).map { _ in propertyValue(using: &generator, depth: depth - 1) })
        default:
            let count = Int.random(in: 0...4, using: &generator)
            return .dictionary(
                (0..<count).map { index in
                    KeyedValue(
                        "k\(index)" + hostileString(using: &generator, maximumPieces: 2),
                        propertyValue(using: &generator, depth: depth - 1))
                })
        }
    }
}

/// The JSON tests' generator: the shared seeded one.
typealias JSONTestGenerator = SeededGenerator

extension SeededGenerator {
    /// A generator that yields the same numbers for the same `seed`.
    init(seed: UInt64) {
        self.init(state: seed)
    }
}

extension JSONTestSupport {
    /// `records` with every number an unknown key kept as text (`.numberText`) that is
    /// not a whole number turned into the `.real` it stands for, to compare what was
    /// read with records made with `.real`s.
    static func numbersAsReals(_ records: [Record]) -> [Record] {
        func convert(_ value: PropertyValue) -> PropertyValue {
            switch value {
            case .numberText(let text) where text.contains(where: { ".eE".contains($0) }) || text == "-0":
                return .real(Double(text) ?? .nan)
            case .array(let elements): return .array(elements.map(convert))
            case .dictionary(let pairs): return .dictionary(pairs.map { KeyedValue($0.key, convert($0.value)) })
            default: return value
            }
        }
        return records.map { record in
            var record = record
            record.extras = record.extras.map { KeyedValue($0.key, convert($0.value)) }
            return record
        }
    }
}
