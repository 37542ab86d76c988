import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension Interactive {
    /// The history file cannot be used to overwrite other files, in any folder.
    struct HistorySafetyTests {
        @Test("a link planted at the old temporary name is not written through")
        func aLinkPlantedAtTheOldTemporaryNameIsNotWrittenThrough() throws {
            let folder = TemporaryFolder()
            let victim = folder.file("victim")
            try Data("secret\n".utf8).write(to: URL(fileURLWithPath: victim))
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            let history = folder.file("state/directory/history")
            unsafe #expect(symlink(victim, history + ".\(terminal.processIdentifier).tmp") == 0)
            terminal.type("list\r")
            #expect(terminal.waitFor("Kurt Krebsbach"))
            #expect(terminal.waitFor("directory.plist > "))
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "secret\n")
            #expect(try String(contentsOfFile: history, encoding: .utf8) == "_HiStOrY_V2_\nlist\n")
            terminal.press(.controlD)
            #expect(terminal.waitForExit() == 0)
        }

        @Test("a folder others can write is refused with a message")
        func aFolderOthersCanWriteIsRefusedWithAMessage() throws {
            let folder = TemporaryFolder()
            let shared = folder.file("shared")
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
            unsafe chmod(shared, 0o777)
            let terminal = try PseudoTerminal(folder: folder, environment: ["DIRECTORY_HISTORY": shared + "/history"])
            #expect(terminal.waitFor("the folder \(shared) can be written by other users (mode 0777)"))
            #expect(terminal.waitFor("history will not be kept this session"))
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("list\r")
            #expect(terminal.waitFor("Kurt Krebsbach"))
            terminal.press(.controlD)
            #expect(terminal.waitForExit() == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
        }

        @Test("a relative history path creates no folder at the root")
        func aRelativeHistoryPathCreatesNoFolderAtTheRoot() throws {
            let folder = TemporaryFolder()
            let top = "directory-history-test-" + UUID().uuidString
            let terminal = try PseudoTerminal(folder: folder, environment: ["DIRECTORY_HISTORY": top + "/sub/history"])
            #expect(terminal.waitFor("DIRECTORY_HISTORY must be an absolute path or start with ~/"))
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("list\r")
            #expect(terminal.waitFor("Kurt Krebsbach"))
            terminal.press(.controlD)
            #expect(terminal.waitForExit() == 0)
            #expect(!FileManager.default.fileExists(atPath: "/" + top))
            #expect(!FileManager.default.fileExists(atPath: folder.file(top)))
        }
    }
}
