import Foundation
import Testing

extension Interactive {
    /// Ctrl-D, `quit` and `open` ask before unsaved changes are lost.
    struct UnsavedChangesTests {
        private static let question = "Save changes to directory.plist? [y]es, [n]o, [c]ancel "

        @Test func controlDAsksAndCancelKeepsTheSessionThenYesSavesAndQuits() throws {
            let folder = TemporaryFolder()
            do {
                let terminal = try PseudoTerminal(folder: folder)
                #expect(terminal.waitFor("directory.plist > "))
                terminal.type("new Kim Tran")
                terminal.press(.enter)
                #expect(terminal.waitFor("directory.plist [4 Kim Tran]* > "))
                terminal.press(.controlD)
                #expect(terminal.waitFor(Self.question))
                terminal.type("c")
                terminal.press(.enter)
                #expect(terminal.waitFor("directory.plist [4 Kim Tran]* > "))
                terminal.type("quit")
                terminal.press(.enter)
                #expect(terminal.waitFor(Self.question))
                terminal.type("y")
                terminal.press(.enter)
                #expect(terminal.waitFor("Saved 4 people to directory.plist."))
                #expect(terminal.waitForExit() == 0)
            }
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("find kim")
            terminal.press(.enter)
            #expect(terminal.waitFor("4  Kim Tran"))
        }

        @Test func noDiscardsTheChanges() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Kim Tran")
            terminal.press(.enter)
            #expect(terminal.waitFor("directory.plist [4 Kim Tran]* > "))
            terminal.press(.controlD)
            #expect(terminal.waitFor(Self.question))
            terminal.type("n")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.file("data/directory/directory.plist")))
        }

        @Test func openAsksSavesAndSwitchesFiles() throws {
            let folder = TemporaryFolder()
            let other = folder.file("other.plist")
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Kim Tran")
            terminal.press(.enter)
            #expect(terminal.waitFor("directory.plist [4 Kim Tran]* > "))
            terminal.type("open " + other)
            terminal.press(.enter)
            #expect(terminal.waitFor(Self.question))
            terminal.type("y")
            terminal.press(.enter)
            #expect(terminal.waitFor("Saved 4 people to directory.plist."))
            #expect(terminal.waitFor("Opened other.plist"))
            #expect(terminal.waitFor("other.plist > "))
            #expect(FileManager.default.fileExists(atPath: folder.file("data/directory/directory.plist")))
        }
    }
}
