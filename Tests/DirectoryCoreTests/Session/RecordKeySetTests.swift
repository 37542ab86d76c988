import Testing

@testable import DirectoryCore

/// `BaselineTable`, checked against `Dictionary` through long runs of insertions and removals.
@Suite("Session: record key set and baseline table")
struct RecordKeySetTests {
    @Test("the baseline table answers as the dictionary it replaces")
    func baselineMatchesDictionary() {
        var generator = SeededGenerator(state: 5)
        var table: BaselineTable = [:]
        var reference: [RecordKey: Session.Baseline] = [:]
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
}
