import Testing

@testable import DirectoryCore

/// `RecordKeySet` and `BaselineTable`, checked against `Set` and `Dictionary`
/// through long runs of insertions and removals.
@Suite("Session: record key set and baseline table")
struct RecordKeySetTests {
    @Test("insert, remove and contains answer as Set does, through growth and removals that shift keys back")
    func matchesSet() {
        var generator = SeededGenerator(state: 11)
        var keys = RecordKeySet()
        var reference = Set<RecordKey>()
        // Few distinct ids with many occurrences: long probe runs, so removals move keys back.
        let pool = (0..<600).map { number in
            RecordKey(id: RecordID(high: UInt64(number % 7), low: 0), occurrence: number)
        }
        for step in 0..<40_000 {
            let key = pool[Int(generator.next() % UInt64(pool.count))]
            if generator.next() % 3 == 0 {
                keys.remove(key)
                reference.remove(key)
            } else {
                keys.insert(key)
                reference.insert(key)
            }
            if step % 500 == 0 {
                #expect(keys.count == reference.count)
                #expect(pool.allSatisfy { keys.contains($0) == reference.contains($0) })
            }
        }
        #expect(Set(keys) == reference)
        #expect(keys.count == reference.count)
    }

    @Test("room reserved holds every key already in the set and as many more as asked")
    func reserveKeepsKeys() {
        var keys = RecordKeySet()
        let all = (0..<1_000).map { RecordKey(id: RecordID(high: UInt64($0), low: 7)) }
        for key in all.prefix(10) { keys.insert(key) }
        keys.reserveCapacity(1_000)
        #expect(all.prefix(10).allSatisfy { keys.contains($0) })
        for key in all { keys.insert(key) }
        #expect(keys.count == 1_000)
        #expect(all.allSatisfy { keys.contains($0) })
        #expect(!keys.contains(RecordKey(id: RecordID(high: 0, low: 8))))
    }

    @Test("the baseline table answers as the dictionary it replaces")
    func baselineMatchesDictionary() {
        var generator = SeededGenerator(state: 5)
        var table: BaselineTable = [:]
        var reference: [RecordKey: Baseline] = [:]
        let keys = (0..<300).map { RecordKey(id: RecordID(high: UInt64($0), low: 1)) }
        for _ in 0..<10_000 {
            let key = keys[Int(generator.next() % 300)]
            let record = Record(id: key.id, values: [.text("\(generator.next() % 5)")])
            switch generator.next() % 5 {
            case 0:
                table[key] = nil
                reference[key] = nil
            case 1:
                table[key] = .absent
                reference[key] = .absent
            case 2:
                table[key] = .present(record)
                reference[key] = .present(record)
            case 3:
                table.noteAdded(key)
                if reference[key] == nil { reference[key] = .absent }
            default:
                table.noteSaved(record)
                if reference[key] == nil { reference[key] = .present(record) }
            }
        }
        #expect(keys.allSatisfy { table[$0] == reference[$0] })
        #expect(table.count == reference.count)
        #expect(table.isEmpty == reference.isEmpty)
        #expect(table.savedCount == reference.values.filter { $0 != .absent }.count)
        #expect(Set(table.keys) == Set(reference.keys))
        #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }) == reference)
    }

    @Test("the record key map answers as a dictionary does, through growth and keys removed and set again")
    func mapMatchesDictionary() {
        var generator = SeededGenerator(state: 13)
        var map = RecordKeyMap<Int>()
        var reference: [RecordKey: Int] = [:]
        // Few distinct ids with many occurrences: long probe runs past removed keys.
        let pool = (0..<900).map { number in
            RecordKey(id: RecordID(high: UInt64(number % 5), low: 3), occurrence: number)
        }
        for step in 0..<30_000 {
            let key = pool[Int(generator.next() % UInt64(pool.count))]
            if generator.next() % 3 == 0 {
                #expect(map.removeValue(forKey: key) == reference.removeValue(forKey: key))
            } else {
                let value = Int(generator.next() % 1_000)
                map[key] = value
                reference[key] = value
            }
            if step % 1_000 == 0 {
                #expect(map.count == reference.count)
                #expect(pool.allSatisfy { map[$0] == reference[$0] })
            }
        }
        #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == reference)
        #expect(Set(map.keys) == Set(reference.keys))
        #expect(map.isEmpty == reference.isEmpty)
        var reserved = RecordKeyMap<Int>(minimumCapacity: 100)
        for (position, key) in pool.prefix(100).enumerated() { reserved[key] = position }
        #expect(pool.prefix(100).enumerated().allSatisfy { reserved[$1] == $0 })
        #expect(reserved[pool[100]] == nil)
    }
}
