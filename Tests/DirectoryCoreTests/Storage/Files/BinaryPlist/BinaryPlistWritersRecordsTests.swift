import Testing

@testable import DirectoryCore

/// The writer's records read on their own path (`BinaryPlistRecordScan.readWritersRecords`)
/// read exactly as the general reading reads them: the same records, table, objects, key
/// orders, proof and errors, for the writer's files and for any byte of one changed.
@Suite("Binary plist: the writer's records read on their own path")
struct BinaryPlistWritersRecordsTests {
    /// `count` people as `BinaryPlistLayoutProofTests.people` makes them, and now and then a
    /// name that is also the office (one string object for both fields).
    static func people(_ count: Int, using generator: inout SeededGenerator) -> [Record] {
        var people = BinaryPlistLayoutProofTests.people(count, using: &generator)
        for index in people.indices where generator.next() % 7 == 0 {
            let name = people[index].values[0]
            people[index] = Record(id: people[index].id, values: [name, name])
        }
        return people
    }

    /// Expects `bytes` to read the same on both paths, on one thread and in 2, 3 and 5 runs.
    static func expectSameOnBothPaths(
        _ bytes: [UInt8], _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> BinaryPlistRunsTests.Outcome {
        let general = BinaryPlistRunsTests.read(bytes, kind: nil, split: .oneThread, writersRecords: false)
        for parts in [1, 2, 3, 5] {
            let split = parts == 1 ? RecordReadSplit.oneThread : RecordReadSplit(parts: parts, minimumRecords: 1)
            let own = BinaryPlistRunsTests.read(bytes, kind: nil, split: split)
            #expect(own == general, "\(context), \(parts) parts", sourceLocation: sourceLocation)
        }
        return general
    }

    @Test("the writer's files read the same on both paths and are proven, on one thread and in runs")
    func writersFiles() throws {
        var generator = SeededGenerator(state: 471)
        for count in [1, 2, 3, 15, 300, 2_000] {
            let bytes = RecordCodec.encode(Self.people(count, using: &generator), kind: .person, format: .binaryPlist)
            let outcome = Self.expectSameOnBothPaths(bytes, "\(count) people")
            #expect(outcome.error == nil && outcome.layout != nil, "\(count) people")
        }
    }

    @Test("a writer's file with any one byte changed reads the same on both paths: the same records or error")
    func everyByteChanged() {
        var generator = SeededGenerator(state: 472)
        let bytes = RecordCodec.encode(Self.people(14, using: &generator), kind: .person, format: .binaryPlist)
        var errors = 0
        for offset in 8..<bytes.count {
            let byte = bytes[offset]
            for replacement in Set([0x00, 0xFF, byte ^ 0x01, byte &+ 1, byte ^ 0x20]) where replacement != byte {
                var changed = bytes
                changed[offset] = replacement
                let general = BinaryPlistRunsTests.read(changed, kind: nil, split: .oneThread, writersRecords: false)
                let own = BinaryPlistRunsTests.read(changed, kind: nil, split: .oneThread)
                #expect(own == general, "byte \(offset) set to \(replacement)")
                if general.error != nil { errors += 1 }
            }
        }
        // The changes reach the objects the path checks, not only text: some make the file unreadable.
        #expect(errors > 100)
    }

    @Test("the writer's records after the first two are read on the writer's path, up to a new string in UTF-16")
    func pathTaken() throws {
        // The first record, read before the kind is known, leaves its strings out of the
        // caches: it has strings of its own.
        var ascii = (0..<40).map { index in
            Record(
                id: RecordID(high: UInt64(index) &* 0x9E37_79B9_7F4A_7C15, low: UInt64(index)),
                values: [.text("Person \(index % 9)"), .text("Briggs \(index % 5)")])
        }
        ascii[0] = Record(id: ascii[0].id, values: [.text("First"), .text("Only")])
        #expect(try Self.writersPathEnd(RecordCodec.encode(ascii, kind: .person, format: .binaryPlist)) == 40)
        var mixed = ascii
        mixed[25] = Record(id: mixed[25].id, values: [.text("Zoë"), .text("Briggs 1")])
        mixed[31] = Record(id: mixed[31].id, values: [.text("Zoë"), .text("Briggs 1")])
        // The new string in UTF-16 stops the path; once read, the same string does not.
        let bytes = RecordCodec.encode(mixed, kind: .person, format: .binaryPlist)
        #expect(try Self.writersPathEnd(bytes) == 25)
        #expect(try Self.writersPathEnd(bytes, from: 26) == 40)
        _ = Self.expectSameOnBothPaths(bytes, "mixed")
    }

    /// Where the writer's path stops in `bytes`, read from `start` after the records before
    /// it were read the general way (the first proven and the second anchoring the proof).
    @Test(
        "shared texts read the same when the text pool fills or the cache has one slot",
        arguments: [(1, 1 << 20), (64, 0), (64, 40), (1 << 16, 1 << 20)])
    func textCacheLimits(slots: Int, poolLimit: Int) throws {
        var generator = SeededGenerator(state: 473)
        let bytes = RecordCodec.encode(Self.people(600, using: &generator), kind: .person, format: .binaryPlist)
        let general = BinaryPlistRunsTests.read(bytes, kind: nil, split: .oneThread, writersRecords: false)
        let table = try BinaryPlistObjectTable(bytes.span)
        let top = try table.object(table.trailer.topObject)
        var scan = try BinaryPlistRecordScan(table: table, top: top)
        scan.textCache = BinaryPlistTextCache(slots: slots, poolLimit: poolLimit)
        var builder = RecordBuilder(kind: nil, fallback: .person, sizeHint: bytes.count)
        try scan.read(0..<1, into: &builder)
        let kind = try #require(builder.kind)
        scan.proof = BinaryPlistLayoutProof.first(table: table, top: top, kind: kind).continued()
        try scan.read(1..<top.count, into: &builder)
        let list = builder.finish().records
        let rows = try #require(list.table)
        #expect(String(reflecting: list.array) == general.list.records)
        let laidOut = ReadListSnapshot(kind: kind, list: list)
        #expect(laidOut.bytes == general.list.bytes)
        #expect(laidOut.starts == general.list.starts)
        #expect(rows.valueObjects == general.valueObjects)
        #expect(rows.keyOrders == general.list.keyOrders)
        #expect(scan.textCache.pool.count <= poolLimit)
    }

    static func writersPathEnd(_ bytes: [UInt8], from start: Int = 2) throws -> Int {
        let table = try BinaryPlistObjectTable(bytes.span)
        let top = try table.object(table.trailer.topObject)
        var scan = try BinaryPlistRecordScan(table: table, top: top)
        var builder = RecordBuilder(kind: nil, fallback: .person, sizeHint: bytes.count)
        try scan.read(0..<1, into: &builder)
        let kind = try #require(builder.kind)
        scan.proof = BinaryPlistLayoutProof.first(table: table, top: top, kind: kind).continued()
        scan.readsWritersRecords = false
        try scan.read(1..<start, into: &builder)
        scan.readsWritersRecords = true
        return try scan.readWritersRecords(start..<top.count, into: &builder)
    }
}
