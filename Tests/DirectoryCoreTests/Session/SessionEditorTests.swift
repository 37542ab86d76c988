import Foundation
import Testing

@testable import DirectoryCore

extension Session {
    /// Runs `editor` with `references`, its text changed by `change` as an editor would.
    @discardableResult
    mutating func editText(_ references: [RecordReference] = [], _ change: (String) -> String) throws -> CommandOutput {
        let document = try editorDocument(for: references)
        return try apply(.editorText(EditorSubmission(document: document, edited: change(document.text))))
    }

    /// The offices of the records, in order.
    var offices: [String] { records.map { $0.values[1].text ?? "" } }
}

@Suite("Session: editor")
struct SessionEditorTests {
    /// A saved list of `count` people, `P1`… in `Briggs 1`….
    func savedList(_ count: Int, store: MemoryStore = MemoryStore()) throws -> Session {
        var session = try Session.test(store: store)
        try session.run("delete 1-3")
        for number in 1...count { try session.run("new P\(number)", "set office Briggs \(number)") }
        try session.run("save")
        return session
    }

    @Test("40 offices fixed in one editor session, taken back by one undo and made again by redo")
    func fortyOffices() throws {
        var session = try savedList(40)
        let output = try session.editText { $0.replacingOccurrences(of: "\tBriggs ", with: "\tSloan ") }
        #expect(output == .feedback("Changed 40 people in one change ('undo' takes it back)."))
        #expect(session.offices == (1...40).map { "Sloan \($0)" })
        #expect(session.unsavedChanges().count == 40)
        guard case .text(let changes) = try session.run("changes") else { return }
        #expect(changes.contains("changed  7 P7: office \"Briggs 7\" → \"Sloan 7\""))
        try session.run("undo")
        #expect(session.offices == (1...40).map { "Briggs \($0)" })
        #expect(!session.hasUnsavedChanges)
        try session.run("redo")
        #expect(session.offices == (1...40).map { "Sloan \($0)" })
    }

    @Test("a changed, a removed, a new and a moved line: one change that changes lists part by part")
    func everyKindOfEditAsOneChange() throws {
        var session = try savedList(4)
        let before = session.records
        try session.editText { text in
            var lines = text.split(separator: "\n").map(String.init)
            lines[1] = lines[1].replacingOccurrences(of: "P1\t", with: "Paula\t")  // change P1
            lines.remove(at: 2)  // delete P2
            let p4 = lines.removeLast()
            lines.insert(p4, at: 1)  // move P4 to the top
            lines.append("Quinn\tLab 9")  // add
            return lines.joined(separator: "\n") + "\n"
        }
        #expect(session.names == ["P4", "Paula", "P3", "Quinn"])
        guard case .text(let changes) = try session.run("changes") else { return }
        #expect(changes.contains("changed  2 Paula: name \"P1\" → \"Paula\""))
        #expect(changes.contains("added    4: Quinn, Lab 9"))
        #expect(changes.contains("deleted  P2, Briggs 2"))
        #expect(changes.contains("moved    1 P4: was 4 in the file"))  // P2, deleted, was 2nd
        try session.run("undo")
        #expect(session.records == before)
        #expect(!session.hasUnsavedChanges)
        try session.run("redo")
        #expect(session.names == ["P4", "Paula", "P3", "Quinn"])
    }

    @Test("a range: only those records are written, and the rest stay where they are")
    func range() throws {
        var session = try savedList(6)
        let document = try session.editorDocument(for: [.range(2, 3), .number(5)])
        #expect(document.text.split(separator: "\n").count == 4)
        try session.editText([.range(2, 3), .number(5)]) { text in
            var lines = text.split(separator: "\n").map(String.init)
            lines.swapAt(1, 3)  // P5 into P2's place, P2 into P5's
            lines.remove(at: 2)  // delete P3
            return lines.joined(separator: "\n")
        }
        #expect(session.names == ["P1", "P5", "P2", "P4", "P6"])
    }

    @Test("unchanged text changes nothing and says so")
    func unchanged() throws {
        var session = try savedList(3)
        let history = session.list.tracker.undo
        #expect(try session.editText { $0 } == .feedback("No changes: the text is as it was written."))
        #expect(session.list.tracker.undo == history)
    }

    @Test("text that cannot be used changes nothing and names its lines")
    func invalidChangesNothing() throws {
        var session = try savedList(3)
        let before = session.records
        #expect {
            try session.editText { $0.replacingOccurrences(of: "P2\t", with: "P2\t\t") + "x\ty\tz\tw\n" }
        } throws: { error in
            guard case SessionError.editorTextInvalid(let problems) = error else { return false }
            return problems.map(\.line) == [3, 5]
                && (error as? SessionError)?.message.hasPrefix(
                    "the edited text has 2 lines that cannot be used, so nothing was changed:\n  line 3: ") == true
        }
        #expect(session.records == before)
        #expect(!session.hasUnsavedChanges)
    }

    @Test("a record deleted before the text came back: nothing changes")
    func listChanged() throws {
        var session = try savedList(3)
        let document = try session.editorDocument(for: [])
        try session.run("delete 2")
        #expect(throws: SessionError.editorListChanged) {
            try session.apply(.editorText(EditorSubmission(document: document, edited: document.text)))
        }
    }

    @Test("editor is the front end's: its line parses to the references whose text the session gives")
    func editorCommandGivesText() throws {
        let session = try savedList(2)
        guard case .frontEnd(.editor(let references)) = try CommandParser.parse("editor 2") else {
            Issue.record("editor 2 did not parse to the front end's editor")
            return
        }
        #expect(
            try session.editorDocument(for: references).text
                == "name\toffice\tid\nP2\tBriggs 2\t\(session.records[1].id)\n")
    }
}
