import Foundation
import Testing

@testable import DirectoryCore

@Suite("Editor text: writing and reading the list as tab-separated lines")
struct EditorTextTests {
    let people = [
        Record(id: RecordID(high: 1, low: 1), values: [.text("Joe Gregg"), .text("Briggs 413")]),
        Record(id: RecordID(high: 1, low: 2), values: [.text("Tab\there"), .text("two\nlines \\ and\r")]),
    ]

    func plan(_ text: String, written: [Record]? = nil, kind: ListKind = .person) -> Result<
        EditorPlan, EditorTextProblems
    > {
        EditorPlan.make(written: written ?? people, text: text, kind: kind, now: 1000, utcOffset: { _ in 0 })
    }

    @Test("the text is a header naming the columns, then a line a record with the id last")
    func writesHeaderAndLines() {
        let text = EditorText.write(people, kind: .person)
        #expect(
            text == "name\toffice\tid\n"
                + "Joe Gregg\tBriggs 413\t00000000-0000-0001-0000-000000000001\n"
                + "Tab\\there\ttwo\\nlines \\\\ and\\r\t00000000-0000-0001-0000-000000000002\n")
    }

    @Test(
        "every escape is written and read back",
        arguments: [
            ("a\tb", "a\\tb"), ("a\nb", "a\\nb"), ("a\\b", "a\\\\b"), ("a\rb", "a\\rb"), ("\\t", "\\\\t"),
            ("plain Zoë 高橋 👩‍💻", "plain Zoë 高橋 👩‍💻"),
        ])
    func escapes(_ value: String, _ written: String) throws {
        #expect(EditorText.escaped(value) == written)
        #expect(try EditorText.unescaped(Substring(written)).get() == value)
    }

    @Test("an empty file from the editor is refused, never read as deleting every record (found trying it)")
    func emptyFileRefused() {
        guard case .failure(let problems) = EditorText.read([]) else {
            Issue.record("an empty file was read")
            return
        }
        #expect(problems.problems.map(\.reason) == [.emptyFile])
        #expect(problems.problems[0].description.contains("keep the header line and delete the others"))
        guard case .success(let header) = EditorText.read(Array("name\toffice\tid\n".utf8)) else {
            Issue.record("a header alone was refused")
            return
        }
        #expect(header == "name\toffice\tid\n")
    }

    @Test("dates are ISO 8601 instants; an unset date is an empty cell and reads back unset")
    func dates() throws {
        let done = Record(id: RecordID(high: 2, low: 1), values: [.text("Skydive"), .text(""), .date(86_400.25)])
        let open = Record(
            id: RecordID(high: 2, low: 2), values: [.text("Sail"), .text("x"), .date(ListKind.distantPast)])
        let text = EditorText.write([done, open], kind: .bucket)
        #expect(text.contains("Skydive\t\t2001-01-02T00:00:00.25Z\t"))
        #expect(text.contains("Sail\tx\t\t"))
        let result = try EditorPlan.make(
            written: [done, open], text: text, kind: .bucket, now: 0, utcOffset: { _ in 0 }
        ).get()
        #expect(result.isUnchanged)
        let edited = text.replacingFirst("Skydive\t\t2001-01-02T00:00:00.25Z", with: "Skydive\t\t")
            .replacingFirst("Sail\tx\t\t", with: "Sail\tx\t2026-05-01\t")
        let changed = try EditorPlan.make(
            written: [done, open], text: edited, kind: .bucket, now: 0, utcOffset: { _ in 0 }
        ).get()
        let sail =
            (DateText.daysFromCivil(2026, 5, 1).map { Double($0 - DateText.referenceDay) * 86_400 + 43_200 }) ?? 0
        #expect(
            changed.lines == [
                .existing(done.id, [.text("Skydive"), .text(""), .date(ListKind.distantPast)]),
                .existing(open.id, [.text("Sail"), .text("x"), .date(sail)]),
            ])
    }

    @Test("a date is written as its exact instant: copied to another line, it reads back as the same Double")
    func exactDates() throws {
        let instants = [800_000_000.1234568, 799_286_400.0001, -0.000_000_1, 1e300]
        let written = instants.enumerated().map { index, seconds in
            Record(id: RecordID(high: 2, low: UInt64(index + 1)), values: [.text("Item"), .text(""), .date(seconds)])
        }
        let blank = Record(
            id: RecordID(high: 2, low: 99), values: [.text("Blank"), .text(""), .date(ListKind.distantPast)])
        let text = EditorText.write(written + [blank], kind: .bucket)
        #expect(text.contains("\t2026-05-09T06:13:20.1234568Z\t"))
        // Each date cell copied onto the blank line: read, not kept, and the same instant.
        for (index, seconds) in instants.enumerated() {
            let cell = EditorText.cell(.date(seconds), field: ListKind.bucket.fields[2])
            let edited = text.replacingFirst("Blank\t\t\t", with: "Blank\t\t\(cell)\t")
            let plan = try EditorPlan.make(
                written: written + [blank], text: edited, kind: .bucket, now: 0, utcOffset: { _ in 0 }
            ).get()
            #expect(
                plan.lines.last == .existing(blank.id, [.text("Blank"), .text(""), .date(seconds)]), "date \(index)")
        }
    }

    @Test("the text as written is unchanged, with CRLF line ends and blank lines too")
    func unchanged() throws {
        let text = EditorText.write(people, kind: .person)
        #expect(try plan(text).get().isUnchanged)
        #expect(try plan(text.replacingOccurrences(of: "\n", with: "\r\n") + "\n\n").get().isUnchanged)
    }

    @Test("changed, removed, new and moved lines")
    func changesDeletionsAdditionsMoves() throws {
        let text =
            "name\toffice\tid\n"
            + "New One\tSloan 1\n"
            + "Tab\\there\tSloan 2\t00000000-0000-0001-0000-000000000002\n"
            + "Newer\tSloan 3\t\n"
        let result = try plan(text).get()
        #expect(!result.isUnchanged)
        #expect(result.deleted == [people[0].id])
        #expect(
            result.lines == [
                .new([.text("New One"), .text("Sloan 1")]),
                .existing(people[1].id, [.text("Tab\there"), .text("Sloan 2")]),
                .new([.text("Newer"), .text("Sloan 3")]),
            ])
    }

    @Test("the header may be left out; a line that only looks like it further down is a record")
    func headerOptional() throws {
        let result = try plan("Ada\tLab\nname\toffice\n").get()
        #expect(result.lines == [.new([.text("Ada"), .text("Lab")]), .new([.text("name"), .text("office")])])
        #expect(result.deleted == people.map(\.id))
    }

    @Test("lines that cannot be used are all reported with their line numbers")
    func problemsWithLineNumbers() {
        let text =
            "name\toffice\tid\n"
            + "only one column\n"
            + "a\tb\tc\td\n"
            + "Bad\\q\tx\n"
            + "End\\\tx\n"
            + "Joe\tB\tnot-an-id\n"
            + "Joe\tB\t00000000-0000-0009-0000-000000000009\n"
            + "Joe\tB\t00000000-0000-0001-0000-000000000001\n"
            + "\n"
            + "Joe\tC\t00000000-0000-0001-0000-000000000001\n"
        guard case .failure(let failure) = plan(text) else {
            Issue.record("the text was accepted")
            return
        }
        #expect(failure.problems.map(\.line) == [2, 3, 4, 5, 6, 7, 10])
        let messages = failure.problems.map(\.description)
        #expect(
            messages[0]
                == "line 2: 1 column, but a record has 3 (name, office, id) separated by tabs, or 2 for a new one "
                + "without an id")
        #expect(messages[1].hasPrefix("line 3: 4 columns, but a record has 3"))
        #expect(messages[2].hasPrefix("line 4: unknown escape \\q; write \\\\ for a backslash"))
        #expect(messages[3] == "line 5: a backslash ends a value; write \\\\ for a backslash")
        #expect(messages[4] == "line 6: 'not-an-id' in the id column is not an id; leave the id of a new record out")
        #expect(messages[5].hasPrefix("line 7: the id 00000000-0000-0009-0000-000000000009 is not one of the records"))
        #expect(
            messages[6]
                == "line 10: the id 00000000-0000-0001-0000-000000000001 is on line 8 too; each record can appear once")
    }

    @Test("a line that lost a tab before its id is an error, not a deletion and a new record")
    func lostTab() {
        let text = "name\toffice\tid\nJoe GreggBriggs 413\t00000000-0000-0001-0000-000000000001\n"
        guard case .failure(let failure) = plan(text) else {
            Issue.record("the line was taken as a new record")
            return
        }
        #expect(
            failure.problems.map(\.description)
                == [
                    "line 2: the last of its 2 columns is an id, so a tab is missing: a record has 3 "
                        + "(name, office, id) separated by tabs"
                ])
    }

    @Test("a changed header line is named as such")
    func changedHeader() {
        guard case .failure(let failure) = plan("nom\toffice\tid\n") else {
            Issue.record("the changed header was accepted")
            return
        }
        #expect(
            failure.problems.map(\.description)
                == [
                    "line 1: the header line was changed; keep it as it was (name, office, id, separated by tabs) "
                        + "or delete it"
                ])
    }

    @Test("a bad date names the field and the line")
    func badDate() {
        let item = Record(
            id: RecordID(high: 3, low: 1), values: [.text("Sail"), .text(""), .date(ListKind.distantPast)])
        let text = "name\tnote\tcompletedDate\tid\nSail\t\t2026-13-45\t\(item.id)\n"
        guard case .failure(let failure) = plan(text, written: [item], kind: .bucket) else {
            Issue.record("the date was accepted")
            return
        }
        #expect(failure.problems.count == 1)
        #expect(failure.problems[0].line == 2)
        #expect(failure.problems[0].description.hasPrefix("line 2: completedDate '2026-13-45' is not a date"))
    }

    @Test("the new order: kept lines fill the edited places, new lines follow the line above, others stay")
    func order() throws {
        let ids = (1...6).map { RecordID(high: 9, low: UInt64($0)) }
        let newIDs = [RecordID(high: 8, low: 1), RecordID(high: 8, low: 2)]
        // Records 2, 3 and 5 were edited: 5 moved up, 3 deleted, two new lines (top, and after 2).
        let editorPlan = EditorPlan(
            lines: [.new([]), .existing(ids[4], []), .existing(ids[1], []), .new([])], deleted: [ids[2]],
            isUnchanged: false)
        let order = editorPlan.order(of: ids, written: [ids[1], ids[2], ids[4]], newIDs: newIDs)
        #expect(order == [ids[0], newIDs[0], ids[4], ids[1], newIDs[1], ids[3], ids[5]])
        let empty = EditorPlan(lines: [.new([])], deleted: [], isUnchanged: false)
        #expect(empty.order(of: ids, written: [], newIDs: [newIDs[0]]) == ids + [newIDs[0]])
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
