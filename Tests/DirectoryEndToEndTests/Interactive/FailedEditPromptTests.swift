import Foundation
import Testing

extension Interactive {
    /// A failed `edit` at the prompt: the message names the records near the name, and the
    /// record the prompt shows stays current (a script's failed `edit` leaves none current).
    struct FailedEditPromptTests {
        @Test("a failed edit at the prompt names the near records and keeps the current record")
        func failedEditKeepsTheCurrentRecord() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            for line in ["new Zoë 高橋", "new Zoe Smith", "edit zoe"] {
                terminal.type(line)
                terminal.press(.enter)
            }
            #expect(
                terminal.waitFor(
                    "error: no record is called 'zoe'; the nearest names are 4 Zoë 高橋, 5 Zoe Smith: give the number "))
            #expect(terminal.waitFor("directory.plist [5 Zoe Smith]* > "))
            terminal.type("set office Briggs 9")
            terminal.press(.enter)
            #expect(terminal.waitFor("office of person 5 set."))
        }
    }
}
