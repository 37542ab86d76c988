import Foundation
import Testing

@testable import DirectoryCore

/// The JSON codec against Foundation on this machine: what `JSONEncoder` and
/// `JSONSerialization` write reads back the same, and what the writer writes
/// `JSONDecoder` reads back the same; strings, dates and data are written byte
/// for byte as `JSONEncoder` writes them.
struct JSONFoundationDifferentialTests {
    typealias Person = AppPerson

    typealias BucketItem = AppBucketItem

    private static func uuid(_ id: RecordID) -> UUID {
        UUID(uuidString: id.description) ?? UUID()
    }

    private static func people(count: Int, seed: UInt64) -> [Person] {
        var generator = JSONTestGenerator(seed: seed)
        return (0..<count).map { _ in
            Person(
                id: uuid(.random(using: &generator)),
                name: JSONTestSupport.hostileString(using: &generator),
                office: JSONTestSupport.hostileString(using: &generator))
        }
    }

    private static func items(count: Int, seed: UInt64) -> [BucketItem] {
        var generator = JSONTestGenerator(seed: seed)
        return (0..<count).map { _ in
            BucketItem(
                id: uuid(.random(using: &generator)),
                name: JSONTestSupport.hostileString(using: &generator),
                note: JSONTestSupport.hostileString(using: &generator),
                completedDate: Date(timeIntervalSinceReferenceDate: JSONTestSupport.seconds(using: &generator)))
        }
    }

    @Test("reads what JSONEncoder writes for people")
    func readsWhatJSONEncoderWritesForPeople() throws {
        let people = Self.people(count: 400, seed: 1)
        let (kind, records) = try JSONTestSupport.read(Array(try JSONEncoder().encode(people)))
        #expect(kind == .person)
        #expect(
            records.map {
                Person(id: Self.uuid($0.id), name: $0.values[0].text ?? "?", office: $0.values[1].text ?? "?")
            } == people)
        #expect(records.allSatisfy { $0.extras.isEmpty })
    }

    @Test("reads what JSONEncoder writes for bucket items")
    func readsWhatJSONEncoderWritesForBucketItems() throws {
        let items = Self.items(count: 400, seed: 2)
        let (kind, records) = try JSONTestSupport.read(Array(try JSONEncoder().encode(items)))
        #expect(kind == .bucket)
        for (item, record) in zip(items, records) {
            #expect(record.id.description == item.id.uuidString)
            #expect(record.values[0] == .text(item.name))
            #expect(record.values[1] == .text(item.note))
            #expect(record.values[2].date?.bitPattern == item.completedDate.timeIntervalSinceReferenceDate.bitPattern)
        }
        #expect(records.count == items.count)
    }

    @Test("JSONDecoder reads what the writer writes")
    func jsonDecoderReadsWhatTheWriterWrites() throws {
        let people = Self.people(count: 400, seed: 3)
        let personRecords = people.map {
            Record(
                id: RecordID($0.id.uuidString) ?? RecordID(high: 0, low: 0), values: [.text($0.name), .text($0.office)])
        }
        let peopleBytes = JSONRecordWriter.write(personRecords, kind: .person)
        #expect(try JSONDecoder().decode([Person].self, from: Data(peopleBytes)) == people)

        let items = Self.items(count: 400, seed: 4)
        let itemRecords = items.map {
            Record(
                id: RecordID($0.id.uuidString) ?? RecordID(high: 0, low: 0),
                values: [.text($0.name), .text($0.note), .date($0.completedDate.timeIntervalSinceReferenceDate)])
        }
        let itemBytes = JSONRecordWriter.write(itemRecords, kind: .bucket)
        let decoded = try JSONDecoder().decode([BucketItem].self, from: Data(itemBytes))
        #expect(decoded == items)
        #expect(
            zip(decoded, items).allSatisfy {
                $0.completedDate.timeIntervalSinceReferenceDate.bitPattern
                    == $1.completedDate.timeIntervalSinceReferenceDate.bitPattern
            })
    }

    @Test("strings, dates and data are written byte for byte as JSONEncoder writes them")
    func stringsDatesAndDataAreWrittenByteForByteAsJSONEncoderDoes() throws {
        var generator = JSONTestGenerator(seed: 5)
        let encoder = JSONEncoder()
        for _ in 0..<500 {
            let text = JSONTestSupport.hostileString(using: &generator)
            var ours: [UInt8] = []
            JSONStringEscaper.appendQuoted(text, to: &ours)
            #expect(ours == Array(try encoder.encode(text)), "\(text.debugDescription)")

            let seconds = JSONTestSupport.seconds(using: &generator)
            ours = []
            JSONNumberWriter.appendSeconds(seconds, to: &ours)
            #expect(ours == Array(try encoder.encode(seconds)), "\(seconds)")
            #expect(ours == Array(try encoder.encode(Date(timeIntervalSinceReferenceDate: seconds))), "\(seconds)")

            let bytes = (0..<Int.random(in: 0..<20, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            ours = []
            JSONValueWriter.append(.data(bytes), to: &ours)
            #expect(ours == Array(try encoder.encode(Data(bytes))))
        }
    }

    @Test("extras come back unchanged through JSONSerialization")
    func extrasRoundTripThroughJSONSerialization() throws {
        var generator = JSONTestGenerator(seed: 6)
        let records = (0..<200).map { _ in
            Record(
                id: .random(using: &generator), values: [.text("n"), .text("o")],
                extras: (0..<3).map { KeyedValue("x\($0)", JSONTestSupport.propertyValue(using: &generator)) })
        }
        let ours = JSONRecordWriter.write(records, kind: .person)
        // Foundation reads what we write, and writes it back (in its own key order) to something we read the same.
        let object = try JSONSerialization.jsonObject(with: Data(ours))
        let theirs = try JSONSerialization.data(withJSONObject: object)
        let (_, reread) = try JSONTestSupport.read(Array(theirs), kind: .person)
        #expect(reread.count == records.count)
        for (original, copy) in zip(records, reread) {
            #expect(copy.id == original.id)
            #expect(Self.canonical(.dictionary(copy.extras)) == Self.canonical(.dictionary(original.extras)))
        }
    }

    /// `value` with dictionary keys sorted and each `.real` that holds a whole number made an
    /// `.integer`, since `JSONSerialization` keeps neither key order nor a `.0`; and without
    /// U+FEFF, which `JSONSerialization` on Linux drops from strings (`JSONDecoder` keeps it).
    private static func canonical(_ value: PropertyValue) -> PropertyValue {
        switch value {
        case .numberText(let text):
            if let number = Int64(text) { return .integer(number) }
            return canonical(.real(Double(text) ?? .nan))
        case .string(let text):
            return .string(text.replacingOccurrences(of: "\u{FEFF}", with: ""))
        case .real(let number) where number == number.rounded() && number.magnitude < 9e15:
            return .integer(Int64(number))
        case .array(let elements):
            return .array(elements.map(canonical))
        case .dictionary(let members):
            return .dictionary(
                members.map {
                    KeyedValue($0.key.replacingOccurrences(of: "\u{FEFF}", with: ""), canonical($0.value))
                }.sorted { $0.key < $1.key })
        default:
            return value
        }
    }
}
