import Testing

@testable import DirectoryCore

/// `save as` a name a sync tool gives a conflict copy of the list beside it (trial 9 #3), and
/// a file this program saved as a list of its own, which is not a conflict copy.
@Suite("Session: save as a conflict copy's name")
struct SaveAsCopyNameTests {
    static func text(_ output: CommandOutput) -> String {
        switch output {
        case .feedback(let text), .text(let text), .warning(let text): return text
        default: return ""
        }
    }

    @Test("save as 'directory 2.plist' beside directory.plist warns that it is named as iCloud Drive names a copy")
    func warnsOfCopyName() throws {
        var session = try Session.test(path: "/data/directory.plist")
        let output = try session.run("save as '/data/directory 2.plist'")
        guard case .warning(let text) = output else {
            Issue.record("not a warning: \(output)")
            return
        }
        #expect(text.contains("directory 2.plist is named as iCloud Drive names a conflict copy of directory.plist"))
        #expect(text.contains("'directory-2.plist' avoids that"))
    }

    @Test("save as another name, or the same name in another folder, says nothing of copies")
    func otherNamesAreQuiet() throws {
        var session = try Session.test(path: "/data/directory.plist")
        #expect(!Self.text(try session.run("save as /data/directory-2.plist")).contains("conflict copy"))
        var other = try Session.test(path: "/data/directory.plist")
        #expect(!Self.text(try other.run("save as '/elsewhere/directory 2.plist'")).contains("conflict copy"))
    }

    @Test("a file's kept versions tell a list this program saved there from a copy it only read or loaded")
    func savedHere() {
        let saved = KeptVersion(key: "a-1", parents: [KeptVersion.newFile])
        let loaded = KeptVersion(key: "b-1", parents: [])
        let read = KeptVersion(key: "c-1", parents: ["a-1"], isCopy: true)
        #expect(Session.savedHere([loaded, saved]))
        #expect(!Session.savedHere([loaded, read]))
        #expect(!Session.savedHere([]))
    }
}
