import Testing

@testable import DirectoryCore

/// `RecordList` knows where each record it keeps whole stands, so the changed records and
/// records by key are found without a pass over the list. After any sequence of edits, what
/// it says must be exactly what a search of every record finds.
@Suite("Record list: records kept whole and records by key")
struct RecordListPositionsTests {
    /// Every record kept whole, with its index, found by going over the list.
    static func keptWholeBySearch(_ list: RecordList) -> [Int: Record] {
        var kept: [Int: Record] = [:]
        for index in list.indices where list.tableRow(at: index) == nil { kept[index] = list[index] }
        return kept
    }

    /// Checks `recordsKeptWhole`, `index(of:)` and `indices(of:)` against a search of the
    /// list, for `probes` (keys it has, had, or never had).
    static func expectAgreement(_ list: RecordList, probes: [RecordKey], step: Int) {
        var reported: [Int: Record] = [:]
        for (index, record) in list.recordsKeptWhole {
            #expect(reported[index] == nil, "step \(step): index \(index) reported twice")
            reported[index] = record
        }
        #expect(reported == keptWholeBySearch(list), "step \(step): records kept whole")
        let found = list.indices(of: Set(probes))
        for key in probes {
            let all = list.indices.filter { list.key(at: $0) == key }
            #expect(list.index(of: key) == all.first, "step \(step): index of \(key)")
            // Keys are unique in a session's list; where one repeats, any of its records will do.
            #expect(found[key].map(all.contains) ?? all.isEmpty, "step \(step): indices of \(key)")
            if all.count == 1 { #expect(found[key] == all.first, "step \(step): indices of \(key)") }
        }
        #expect(found.count == Set(probes).filter { list.index(of: $0) != nil }.count)
    }

    @Test(
        "after random edits, the records kept whole and the records found by key are those a search finds",
        arguments: [1, 2, 3] as [UInt64])
    func agreesWithSearch(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        let loaded = RecordListTests.people(400)
        var list = try RecordListTests.loaded(loaded)
        let fresh = RecordListTests.people(4000, prefix: "New \(seed)")
        var next = 0
        func newRecords(_ count: Int) -> [Record] {
            defer { next += count }
            return Array(fresh[next..<next + count])
        }
        let absent = RecordListTests.people(3).map(\.key)
        for step in 0..<500 {
            let count = list.count
            func anyIndex() -> Int { Int.random(in: 0..<count, using: &generator) }
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: list.append(newRecords(1)[0])
            case 1 where count > 0: list[anyIndex()].values[1] = .text("edited \(step)")
            case 2 where count > 0: list.remove(at: anyIndex())
            case 3: list.insert(newRecords(1)[0], at: Int.random(in: 0...count, using: &generator))
            case 4: list.insert(contentsOf: newRecords(3), at: Int.random(in: 0...count, using: &generator))
            case 5 where count > 4:
                let start = Int.random(in: 0..<count - 4, using: &generator)
                let replacing = Int.random(in: 0...4, using: &generator)
                list.replaceSubrange(
                    start..<start + replacing, with: newRecords(Int.random(in: 0...3, using: &generator)))
            case 6 where count > 1: list.move(from: anyIndex(), to: anyIndex())
            case 7 where count > 0 && step % 50 == 0:
                list.reorder(Array(list.indices).shuffled(using: &generator))
            case 8 where count > 2:
                list.remove(at: Set((0..<Int.random(in: 1...5, using: &generator)).map { _ in anyIndex() }))
            case 9 where count > 1: list.swapAt(anyIndex(), anyIndex())
            case 10 where count > 0: list[anyIndex()].occurrence = Int.random(in: 0...1, using: &generator)
            default:
                // Many records made whole, then most of them removed: the list drops what no slot names.
                guard step % 150 == 149 else { continue }
                for index in list.indices { list[index].values[0] = .text("all \(step)") }
                list.append(contentsOf: RecordListTests.people(1500, prefix: "Bulk \(step)"))
                list.remove(at: Set(list.indices.filter { $0 % 4 != 0 }))
            }
            var probes = absent + loaded.prefix(8).map(\.key) + fresh[max(0, next - 8)..<next].map(\.key)
            if !list.isEmpty {
                probes += (0..<4).map { _ in list.key(at: Int.random(in: 0..<list.count, using: &generator)) }
            }
            Self.expectAgreement(list, probes: probes, step: step)
        }
    }

    @Test("a list loaded and edited once keeps whole only the edited record, where it stands")
    func oneEditKeepsOneRecordWhole() throws {
        var list = try RecordListTests.loaded(RecordListTests.people(1000))
        #expect(Array(list.recordsKeptWhole).isEmpty)
        list[500].values[1] = .text("Briggs 500")
        let kept = Array(list.recordsKeptWhole)
        #expect(kept.map(\.index) == [500])
        #expect(kept.first?.record == list[500])
        list.move(from: 500, to: 3)
        #expect(list.recordsKeptWhole.map(\.index) == [3])
        list.remove(at: 0)
        #expect(list.recordsKeptWhole.map(\.index) == [2])
    }

    @Test("a list built of records kept whole from the start knows where each stands")
    func builtFromSlots() {
        let records = RecordListTests.people(6)
        let list = RecordList(table: nil, slots: [~2, ~0, ~1], loose: Array(records.prefix(3)))
        #expect(Set(list.recordsKeptWhole.map(\.index)) == [0, 1, 2])
        #expect(list.index(of: records[0].key) == 1)
        #expect(list.index(of: records[5].key) == nil)
    }
}
