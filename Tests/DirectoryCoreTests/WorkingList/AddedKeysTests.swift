import Testing

@testable import DirectoryCore

/// `AddedKeys`, which takes keys in a list and hashes them only when asked: checked against
/// `Set` through insertions, removals and look-ups in any order, and through copies.
@Suite("Session: the added records' keys")
struct AddedKeysTests {
    @Test("insert, remove, contains and count answer as Set does, whenever they are asked")
    func matchesSet() {
        var generator = SeededGenerator(state: 17)
        var keys = AddedKeys()
        var reference = Set<RecordKey>()
        // Few distinct ids with many occurrences: keys come again while waiting and once hashed.
        let pool = (0..<400).map { number in
            RecordKey(id: RecordID(high: UInt64(number % 9), low: 2), occurrence: number)
        }
        for step in 0..<20_000 {
            let key = pool[Int(generator.next() % UInt64(pool.count))]
            switch generator.next() % 7 {
            case 0:
                keys.remove(key)
                reference.remove(key)
            case 1:
                #expect(keys.contains(key) == reference.contains(key))
            default:
                keys.insert(key)
                reference.insert(key)
            }
            #expect(keys.isEmpty == reference.isEmpty)
            if step % 400 == 0 { #expect(keys.count == reference.count) }
        }
        #expect(Set(keys) == reference)
        #expect(pool.allSatisfy { keys.contains($0) == reference.contains($0) })
    }

    @Test("a copy keeps the keys it was made with, whichever of the two is changed or asked first")
    func copiesAreValues() {
        let first = RecordKey(id: RecordID(high: 1, low: 1))
        let second = RecordKey(id: RecordID(high: 2, low: 2))
        var keys = AddedKeys()
        keys.insert(first)
        var copy = keys
        copy.insert(second)
        #expect(copy.contains(second))
        #expect(!keys.contains(second))
        #expect(keys.contains(first))
        let asked = copy
        #expect(asked.count == 2)  // hashes the listed keys into the table the two share
        copy.remove(first)
        #expect(asked.contains(first))
        #expect(!copy.contains(first))
        #expect(Set(asked) == [first, second])
        #expect(Set(copy) == [second])
        #expect(AddedKeys().isEmpty)
    }
}
