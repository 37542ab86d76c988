import Testing

@testable import DirectoryCore

/// What a save's or `refresh`'s merge report names: what the merge took from the other side,
/// and only that (trial 9, finding 5).
@Suite("RecordMerge: the report names what the merge took")
struct RecordMergeReportTests {
    static func person(_ number: UInt64, _ name: String, _ office: String) -> Record {
        Record(id: RecordID(high: 0, low: number), values: [.text(name), .text(office)])
    }

    static let ann = person(1, "Ann", "A1")
    static let joe = person(2, "Joe", "J1")

    /// Both sessions merged the same copy, which changed Joe and added Cy; the other then
    /// changed Cy and saved.
    static func twiceMergedCopy() throws -> RecordMerge.Merged {
        let baseline: BaselineTable = [
            joe.key: .present(joe), person(3, "", "").key: .absent,
        ]
        let ours = [ann, person(2, "Joe", "J-copy"), person(3, "Cy", "C")]
        let theirs = [ann, person(2, "Joe", "J-copy"), person(3, "Cy", "C-theirs")]
        return try RecordMerge(kind: .person, baseline: baseline, ours: ours, medium: .file)
            .merge(theirs: theirs, location: "/data/p.json").get()
    }

    @Test("a change both sides made the same way is not named; the record the merge changed here is")
    func namesWhatWasTaken() throws {
        let merged = try Self.twiceMergedCopy()
        #expect(merged.records.map { $0.values[1] } == [.text("A1"), .text("J-copy"), .text("C-theirs")])
        #expect(merged.fromOthers == ["changed 'Cy'"])
    }

    @Test("a record both deleted is not named; one the other deleted is, once")
    func deletionsTaken() throws {
        let cy = Self.person(3, "Cy", "C1")
        let baseline: BaselineTable = [Self.joe.key: .present(Self.joe)]
        let ours = [Self.ann, cy]
        let theirs = [Self.ann]
        let merged = try RecordMerge(kind: .person, baseline: baseline, ours: ours, medium: .file)
            .merge(theirs: theirs, location: "/data/p.json").get()
        #expect(merged.records == [Self.ann])
        #expect(merged.fromOthers == ["deleted 'Cy'"])
    }

    @Test("the other's additions and changes of untouched records are named as before")
    func othersEdits() throws {
        let baseline: BaselineTable = [Self.joe.key: .present(Self.joe)]
        let ours = [Self.ann, Self.person(2, "Joe", "J-here")]
        let theirs = [Self.person(1, "Ann", "A2"), Self.joe, Self.person(4, "Dee", "D1")]
        let merged = try RecordMerge(kind: .person, baseline: baseline, ours: ours, medium: .file)
            .merge(theirs: theirs, location: "/data/p.json").get()
        #expect(merged.fromOthers == ["changed 'Ann'", "added 'Dee'"])
    }
}
