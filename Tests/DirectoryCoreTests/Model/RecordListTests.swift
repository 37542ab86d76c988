import Testing

@testable import DirectoryCore

/// `RecordList` must behave exactly like `[Record]`, whether its records are still rows
/// of the table they were loaded into or kept whole after a change.
@Suite("Record list")
struct RecordListTests {
    static func people(_ count: Int, prefix: String = "Person") -> [Record] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { number in
            Record(
                id: .random(using: &generator),
                values: [.text("\(prefix) \(number) Zoë"), .text(number % 3 == 0 ? "" : "Room \(number)")])
        }
    }

    /// A list loaded from JSON, so its records are table rows.
    static func loaded(_ records: [Record]) throws -> RecordList {
        let bytes = JSONRecordWriter.write(records, kind: .person)
        return try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .json, kind: .person).records
    }

    @Test("records read from a file are table rows, and read back as the records written")
    func loadedRowsAreTableRows() throws {
        let records = Self.people(50)
        let list = try Self.loaded(records)
        #expect(list.array == records)
        #expect(list.indices.allSatisfy { list.tableRow(at: $0) != nil })
        #expect(list.indices.allSatisfy { list.key(at: $0) == records[$0].key })
        #expect(list.indices.allSatisfy { list.value(at: $0, field: 1) == records[$0].values[1] })
    }

    @Test("a record with extras or a value of the wrong kind is kept whole")
    func unusualRecordsKeptWhole() {
        var extra = Self.people(1)[0]
        extra.extras = [KeyedValue("color", .string("red"))]
        let list = RecordList(packing: [extra] + Self.people(2), kind: .person)
        #expect(list.tableRow(at: 0) == nil)
        #expect(list.tableRow(at: 1) != nil)
        #expect(list[0] == extra)
    }

    @Test("random edits give the same records as the same edits to an array", arguments: [1, 2, 3, 4])
    func behavesLikeAnArray(seed: Int) throws {
        var array = Self.people(300)
        var list = try Self.loaded(array)
        var generator = SystemRandomNumberGenerator()
        let fresh = Self.people(3000, prefix: "New \(seed)")
        for step in 0..<3000 {
            let count = array.count
            switch Int.random(in: 0..<8, using: &generator) {
            case 0:
                array.append(fresh[step])
                list.append(fresh[step])
            case 1 where count > 0:
                let index = Int.random(in: 0..<count, using: &generator)
                array[index].values[1] = .text("edited \(step)")
                list[index].values[1] = .text("edited \(step)")
            case 2 where count > 0:
                let index = Int.random(in: 0..<count, using: &generator)
                array.remove(at: index)
                list.remove(at: index)
            case 3:
                let index = Int.random(in: 0...count, using: &generator)
                array.insert(fresh[step], at: index)
                list.insert(fresh[step], at: index)
            case 4 where count > 1:
                let from = Int.random(in: 0..<count, using: &generator)
                let to = Int.random(in: 0..<count, using: &generator)
                array.insert(array.remove(at: from), at: to)
                list.move(from: from, to: to)
            case 5 where count > 0:
                let order = Array(array.indices).shuffled(using: &generator)
                array = order.map { array[$0] }
                list.reorder(order)
            case 6 where count > 2:
                let gone = Set((0..<3).map { _ in Int.random(in: 0..<count, using: &generator) })
                array = array.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
                list.remove(at: gone)
            default:
                if count > 1 {
                    array.swapAt(0, count - 1)
                    list.swapAt(0, count - 1)
                }
            }
            #expect(list.count == array.count)
        }
        #expect(list.array == array)
        #expect(list == RecordList(array))
        #expect(list.indices.allSatisfy { list.key(at: $0) == array[$0].key })
    }

    @Test("lists compare by their records, whatever holds them")
    func equality() throws {
        let records = Self.people(20)
        let loaded = try Self.loaded(records)
        #expect(loaded == RecordList(records))
        var changed = loaded
        changed[3].values[0] = .text("Other")
        #expect(changed != loaded)
        changed[3].values[0] = records[3].values[0]
        #expect(changed == loaded)
    }

    @Test("saving a list of table rows and changed records writes what saving the records whole writes")
    func mixedListWritesSameJSON() throws {
        var records = Self.people(40)
        records[5].values[0] = .text("Quote \" slash / back \\ tab \t bell \u{07} é")
        var list = try Self.loaded(records)
        list[7].values[1] = .text("Moved")
        list.insert(Self.people(1, prefix: "Inserted")[0], at: 2)
        #expect(JSONRecordWriter.write(list, kind: .person) == JSONRecordWriter.write(list.array, kind: .person))
        var pieces: [UInt8] = []
        JSONRecordWriter.write(list, kind: .person, pieceSize: 100) { pieces.append($0) }
        #expect(pieces == JSONRecordWriter.write(list.array, kind: .person))
    }
}
