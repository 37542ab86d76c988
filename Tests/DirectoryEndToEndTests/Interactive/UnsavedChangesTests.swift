import Foundation
import Testing

extension Interactive {
    /// Ctrl-D, `quit` and `open` ask before unsaved changes are lost.
    struct UnsavedChangesTests {
        private static let question = "Save changes to directory.plist? [y]es, [n]o, [c]ancel "

        @Test("Ctrl-D asks; cancel keeps the session, then yes saves and quits")
        func controlDAsksAndCancelKeepsTheSessionThenYesSavesAndQuits() throws {
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

        @Test("revert with unsaved changes asks first; no keeps them, another answer names the choices, yes reverts")
        func revertAsksBeforeDiscarding() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("save")
            terminal.press(.enter)
            #expect(terminal.waitFor("Saved 3 people"))
            terminal.type("edit 2")
            terminal.press(.enter)
            terminal.type("set office Lab 9")
            terminal.press(.enter)
            #expect(terminal.waitFor("* > "))
            let question = "Discard 1 unsaved change to directory.plist and take its version? [y]es, [n]o "
            terminal.type("revert")
            terminal.press(.enter)
            #expect(terminal.waitFor(question))
            terminal.type("maybe")
            terminal.press(.enter)
            #expect(terminal.waitFor("Please answer y or n."))
            terminal.type("n")
            terminal.press(.enter)
            terminal.type("changes")
            terminal.press(.enter)
            #expect(terminal.waitFor("1 unsaved change"))
            terminal.type("revert")
            terminal.press(.enter)
            #expect(terminal.waitFor(question))
            terminal.type("y")
            terminal.press(.enter)
            terminal.type("changes")
            terminal.press(.enter)
            #expect(terminal.waitFor("No unsaved changes"))
            terminal.type("revert")
            terminal.press(.enter)
            terminal.type("quit")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
            #expect(!terminal.screenText.contains(question + "\n\nrevert"), "no question without changes")
        }

        @Test("answering no discards the changes")
        func noDiscardsTheChanges() throws {
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

        @Test("open asks, saves and switches files")
        func openAsksSavesAndSwitchesFiles() throws {
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
