import Testing

@testable import DirectoryCore

@Suite("OrderMerge: order merges three-way, by moves")
struct OrderMergeTests {
    /// Keys named by letters, so a case reads as orders of letters.
    static func keys(_ letters: String) -> [RecordKey] {
        letters.unicodeScalars.map { RecordKey(id: RecordID(high: 0, low: UInt64($0.value))) }
    }

    static func letters(_ keys: [RecordKey]) -> String {
        String(String.UnicodeScalarView(keys.compactMap { Unicode.Scalar(UInt32($0.id.low)) }))
    }

    /// One case: base, ours and theirs as letters; the merged order and the conflicting letters.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let base: String?
        let ours: String
        let theirs: String
        let merged: String
        var conflicts = ""
        var preferringOurs = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing moved: theirs", base: "abcd", ours: "abcd", theirs: "abcd", merged: "abcd"),
        Case(name: "moved there only: theirs", base: "abcd", ours: "abcd", theirs: "dabc", merged: "dabc"),
        Case(name: "moved here only: ours", base: "abcd", ours: "bcda", theirs: "abcd", merged: "bcda"),
        Case(
            name: "moves of different records both survive", base: "abcde", ours: "acdbe", theirs: "eabcd",
            merged: "eacdb"),
        Case(
            name: "added and moved here, two swapped there", base: "abcd", ours: "aXbcd", theirs: "bacd",
            merged: "baXcd"),
        Case(
            name: "added last here without moving: last there too", base: nil, ours: "abcdX", theirs: "dabcY",
            merged: "dabcYX"),
        Case(
            name: "nothing moved here, the same order there: theirs", base: nil, ours: "abcd", theirs: "abcd",
            merged: "abcd"),
        Case(
            name: "added in the middle here: after its neighbour", base: nil, ours: "abXcd", theirs: "dabc",
            merged: "dabXc"),
        Case(
            name: "a move here that a move there undoes: a conflict", base: "abcd", ours: "cabd", theirs: "abdc",
            merged: "abdc", conflicts: "c"),
        Case(
            name: "a run placed here stays together", base: "abcdef", ours: "aefbcd", theirs: "bacdef",
            merged: "baefcd"),
        Case(
            name: "added there: kept where they put it", base: "abc", ours: "cab", theirs: "aYbc",
            merged: "caYb"),
        Case(
            name: "deleted there but kept here: placed by us", base: "abcd", ours: "dabc", theirs: "acd",
            merged: "dabc"),
        Case(
            name: "same record moved to the same place on both: no conflict", base: "abcd", ours: "dabc",
            theirs: "dacb", merged: "dacb"),
        Case(
            name: "a reversal there and a swap here that agrees with it: theirs", base: "abcd", ours: "bacd",
            theirs: "dcba", merged: "dcba"),
        Case(
            name: "a swap here of the record moved there: a conflict", base: "abcd", ours: "bacd",
            theirs: "bcda", merged: "bcda", conflicts: "a"),
        Case(
            name: "a swap here of records the other side left alone: both", base: "abcde", ours: "bacde",
            theirs: "abced", merged: "baced"),
        Case(
            name: "same record moved to different places: a conflict keeping theirs", base: "abcde",
            ours: "cabde", theirs: "abdec", merged: "abdec", conflicts: "c"),
        Case(
            name: "the conflict settled this session's way", base: "abcde", ours: "cabde", theirs: "abdec",
            merged: "cabde", conflicts: "c", preferringOurs: true),
        Case(
            name: "one first here, another last there: both", base: "abcde", ours: "eabcd", theirs: "bcdea",
            merged: "ebcda"),
    ]

    @Test("each case", arguments: cases)
    func mergeCase(_ example: Case) {
        let merged = OrderMerge.merge(
            base: example.base.map(Self.keys), ours: Self.keys(example.ours), theirs: Self.keys(example.theirs),
            preferringOurs: example.preferringOurs)
        #expect(Self.letters(merged.order) == example.merged)
        #expect(Self.letters(merged.conflicts.map(\.key)) == example.conflicts)
    }

    @Test("the result holds every record of both sides once, whatever the orders")
    func keepsEveryRecordOnce() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let base = Self.keys(String("abcdefghij".shuffled(using: &generator).prefix(Int.random(in: 0...10))))
            let ours = (base + Self.keys("XY")).shuffled(using: &generator).filter { _ in Bool.random() }
            let theirs = (base + Self.keys("Z")).shuffled(using: &generator).filter { _ in Bool.random() }
            for preferringOurs in [false, true] {
                let merged = OrderMerge.merge(
                    base: base, ours: ours, theirs: theirs, preferringOurs: preferringOurs)
                #expect(merged.order.count == Set(merged.order).count)
                #expect(Set(merged.order) == Set(ours).union(theirs))
            }
        }
    }

    @Test(
        "without a conflict, the other side's records keep their order and each record moved here follows its neighbour here"
    )
    func keepsBothSidesMoves() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let base = Self.keys(String("abcdefgh".prefix(Int.random(in: 2...8, using: &generator))))
            var ours = base
            var theirs = base
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                ours.insert(
                    ours.remove(at: Int.random(in: ours.indices, using: &generator)),
                    at: Int.random(in: 0..<ours.count, using: &generator))
            }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                theirs.insert(
                    theirs.remove(at: Int.random(in: theirs.indices, using: &generator)),
                    at: Int.random(in: 0..<theirs.count, using: &generator))
            }
            let merged = OrderMerge.merge(base: base, ours: ours, theirs: theirs, preferringOurs: false)
            let description = "base \(Self.letters(base)) ours \(Self.letters(ours)) theirs \(Self.letters(theirs))"
            let moved = OrderMerge.Moves(of: ours, base: OrderMerge.positions(of: base)).moved
            let conflicting = Set(merged.conflicts.map(\.key))
            let unmoved = merged.order.filter { !moved.contains($0) || conflicting.contains($0) }
            #expect(unmoved == theirs.filter { unmoved.contains($0) }, "\(description)")
            guard merged.conflicts.isEmpty else { continue }
            let position = OrderMerge.positions(of: merged.order)
            for (offset, key) in ours.enumerated() where moved.contains(key) {
                let before = offset == 0 ? nil : ours[offset - 1]
                let after = offset == ours.count - 1 ? nil : ours[offset + 1]
                let theirOffset = theirs.firstIndex(of: key) ?? 0
                let theirBefore = theirOffset == 0 ? nil : theirs[theirOffset - 1]
                let theirAfter = theirOffset == theirs.count - 1 ? nil : theirs[theirOffset + 1]
                if before == theirBefore || after == theirAfter { continue }  // there already
                let at = position[key] ?? -1
                #expect(
                    before.map { position[$0] ?? -2 } ?? -1 < at,
                    "\(Self.letters([key])) is not after its neighbour here: \(description) → \(Self.letters(merged.order))"
                )
            }
        }
    }

    @Test("a long run placed here is written without deep recursion (a sort of a million)")
    func longRun() {
        let base = (0..<200_000).map { RecordKey(id: RecordID(high: 1, low: UInt64($0))) }
        let merged = OrderMerge.merge(
            base: base, ours: base.reversed(), theirs: base, preferringOurs: false)
        #expect(merged.order == base.reversed())
    }
}
