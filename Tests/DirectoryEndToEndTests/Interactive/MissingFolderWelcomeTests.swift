import Foundation
import Testing

extension Interactive {
    /// A new file named at the prompt in a folder that does not exist: the first lines say
    /// that the folder is missing too, so the user learns it before typing edits, not at `save`.
    struct MissingFolderWelcomeTests {
        @Test("the first lines say that the new file's folder does not exist either, and that save fails until made")
        func theWelcomeNamesTheMissingFolder() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal([folder.file("nonexist/team.plist")], folder: folder)
            #expect(
                terminal.waitFor(
                    "team.plist does not exist yet: 3 sample people were loaded, not saved; 'save' creates the file "
                        + "with them ('delete 1-3' first starts it empty). Its folder \(folder.file("nonexist")) does "
                        + "not exist either, so 'save' fails until the folder is made; 'save as PATH' saves elsewhere.")
            )
            #expect(terminal.waitFor("team.plist > "))
            terminal.type("quit!")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
        }
    }
}
