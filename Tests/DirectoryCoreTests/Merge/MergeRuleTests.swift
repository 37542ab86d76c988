import Testing

@testable import DirectoryCore

@Suite("MergeRule: the one three-way rule every merge asks")
struct MergeRuleTests {
    static func person(_ name: String, _ office: String) -> Record {
        Record(id: RecordID(high: 0, low: 1), values: [.text(name), .text(office)])
    }

    static let base = person("Ann", "A1")

    /// One case: this session's version and the other's (`nil`: deleted there), whether
    /// conflicts go this session's way, and what the rule must decide.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let ours: Record?
        let theirs: Record?
        let preferringOurs: Bool
        let record: Record?
        let overruled: Int
        let conflicts: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "deleted on both sides: gone", ours: nil, theirs: nil, preferringOurs: false, record: nil,
            overruled: 0, conflicts: []),
        Case(
            name: "deleted here, untouched there: gone", ours: nil, theirs: base, preferringOurs: false,
            record: nil, overruled: 0, conflicts: []),
        Case(
            name: "deleted here, changed there: a conflict that keeps theirs", ours: nil,
            theirs: person("Ann", "A2"), preferringOurs: false, record: person("Ann", "A2"), overruled: 0,
            conflicts: ["'Ann': you deleted it, but the other session changed it"]),
        Case(
            name: "deleted here, changed there, ours preferred: gone, and said", ours: nil,
            theirs: person("Ann", "A2"), preferringOurs: true, record: nil, overruled: 1, conflicts: []),
        Case(
            name: "untouched here, deleted there: gone", ours: base, theirs: nil, preferringOurs: false,
            record: nil, overruled: 0, conflicts: []),
        Case(
            name: "changed here, deleted there: a conflict", ours: person("Ann", "A3"), theirs: nil,
            preferringOurs: false, record: nil, overruled: 0,
            conflicts: ["'Ann': you changed it, but the other session deleted it"]),
        Case(
            name: "changed here, deleted there, ours preferred: kept, and said", ours: person("Ann", "A3"),
            theirs: nil, preferringOurs: true, record: person("Ann", "A3"), overruled: 1, conflicts: []),
        Case(
            name: "different fields changed on each side: both changes", ours: person("Ann", "A3"),
            theirs: person("Annie", "A1"), preferringOurs: false, record: person("Annie", "A3"), overruled: 0,
            conflicts: []),
        Case(
            name: "one field changed the same way on both: that value", ours: person("Ann", "A3"),
            theirs: person("Ann", "A3"), preferringOurs: false, record: person("Ann", "A3"), overruled: 0,
            conflicts: []),
        Case(
            name: "one field changed differently on both: a conflict naming both values",
            ours: person("Ann", "A3"), theirs: person("Ann", "A4"), preferringOurs: false,
            record: person("Ann", "A4"), overruled: 0,
            conflicts: ["'Ann': office is \"A3\" here but \"A4\" in the file"]),
        Case(
            name: "one field changed differently on both, ours preferred: ours, and said",
            ours: person("Ann", "A3"), theirs: person("Ann", "A4"), preferringOurs: true,
            record: person("Ann", "A3"), overruled: 1, conflicts: []),
    ]

    @Test("each side's change survives, and only a change on both sides conflicts", arguments: cases)
    func decides(_ example: Case) {
        let rule = MergeRule(kind: .person, place: "the file", preferringOurs: example.preferringOurs)
        let decision = rule.decide(base: Self.base, ours: example.ours, theirs: example.theirs)
        #expect(decision.record == example.record)
        #expect(decision.overruled.count == example.overruled)
        #expect(decision.conflicts == example.conflicts)
    }

    @Test("keys other apps keep merge key by key: a key changed on one side only takes that change (found trying it)")
    func otherAppsKeysMergeByKey() {
        let she = KeyedValue("pronouns", .string("she/her"))
        let they = KeyedValue("pronouns", .string("they/them"))
        let color = KeyedValue("color", .string("red"))
        // Changed on our side only: ours, though the other side's record is taken.
        #expect(MergeRule.extras(base: [she], ours: [they], theirs: [she]) == [they])
        // Changed on the other side only: theirs.
        #expect(MergeRule.extras(base: [she], ours: [she], theirs: [they]) == [they])
        // Added here, removed here, and a key the other side added, each kept.
        #expect(MergeRule.extras(base: [she], ours: [she, color], theirs: [she]) == [she, color])
        #expect(MergeRule.extras(base: [she, color], ours: [she], theirs: [they, color]) == [they])
        let rule = MergeRule(kind: .person, place: "the file")
        var mine = Self.person("Ann", "A1")
        mine.extras = [they]
        var base = Self.base
        base.extras = [she]
        var theirs = Self.person("Ann", "A9")
        theirs.extras = [she]
        let decision = rule.decide(base: base, ours: mine, theirs: theirs)
        #expect(decision.record?.extras == [they])
        #expect(decision.record?.values[1] == .text("A9"))
    }
}
