import Testing

@testable import DirectoryCore

/// Joining two built lists gives the list one builder gives the same records, or refuses
/// (changing nothing) when that cannot be promised.
@Suite("Record table: joining")
struct RecordTableJoiningTests {
    /// A record as a reader hands it to the builder: its values, the order its keys were
    /// read in, and the objects its values were read from.
    struct Read {
        var record: Record
        var order: KeyOrder.Packed
        var objects: [UInt32]
    }

    /// `count` people with a few key orders, some with extras or objects.
    static func reads(_ count: Int, using generator: inout SeededGenerator) -> [Read] {
        let orders: [[UInt8]] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [2, 1, 0]]
        return (0..<count).map { index in
            var record = Record(
                id: .random(using: &generator), values: [.text("Name \(index % 7)"), .text("Ö \(index)")])
            var order = KeyOrder.Packed()
            for code in orders[Int(generator.next() % 4)] { order.append(code) }
            if generator.next() % 8 == 0 { record.extras = [KeyedValue("color", .string("red"))] }
            let objects: [UInt32] =
                generator.next() % 3 == 0
                ? [] : [UInt32(index % 7), generator.next() % 2 == 0 ? RecordTable.noObject : 90]
            return Read(record: record, order: order, objects: objects)
        }
    }

    /// A builder given `reads`.
    static func built(_ reads: ArraySlice<Read>, reserving rows: Int = 0) -> RecordList.Builder {
        var builder = RecordList.Builder(kind: .person, rows: rows, bytes: rows * 16)
        for read in reads {
            guard read.record.extras.isEmpty else {
                builder.append(read.record)
                continue
            }
            builder.append(
                id: read.record.id, texts: [nil, nil], in: RawSpan(), values: read.record.values, order: read.order,
                objects: read.objects)
        }
        return builder
    }

    /// What a finished list holds, for comparing.
    static func contents(_ list: RecordList) -> [String] {
        let table = list.table
        return [
            String(reflecting: list.array), String(reflecting: list.indices.map { list.tableRow(at: $0) }),
            String(reflecting: table?.keyOrders), String(reflecting: table?.rowOrders),
            String(reflecting: table?.valueObjects), String(reflecting: table?.valueObjectBound),
            String(reflecting: table?.starts), String(reflecting: table?.bytes),
            String(reflecting: list.recordsKeptWhole.map(\.index)),
        ]
    }

    @Test("two builders joined at any record give what one builder gives")
    func joinsAtAnyRecord() {
        var generator = SeededGenerator(state: 3)
        let reads = Self.reads(40, using: &generator)
        let whole = Self.contents(Self.built(reads[...]).finish())
        for cut in 0...reads.count {
            var first = Self.built(reads[..<cut])
            let joined = first.append(contentsOf: Self.built(reads[cut...]))
            #expect(joined)
            #expect(Self.contents(first.finish()) == whole, "cut at \(cut)")
        }
    }

    @Test("two builders joined with the ids and bytes copied on a second thread give what one builder gives")
    func joinsOnTwoThreads() {
        var generator = SeededGenerator(state: 34)
        for count in [2, 41, 3_000] {
            let reads = Self.reads(count, using: &generator)
            let whole = Self.contents(Self.built(reads[...]).finish())
            for cut in [1, count / 3, count / 2, count - 1] {
                var first = Self.built(reads[..<cut])
                // Room made from the size, as a reader makes it, so the copies go in place.
                if cut == count / 2 { first = Self.built(reads[..<cut], reserving: count) }
                let joined = first.append(contentsOf: Self.built(reads[cut...]), twoThreadsFrom: 1)
                #expect(joined)
                #expect(Self.contents(first.finish()) == whole, "\(count) records cut at \(cut)")
            }
        }
    }

    @Test("a join that would hold more key orders than a table can is refused, changing nothing")
    func refusesTooManyOrders() {
        var generator = SeededGenerator(state: 5)
        var reads = Self.reads(300, using: &generator)
        // 300 orders of eight codes, each its own.
        for index in reads.indices {
            var order = KeyOrder.Packed()
            for code in [0, 1, 2] + (0..<5).map({ UInt8((index >> ($0 * 2)) & 3) }) { order.append(code) }
            reads[index].order = order
            reads[index].record.extras = []
        }
        var first = Self.built(reads[..<200])
        let before = Self.contents(first.finish())
        let joined = first.append(contentsOf: Self.built(reads[200...]))
        #expect(!joined)
        #expect(Self.contents(first.finish()) == before)
        // A run whose own table was full kept a record whole that a row could hold.
        var small = Self.built(reads[..<10])
        let smallJoined = small.append(contentsOf: Self.built(reads[10...]))
        #expect(!smallJoined)
    }
}
