import Foundation

@testable import DirectoryCore

/// Shared test data for the XML property list tests: the apps' record types,
/// tricky strings, and seeded generators.
enum XMLPlistTestData {
    typealias Person = AppPerson

    typealias BucketItem = AppBucketItem

    /// Pieces that strings are built from: non-BMP characters, combining marks,
    /// CJK, XML specials, white space and control characters.
    static let pieces = [
        "Acacia", " ", "Ackles", "😀", "👩‍👩‍👧", "e\u{301}", "東京", "𝄞", "&", "<", ">", "\"", "'", "]]>",
        "&amp;", "<![CDATA[x]]>", "\t", "\n", "\r\n", "\r", "\u{1}", "\u{7F}", "Steitz 131", "Ω", "\u{FEFF}", "",
    ]

    /// Pieces that Python's `plistlib` can write and read unchanged (no control
    /// characters other than tab and newline, no carriage return).
    static let plainPieces = pieces.filter { piece in
        !piece.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0x7F }
    }

    /// A random string of up to six pieces.
    static func string(from pieces: [String], using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...6, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    /// A random UUID.
    static func uuid(using generator: inout SeededGenerator) -> UUID {
        let id = RecordID.random(using: &generator)
        return UUID(uuidString: id.description) ?? UUID()
    }

    /// `count` people with tricky names and offices.
    static func people(_ count: Int, seed: UInt64, pieces: [String] = pieces) -> [Person] {
        var generator = SeededGenerator(state: seed)
        return (0..<count).map { _ in
            Person(
                id: uuid(using: &generator), name: string(from: pieces, using: &generator),
                office: string(from: pieces, using: &generator))
        }
    }

    /// `count` bucket items with dates between 1583 and 2100, some with
    /// fractions, some `Date.distantPast`.
    static func items(_ count: Int, seed: UInt64, pieces: [String] = pieces) -> [BucketItem] {
        var generator = SeededGenerator(state: seed)
        return (0..<count).map { index in
            let seconds: Double
            switch index % 4 {
            case 0: seconds = ListKind.distantPast
            case 1: seconds = Double(Int64.random(in: -13_000_000_000...3_000_000_000, using: &generator))
            default: seconds = Double.random(in: -3_000_000_000...3_000_000_000, using: &generator)
            }
            return BucketItem(
                id: uuid(using: &generator), name: string(from: pieces, using: &generator),
                note: string(from: pieces, using: &generator),
                completedDate: Date(timeIntervalSinceReferenceDate: seconds))
        }
    }

    /// `value` encoded by `PropertyListEncoder` as an XML property list.
    static func foundationXML<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return Array(try encoder.encode(value))
    }

    /// The kind and records in `bytes`, read by `XMLPlistRecordReader`.
    static func readList(_ bytes: [UInt8], kind: ListKind? = nil) throws(FileFormatError)
        -> (kind: ListKind, records: [Record])
    {
        var builder = RecordBuilder(kind: kind)
        let failure = bytes.span.withRawBytes { buffer -> FileFormatError? in
            do throws(FileFormatError) {
                try XMLPlistRecordReader.read(buffer, into: &builder)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        let finished = builder.finish()
        return (finished.kind, finished.records.array)
    }

    /// The records in `bytes`, read by `XMLPlistRecordReader`.
    static func read(_ bytes: [UInt8], kind: ListKind? = nil) throws(FileFormatError) -> [Record] {
        try readList(bytes, kind: kind).records
    }

    /// The error reading `text` throws, or `nil` if it reads.
    static func readError(_ text: String) -> FileFormatError? {
        readError(Array(text.utf8))
    }

    /// The error reading `bytes` throws, or `nil` if they read.
    static func readError(_ bytes: [UInt8]) -> FileFormatError? {
        do throws(FileFormatError) {
            _ = try read(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A person as a record.
    static func record(_ person: Person) -> Record {
        Record(
            id: RecordID(person.id.uuidString) ?? RecordID(high: 0, low: 0),
            values: [.text(person.name), .text(person.office)])
    }

    /// The three sample people of the fixture file.
    static let samplePeople = [
        Person(
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), name: "Acacia Ackles",
            office: "Steitz 131"),
        Person(
            id: UUID(uuidString: "0F2A6C1E-5B7D-4C8E-9A3B-1D2E3F405162") ?? UUID(), name: "Joe Gregg",
            office: "Briggs 413"),
        Person(
            id: UUID(uuidString: "7B1C9D2E-3F4A-4B5C-8D6E-7F8091A2B3C4") ?? UUID(), name: "Kurt Krebsbach",
            office: "Briggs 411"),
    ]
}

extension PropertyValue {
    /// The value with each `<real>`'s kept text (`.numberText`) turned into the `.real`
    /// it stands for, to compare with values made as `.real`s.
    var realsAsDoubles: PropertyValue {
        switch self {
        case .numberText(let text): return .real(Double(text) ?? 0)
        case .array(let elements): return .array(elements.map(\.realsAsDoubles))
        case .dictionary(let pairs): return .dictionary(pairs.map { KeyedValue($0.key, $0.value.realsAsDoubles) })
        default: return self
        }
    }
}

extension [KeyedValue] {
    /// The pairs with `PropertyValue.realsAsDoubles` applied to each value.
    var realsAsDoubles: [KeyedValue] { map { KeyedValue($0.key, $0.value.realsAsDoubles) } }
}
