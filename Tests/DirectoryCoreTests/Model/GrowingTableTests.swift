import Testing

@testable import DirectoryCore

/// The records `new` adds go into the list's growing table instead of being kept whole as
/// `Record`s. Whatever is done to them, the list must hold exactly the records `new` would
/// have made, know where each stands, and save them as it saves the same records kept whole.
@Suite("Record list: the growing table of new records")
struct GrowingTableTests {
    /// The record `new` makes: `kind`'s defaults, `title` in its title field.
    static func made(_ id: RecordID, _ title: String?, kind: ListKind) -> Record {
        var values = kind.defaultValues
        if let title { values[kind.titleField] = .text(title) }
        return Record(id: id, values: values)
    }

    @Test(
        "records added by new are rows of the growing table and read back as new makes them",
        arguments: ["person", "bucket"])
    func newRecordsAreGrowingRows(kindName: String) throws {
        let kind = try #require(ListKind.all.first { $0.name == kindName })
        var generator = SystemRandomNumberGenerator()
        var list = try RecordListTests.loaded(RecordListTests.people(3))
        var array = list.array
        if kind != .person {
            list = RecordList()
            array = []
        }
        for title in ["Zoë Ackles", nil, "", "A name of more than sixteen bytes, é and 😀", "x"] as [String?] {
            let id = RecordID.random(using: &generator)
            list.appendNew(id: id, title: title, kind: kind)
            array.append(Self.made(id, title, kind: kind))
        }
        #expect(list.array == array)
        #expect(list.indices.allSatisfy { list.key(at: $0) == array[$0].key && list.id(at: $0) == array[$0].id })
        #expect(
            (list.count - 5..<list.count).allSatisfy { list.growingRow(at: $0) != nil && list.tableRow(at: $0) == nil })
        for field in kind.fields.indices {
            #expect(list.indices.allSatisfy { list.value(at: $0, field: field) == array[$0].values[field] })
        }
        #expect(list.hasText("x", at: list.count - 1, field: kind.titleField))
        #expect(!list.hasText("y", at: list.count - 1, field: kind.titleField))
        #expect(!list.hasText("", at: list.count - 1, field: kind.fields.count - 1) || kind.fields.last?.isText == true)
    }

    @Test("the newest row changes in place; an older one is made whole, as a table row is")
    func exchangeValue() throws {
        var generator = SystemRandomNumberGenerator()
        let kind = ListKind.bucket
        var list = RecordList()
        var array: [Record] = []
        for title in ["One", "Two"] {
            let id = RecordID.random(using: &generator)
            list.appendNew(id: id, title: title, kind: kind)
            array.append(Self.made(id, title, kind: kind))
        }
        let edits: [(index: Int, field: Int, value: FieldValue)] = [
            (1, 0, .text("Second, renamed with é")), (1, 1, .text("a note")), (1, 2, .date(12_345.5)),
            (1, 0, .text("")), (1, 1, .text("a much longer note than the one before it")), (0, 1, .text("first")),
            (1, 2, .date(ListKind.distantPast)),
        ]
        for edit in edits {
            let old = list.exchangeValue(at: edit.index, field: edit.field, with: edit.value)
            #expect(old == array[edit.index].values[edit.field])
            array[edit.index].values[edit.field] = edit.value
            #expect(list.array == array)
        }
        #expect(list.growingRow(at: 0) == nil)
        #expect(list.growingRow(at: 1) != nil)
        #expect(list.recordsKeptWhole.map(\.index).sorted() == [0, 1])
    }

    @Test(
        "random edits among new records give the same records and places as an array", arguments: [1, 2, 3] as [UInt64])
    func behavesLikeAnArray(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        var array = RecordListTests.people(200)
        var list = try RecordListTests.loaded(array)
        var made: [RecordKey] = []
        for step in 0..<3000 {
            let count = array.count
            func anyIndex() -> Int { Int.random(in: 0..<count, using: &generator) }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1, 2:
                let id = RecordID.random(using: &generator)
                let title = step % 5 == 0 ? nil : "New \(step) Zoë"
                list.appendNew(id: id, title: title, kind: .person)
                array.append(Self.made(id, title, kind: .person))
                made.append(RecordKey(id: id))
            case 3 where count > 0:
                let index = Bool.random(using: &generator) ? count - 1 : anyIndex()
                let field = Int.random(in: 0...1, using: &generator)
                let old = list.exchangeValue(at: index, field: field, with: .text("set \(step)"))
                #expect(old == array[index].values[field])
                array[index].values[field] = .text("set \(step)")
            case 4 where count > 0:
                let index = anyIndex()
                array.remove(at: index)
                list.remove(at: index)
            case 5 where count > 1:
                let (from, to) = (anyIndex(), anyIndex())
                array.insert(array.remove(at: from), at: to)
                list.move(from: from, to: to)
            case 6 where count > 0 && step % 100 == 0:
                let order = Array(array.indices).shuffled(using: &generator)
                array = order.map { array[$0] }
                list.reorder(order)
            case 7 where count > 2:
                let gone = Set((0..<3).map { _ in anyIndex() })
                array = array.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
                list.remove(at: gone)
            case 8 where count > 1:
                let (first, second) = (anyIndex(), anyIndex())
                array.swapAt(first, second)
                list.swapAt(first, second)
            default:
                // Many new records, then most of them removed: the list drops the rows no slot names.
                guard step % 500 == 499 else { continue }
                for number in 0..<2500 {
                    let id = RecordID.random(using: &generator)
                    list.appendNew(id: id, title: "Bulk \(number)", kind: .person)
                    array.append(Self.made(id, "Bulk \(number)", kind: .person))
                }
                let gone = Set(array.indices.filter { $0 % 5 != 0 })
                array = array.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
                list.remove(at: gone)
            }
            #expect(list.count == array.count)
            if step % 50 == 0 || step == 2999 {
                #expect(list.array == array, "step \(step)")
                let probes = Array(made.suffix(8)) + (array.isEmpty ? [] : [array[0].key, array[array.count - 1].key])
                RecordListPositionsTests.expectAgreement(list, probes: probes, step: step)
            }
        }
        #expect(list.array == array)
        #expect(list.growing.count < 3 * array.count + 2500)
    }

    @Test("saving new records writes what saving them kept whole writes", arguments: ["person", "bucket"])
    func newRecordsWriteSameJSON(kindName: String) throws {
        let kind = try #require(ListKind.all.first { $0.name == kindName })
        var generator = SystemRandomNumberGenerator()
        let loaded = try RecordCodec.decode(
            RawSpan(
                _elements: JSONRecordWriter.write(kind == .person ? RecordListTests.people(20) : [], kind: kind).span),
            format: .json, kind: kind
        ).records
        for var list in [loaded, RecordList()] {
            for number in 0..<30 {
                list.appendNew(
                    id: .random(using: &generator), title: number % 4 == 0 ? nil : "Quote \" tab \t é \(number)",
                    kind: kind)
                if number % 3 == 0 {
                    _ = list.exchangeValue(at: list.count - 1, field: 1, with: .text("Room \\ \(number) \u{07}"))
                }
                if kind == .bucket, number % 5 == 0 {
                    _ = list.exchangeValue(at: list.count - 1, field: 2, with: .date(Double(number) * 86_400.25))
                }
            }
            let whole = JSONRecordWriter.write(list.array, kind: kind)
            #expect(JSONRecordWriter.write(list, kind: kind) == whole)
            var pieces: [UInt8] = []
            JSONRecordWriter.write(list, kind: kind, pieceSize: 100) { pieces.append($0) }
            #expect(pieces == whole)
        }
    }
}
