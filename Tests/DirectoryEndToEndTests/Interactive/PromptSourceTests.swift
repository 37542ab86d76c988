import Foundation
import Testing

extension Interactive {
    /// `source` at the prompt reads its file through the same loop as a script, by the script rules.
    struct PromptSourceTests {
        @Test("source at the prompt: errors as FILE:N:, the next line runs, quit in the file leaves")
        func sourceAtThePromptFollowsTheScriptRules() throws {
            let folder = TemporaryFolder()
            try "new Zoë\nbogus\nhistory\nedit 2\nset office Hall 9\n".write(
                toFile: folder.file("setup.txt"), atomically: true, encoding: .utf8)
            try "quit!\n".write(toFile: folder.file("bye.txt"), atomically: true, encoding: .utf8)
            let terminal = try PseudoTerminal(["--no-pager"], folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("source ~/setup.txt\r")
            #expect(terminal.waitFor("Added person 4 Zoë; it is now current."))
            #expect(terminal.waitFor("~/setup.txt:2: unknown command 'bogus'"))
            #expect(terminal.waitFor("~/setup.txt:3: history works only at the interactive prompt"))
            #expect(terminal.waitFor("office of person 2 set."))
            terminal.type("list 2, 4\r")
            #expect(terminal.waitFor("Hall 9"))
            #expect(terminal.waitFor("4  Zoë"))
            terminal.type("\\i ~/bye.txt\r")
            #expect(terminal.waitForExit() == 0)
        }
    }
}
