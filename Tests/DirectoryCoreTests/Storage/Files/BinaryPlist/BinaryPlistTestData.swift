import Foundation

@testable import DirectoryCore

/// Records, app structs and hand-built files shared by the binary plist tests.
enum BinaryPlistTestData {
    typealias Person = AppPerson

    typealias BucketItem = AppBucketItem

    typealias Generator = SeededGenerator

    /// Text that stresses string encoding: empty, non-BMP, combining marks, CJK,
    /// control characters, a byte order mark and lengths around the 15-unit limit.
    static let awkwardStrings: [String] = [
        "", "Acacia Ackles", "Steitz 131", "Zoë Ångström", "e\u{301}cole", "日本語のテキスト", "한국어",
        "😀 smile", "👩‍👩‍👧‍👦 family", "𝄞 clef", "tab\there\nnew line\r\"quoted\" \\ slash", "\u{0}nul\u{1}\u{1F}",
        "\u{7F}del", "\u{FEFF}bom", "fourteen chars", "fifteen chars!!", String(repeating: "long ", count: 60),
        String(repeating: "ü", count: 300), "<xml> & 'amp'", "Ω≈ç√∫",
    ]

    /// Dates with fractions, negative values and `Date.distantPast`.
    static let awkwardDates: [Double] = [
        ListKind.distantPast, 0, 1.5, -0.25, 0.1, 700_000_000.123456, 63_113_904_000, 1e-7,
    ]

    /// `count` people whose text cycles through `awkwardStrings`.
    static func people(_ count: Int, seed: UInt64 = 1) -> [Person] {
        var generator = Generator(state: seed)
        return (0..<count).map { index in
            Person(
                id: uuid(&generator),
                name: awkwardStrings[index % awkwardStrings.count],
                office: index % 3 == 0
                    ? "Briggs \(index % 500)" : awkwardStrings[(index * 7 + 3) % awkwardStrings.count])
        }
    }

    /// `count` bucket items with awkward text and dates.
    static func bucketItems(_ count: Int, seed: UInt64 = 2) -> [BucketItem] {
        var generator = Generator(state: seed)
        return (0..<count).map { index in
            BucketItem(
                id: uuid(&generator),
                name: awkwardStrings[(index * 3) % awkwardStrings.count],
                note: awkwardStrings[(index * 5 + 1) % awkwardStrings.count],
                completedDate: Date(timeIntervalSinceReferenceDate: awkwardDates[index % awkwardDates.count]))
        }
    }

    /// A random version 4 UUID.
    static func uuid(_ generator: inout Generator) -> UUID {
        let id = RecordID.random(using: &generator)
        return UUID(uuidString: id.description) ?? UUID()
    }

    /// The records `people` become.
    static func records(_ people: [Person]) -> [Record] {
        people.map { person in
            Record(id: recordID(person.id), values: [.text(person.name), .text(person.office)])
        }
    }

    /// The records `items` become.
    static func records(_ items: [BucketItem]) -> [Record] {
        items.map { item in
            Record(
                id: recordID(item.id),
                values: [.text(item.name), .text(item.note), .date(item.completedDate.timeIntervalSinceReferenceDate)])
        }
    }

    /// The record identifier of `uuid`.
    static func recordID(_ uuid: UUID) -> RecordID {
        RecordID(uuid.uuidString) ?? RecordID(high: 0, low: 0)
    }

    /// Reads `bytes` with the binary plist reader.
    static func decode(_ bytes: [UInt8], kind: ListKind? = nil) throws -> (
        kind: ListKind, records: [Record]
    ) {
        var builder = RecordBuilder(kind: kind)
        try bytes.span.withRawBytes { (raw) throws(FileFormatError) in
            try BinaryPlistRecordReader.read(raw, into: &builder)
        }
        let finished = builder.finish()
        return (finished.kind, finished.records.array)
    }

    /// Assembles a file from encoded objects (whose references are `refSize` bytes),
    /// with a correct offset table and trailer unless overridden.
    static func assemble(
        _ objects: [[UInt8]], top: Int = 0, refSize: UInt8 = 1, objectCount: UInt64? = nil,
        tableOffset: UInt64? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        let offsetSize = table > 0xFFFF ? 4 : table > 0xFF ? 2 : 1
        for offset in offsets {
            for shift in stride(from: (offsetSize - 1) * 8, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: offset >> shift))
            }
        }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), refSize]
        bytes += bigEndian(objectCount ?? UInt64(objects.count))
        bytes += bigEndian(UInt64(top))
        bytes += bigEndian(tableOffset ?? UInt64(table))
        return bytes
    }

    /// The 8 big-endian bytes of `value`.
    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    /// An ASCII string object.
    static func ascii(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        precondition(utf8.count < 15)
        return [0x50 | UInt8(utf8.count)] + utf8
    }
}
