import Testing

@testable import DirectoryCore

@Suite("Session messages that count read right for one and for many")
struct CountWordingTests {
    @Test("an import whose only record is rejected says 'the 1 record was rejected' and 'fix it'")
    func theOneRecordRejected() {
        let one = SessionError.importRejected(path: "/in.csv", total: 1, rejected: ["line 2: no name"])
        #expect(
            one.message == "/in.csv: the 1 record was rejected, so nothing was imported; fix it:\n  line 2: no name")
        let three = SessionError.importRejected(path: "/in.csv", total: 3, rejected: ["a", "b", "c"])
        #expect(three.message.hasPrefix("/in.csv: all 3 records rejected, so nothing was imported; fix them:\n"))
    }

    @Test("one unsaved change is kept or discarded as 'it', several as 'them'")
    func unsavedChangesPronoun() {
        let one = SessionError.unsavedChanges(action: "quit", count: 1, file: "directory.plist")
        #expect(
            one.message
                == "1 unsaved change to directory.plist; type 'save' to keep it, or 'quit!' to discard it "
                + "('changes' lists it)")
        let two = SessionError.unsavedChanges(action: "open", count: 2, file: "directory.plist")
        #expect(
            two.message
                == "2 unsaved changes to directory.plist; type 'save' to keep them, or 'open!' to discard them "
                + "('changes' lists them)")
    }

    @Test("quit with one unsaved change says so in the singular, through the session")
    func quitWithOneChange() throws {
        var session = try Session.test()
        _ = try session.run("new Ann Lee")
        #expect(throws: SessionError.unsavedChanges(action: "quit", count: 1, file: "directory.plist")) {
            try session.run("quit")
        }
        #expect(try session.run("revert") == .feedback("Discarded 1 change; reloaded directory.plist."))
    }
}
