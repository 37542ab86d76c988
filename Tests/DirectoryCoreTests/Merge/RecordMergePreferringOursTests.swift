import Testing

@testable import DirectoryCore

@Suite("RecordMerge: conflicts going this session's way (save! on a database)")
struct RecordMergePreferringOursTests {
    static func person(_ number: UInt64, _ name: String, _ office: String) -> Record {
        Record(id: RecordID(high: 0, low: number), values: [.text(name), .text(office)])
    }

    static let base = [person(1, "Ann", "A1"), person(2, "Bo", "B1"), person(3, "Cy", "C1")]

    static func merger(ours: [Record], preferring: Bool) -> RecordMerge {
        var baseline: BaselineTable = [:]
        for record in base { baseline[record.key] = .present(record) }
        for record in ours where !base.contains(where: { $0.id == record.id }) { baseline[record.key] = .absent }
        return RecordMerge(kind: .person, baseline: baseline, ours: ours, medium: .database, preferringOurs: preferring)
    }

    @Test(
        "a field both changed takes ours; the other's other field and additions stay; their deletion of an edited record is undone"
    )
    func oursWinsOnlyConflicts() throws {
        let ours = [Self.person(1, "Ann", "Ours"), Self.person(2, "Bo", "B1"), Self.person(3, "Cy", "Edited")]
        let theirs = [Self.person(1, "Annie", "Theirs"), Self.person(2, "Bo", "B2"), Self.person(4, "Dee", "D1")]
        let refused = Self.merger(ours: ours, preferring: false).merge(theirs: theirs, location: "postgresql:///d")
        guard case .failure(.conflict(_, _, let details)) = refused else {
            Issue.record("a plain merge should conflict")
            return
        }
        #expect(details.contains { $0.contains("in the database") })
        let merged = try Self.merger(ours: ours, preferring: true).merge(theirs: theirs, location: "postgresql:///d")
            .get()
        #expect(
            merged.records == [
                Self.person(1, "Annie", "Ours"), Self.person(2, "Bo", "B2"), Self.person(4, "Dee", "D1"),
                Self.person(3, "Cy", "Edited"),
            ])
        #expect(merged.fromOthers.contains("'Ann': your office \"Ours\" replaced \"Theirs\""))
        #expect(merged.fromOthers.contains { $0.contains("'Cy': kept with your changes") })
    }

    @Test("our deletion of a record the other changed stands")
    func oursDeletionStands() throws {
        let ours = [Self.person(1, "Ann", "A1"), Self.person(3, "Cy", "C1")]
        let theirs = [Self.person(1, "Ann", "A1"), Self.person(2, "Bo", "B9"), Self.person(3, "Cy", "C1")]
        var merger = Self.merger(ours: ours, preferring: true)
        merger.preferringOurs = true
        let merged = try merger.merge(theirs: theirs, location: "/data/p.plist").get()
        #expect(merged.records.map(\.id) == [ours[0].id, ours[1].id])
    }
}
