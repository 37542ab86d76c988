import Foundation
import Testing

extension Interactive {
    /// A new file named at the prompt starts with the app's sample people, which a save would
    /// write into it: the first lines say so, and how to start the file empty.
    struct NewFileWelcomeTests {
        @Test("the first lines say a save writes the samples, and that delete 1-3 starts the file empty")
        func theWelcomeSaysHowToStartEmpty() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(["--file", folder.file("team.plist")], folder: folder)
            #expect(
                terminal.waitFor(
                    "does not exist yet: 3 sample people were loaded, not saved; 'save' creates the file with "
                        + "them ('delete 1-3' first starts it empty)."))
            #expect(terminal.waitFor("team.plist > "))
            terminal.type("delete 1-3")
            terminal.press(.enter)
            #expect(terminal.waitFor("Deleted 3 people"))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("'new NAME'"))
            terminal.type("quit!")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
        }

        @Test("a new bucket list starts empty and the first lines say only that save creates the file")
        func anEmptyStartSaysOnlyThatSaveCreatesTheFile() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(["--kind", "bucket", "--file", folder.file("b.json")], folder: folder)
            #expect(terminal.waitFor("does not exist yet: the list is empty, not saved; 'save' creates the file.\n"))
            terminal.type("quit")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
        }
    }
}
