import Foundation
import Testing

extension Interactive {
    /// History: kept in a file across sessions, recalled with Up and Ctrl-R, and `!` references.
    struct HistoryTests {
        @Test("history is written after each command and recalled in the next session")
        func historyIsWrittenAfterEachCommandAndRecalledInTheNextSession() throws {
            let folder = TemporaryFolder()
            let historyPath = folder.file("state/directory/history")
            do {
                let terminal = try PseudoTerminal(folder: folder)
                #expect(terminal.waitFor("directory.plist > "))
                for line in ["list", " find secret", "list", "find Joe"] {
                    terminal.type(line)
                    terminal.press(.enter)
                    #expect(terminal.waitFor("directory.plist > "))
                }
                // Written already, before the session ends.
                let written = try String(contentsOfFile: historyPath, encoding: .utf8)
                #expect(written == "_HiStOrY_V2_\nlist\nfind\\040Joe\n")
                let attributes = try FileManager.default.attributesOfItem(atPath: historyPath)
                #expect((attributes[.posixPermissions] as? Int) == 0o600)
                terminal.press(.controlD)
                #expect(terminal.waitForExit() == 0)
            }
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.press(.up)
            terminal.press(.enter)
            #expect(terminal.waitFor("2  Joe Gregg"))
            #expect(terminal.waitFor("directory.plist > "))
            terminal.press(.controlR)
            terminal.type("lis")
            terminal.press(.enter)
            #expect(terminal.waitFor("3  Kurt Krebsbach"))
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("history")
            terminal.press(.enter)
            #expect(terminal.waitFor("1  list\n  2  find Joe\n  3  list\n  4  history\n"))
            terminal.type("!2")
            terminal.press(.enter)
            #expect(terminal.waitFor("!2\nfind Joe\n"))
            terminal.type("!!")
            terminal.press(.enter)
            #expect(terminal.waitFor("!!\nfind Joe\n"))
            terminal.type("!nope")
            terminal.press(.enter)
            #expect(terminal.waitFor("error: no earlier line starts with 'nope'"))
            terminal.press(.controlD)
            #expect(terminal.waitForExit() == 0)
            let history = try String(contentsOfFile: historyPath, encoding: .utf8)
            #expect(history == "_HiStOrY_V2_\nlist\nfind\\040Joe\nlist\nhistory\nfind\\040Joe\n")
        }

        @Test("/dev/null keeps no history file")
        func devNullKeepsNoHistoryFile() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder, environment: ["DIRECTORY_HISTORY": "/dev/null"])
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("Kurt Krebsbach"))
            terminal.press(.controlD)
            #expect(terminal.waitForExit() == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.file("state/directory/history")))
        }
    }
}
