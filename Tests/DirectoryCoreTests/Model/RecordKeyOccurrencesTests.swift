import Testing

@testable import DirectoryCore

/// How `RecordKey.numberOccurrences` numbers the records that share an id, against a
/// straightforward count, in one run and split in runs.
@Suite("Model: record key occurrences")
struct RecordKeyOccurrencesTests {
    /// What `numberOccurrences` must give for `ids`: each record's count of earlier records
    /// with its id, and the ids seen twice, in order of their second appearance.
    static func reference(_ ids: [RecordID]) -> (occurrences: [Int], repeated: [RecordID]) {
        var counts: [RecordID: Int] = [:]
        var occurrences: [Int] = []
        var repeated: [RecordID] = []
        for id in ids {
            let count = counts[id, default: 0]
            if count == 1 { repeated.append(id) }
            occurrences.append(count)
            counts[id] = count + 1
        }
        return (occurrences, repeated)
    }

    /// A list of `count` people with seeded random ids, some planted again later, some on one
    /// bit of the bit set (their halves xor to the same word); mixing table rows, records
    /// kept whole (some with a stale occurrence) and rows `new` added.
    static func list(seed: UInt64, count: Int) -> RecordList {
        var generator = SeededGenerator(state: seed)
        var ids: [RecordID] = []
        for _ in 0..<count {
            let draw = generator.next() % 16
            if draw < 2, !ids.isEmpty {
                ids.append(ids[Int(generator.next() % UInt64(ids.count))])
            } else if draw == 2 {
                let high = generator.next() % 64
                ids.append(RecordID(high: high, low: high ^ 0x5A5A))
            } else {
                ids.append(RecordID(high: generator.next(), low: generator.next()))
            }
        }
        let tableRows = count * 2 / 3
        var list = RecordList(
            packing: ids[..<tableRows].map { Record(id: $0, values: [.text("A Person"), .text("Briggs 1")]) },
            kind: .person)
        for id in ids[tableRows...] {
            if generator.next() % 2 == 0 {
                list.appendNew(id: id, title: "New Person", kind: .person)
            } else {
                var record = Record(id: id, values: [.text("Kept Whole"), .text("Steitz 2")])
                record.occurrence = Int(generator.next() % 3)
                list.append(record)
            }
        }
        for _ in 0..<(count / 20) {
            let index = Int(generator.next() % UInt64(count))
            var record = list[index]
            record.occurrence = Int(generator.next() % 4)
            list[index] = record
        }
        return list
    }

    @Test(
        "records are numbered as a plain count numbers them, in one run or several",
        arguments: [1, 2, 3, 4] as [UInt64], [1, 2, 3])
    func numberingMatchesCount(seed: UInt64, parts: Int) {
        var list = Self.list(seed: seed, count: 5_000)
        let ids = (0..<list.count).map { list.id(at: $0) }
        let expected = Self.reference(ids)
        let split = RecordReadSplit(parts: parts, minimumRecords: 1)
        let repeated = RecordKey.numberOccurrences(in: &list, split: split)
        #expect(repeated == expected.repeated)
        #expect((0..<list.count).map { list.key(at: $0).occurrence } == expected.occurrences)
        #expect((0..<list.count).map { list.id(at: $0) } == ids)
        #expect(!expected.repeated.isEmpty)
    }

    @Test("ids that all take one bit are told apart", arguments: [1, 2])
    func idsOnOneBit(parts: Int) {
        let ids = (0..<3_000).map { number in RecordID(high: UInt64(number), low: UInt64(number) ^ 0xFF) }
        var list = RecordList(ids.map { Record(id: $0, values: []) } + [Record(id: ids[7], values: [])])
        let repeated = RecordKey.numberOccurrences(in: &list, split: RecordReadSplit(parts: parts, minimumRecords: 1))
        #expect(repeated == [ids[7]])
        #expect(list.key(at: 3_000).occurrence == 1)
        #expect((0..<3_000).allSatisfy { list.key(at: $0).occurrence == 0 })
    }
}
