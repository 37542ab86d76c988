import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// An empty or half-written file is never a list: the session opens a 0-byte file with a
/// warning and will not save over it without `save!`, and a save or refresh that finds its
/// file emptied or damaged writes nothing and keeps the edits.
@Suite("Session: empty and half-written files")
struct SessionEmptyFileTests {
    /// A session on `people.json` in a new folder, through a file store that settles fast.
    static func session(
        contents: String, settle: FileStore.SettleWait = .init(limit: 5, quiet: 0.01)
    ) throws -> (Session, String, String) {
        let folder = FileStoreTests.scratchFolder()
        let path = folder + "/people.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        let session = try Session(
            location: path, kind: nil, store: FileStore(settleWait: settle), environment: .fixed())
        return (session, folder, path)
    }

    static func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    static let oneListed = "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"Theirs\",\"office\":\"\"}]"

    @Test("a 0-byte file opens empty with a warning; save refuses to write over it, save! does")
    func emptyFileNeedsSaveBang() throws {
        var (session, folder, path) = try Self.session(contents: "")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(session.records.isEmpty)
        #expect(session.emptyFileWarning?.contains("people.json is empty (0 bytes)") == true)
        try session.run("new Mine")
        #expect(throws: SessionError.storage(.emptyFile(path: path))) { try session.run("save") }
        #expect(Self.contents(path) == "")
        #expect(session.hasUnsavedChanges)
        try session.run("save!")
        #expect(Self.contents(path).contains("Mine"))
        #expect(session.emptyFileWarning == nil)
    }

    @Test("a file empty when opened that holds a list by the save is merged with, not written over")
    func emptyFileFilledBeforeSave() throws {
        var (session, folder, path) = try Self.session(contents: "")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try session.run("new Mine")
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.oneListed.utf8))
        try session.run("save")
        let text = Self.contents(path)
        #expect(text.contains("Theirs") && text.contains("Mine"))
    }

    @Test(
        "a list emptied or damaged since it was read is never merged as everything deleted: save and refresh refuse",
        arguments: ["", "[{\"id\""])
    func emptiedFileIsNotMerged(now: String) throws {
        var (session, folder, path) = try Self.session(contents: Self.oneListed)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try session.run("new Mine")
        _ = FileManager.default.createFile(atPath: path, contents: Data(now.utf8))
        for command in ["save", "refresh"] {
            do {
                try session.run(command)
                Issue.record("\(command) went through")
            } catch SessionError.storage(.notAListNow(let errorPath, let problem)) {
                #expect(errorPath == path)
                #expect(problem.hasPrefix(now.isEmpty ? "it is empty (0 bytes)" : "it is not a valid JSON list"))
            }
        }
        #expect(Self.contents(path) == now)
        #expect(session.records.count == 2, "the list as read and the edit are kept")
        #expect(session.hasUnsavedChanges)
    }

    @Test("a list being written in place when the save reads it is merged once whole")
    func halfWrittenFileIsMergedOnceWhole() throws {
        let pathBox = PathBox()
        let settle = FileStore.SettleWait(limit: 3600, quiet: 3600) { poll in
            // The other program's write completes at the second look.
            if poll == 2, let path = pathBox.path {
                _ = FileManager.default.createFile(atPath: path, contents: Data(Self.twoListed.utf8))
            }
        }
        var (session, folder, path) = try Self.session(contents: Self.oneListed, settle: settle)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        pathBox.path = path
        try session.run("new Mine")
        _ = FileManager.default.createFile(atPath: path, contents: Data())  // truncated, as Data.write does first
        let output = try session.run("save")
        let text = Self.contents(path)
        #expect(text.contains("Theirs") && text.contains("Second") && text.contains("Mine"), "\(output)")
    }

    @Test("a file empty when opened that another program writes while the save waits is merged with")
    func emptyFileWrittenDuringTheSave() throws {
        let pathBox = PathBox()
        let settle = FileStore.SettleWait(limit: 3600, quiet: 3600) { poll in
            // The other program writes the file at the save's second look, after it began.
            if poll == 2, let path = pathBox.path {
                _ = FileManager.default.createFile(atPath: path, contents: Data(Self.twoListed.utf8))
            }
        }
        var (session, folder, path) = try Self.session(contents: "", settle: settle)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        pathBox.path = path
        try session.run("new Mine")
        let output = try session.run("save")
        let text = Self.contents(path)
        #expect(text.contains("Theirs") && text.contains("Second") && text.contains("Mine"), "\(output)")
        #expect(!session.hasUnsavedChanges)
    }

    static let twoListed =
        "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"Theirs\",\"office\":\"\"},"
        + "{\"id\":\"00000000-0000-0000-0000-000000000002\",\"name\":\"Second\",\"office\":\"\"}]"

    /// Where the settle wait's writer writes, set once the file exists.
    final class PathBox: @unchecked Sendable {
        var path: String?
    }
}
