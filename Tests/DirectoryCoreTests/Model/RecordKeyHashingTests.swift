import Testing

@testable import DirectoryCore

/// How `RecordKey`s are hashed, and how records that share an id are numbered.
@Suite("Model: record key hashing and numbering")
struct RecordKeyHashingTests {
    @Test("records that share an id are numbered in order, whatever else the list holds")
    func numbering() {
        var generator = SeededGenerator(state: 7)
        let shared = RecordID(high: 0, low: 0)
        let folded = RecordID(high: 5, low: 5)  // its halves fold to the same word as `shared`
        var records = (0..<3_000).map { _ in
            Record(id: RecordID(high: generator.next(), low: generator.next()), values: [])
        }
        records.insert(Record(id: shared, values: []), at: 10)
        records.insert(Record(id: folded, values: []), at: 20)
        records.insert(Record(id: shared, values: []), at: 2_000)
        records.append(Record(id: shared, values: []))
        let repeated = RecordKey.numberOccurrences(in: &records)
        #expect(repeated == [shared])
        #expect(records.filter { $0.id == shared }.map(\.occurrence) == [0, 1, 2])
        #expect(records.filter { $0.id != shared }.allSatisfy { $0.occurrence == 0 })
    }

    @Test("equal keys hash alike; keys that differ only in occurrence or a half spread out")
    func keyHashing() {
        let id = RecordID(high: 42, low: 7)
        #expect(RecordKey(id: id).hash(seed: 3) == RecordKey(id: id).hash(seed: 3))
        let keys = (0..<1_000).flatMap { number in
            [
                RecordKey(id: id, occurrence: number),
                RecordKey(id: RecordID(high: UInt64(number), low: 7)),
                RecordKey(id: RecordID(high: 42, low: UInt64(number) << 40)),
            ]
        }
        for seed in [0, 1, 4095, 1 << 40] {
            let buckets = Set(keys.map { $0.hash(seed: seed) & 4095 })
            // 3,000 keys spread over 4,096 buckets fill about 2,130 of them (sd about 15).
            #expect(buckets.count > 2_000)
        }
    }
}
