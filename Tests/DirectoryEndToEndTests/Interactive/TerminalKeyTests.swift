import Foundation
import Testing

extension Interactive {
    /// Keys the terminal sends as escape sequences, and vi mode, whose Escape must not
    /// be mistaken for the start of one.
    struct TerminalKeyTests {
        @Test("vi mode from ~/.editrc: Escape reaches command mode, and x, h, b, dw and / work")
        func viModeCommandsEditTheLine() throws {
            let folder = TemporaryFolder()
            try "bind -v\n".write(toFile: folder.file(".editrc"), atomically: true, encoding: .utf8)
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Zed Alpha Betaxq")
            #expect(terminal.waitFor("Betaxq"))
            // Escape on its own, as a person presses it, then the commands in one burst.
            terminal.type("\u{1B}")
            terminal.type("hxxbbdw")
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 Zed Beta; it is now current."))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("4  Zed Beta"))
            // History search in command mode: / and a pattern, then Enter runs the line found.
            terminal.type("\u{1B}/Zed")
            terminal.press(.enter)
            #expect(terminal.waitFor("new Zed Beta"))
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 5 Zed Beta; it is now current."))
        }

        @Test(
            "Ctrl-Left/Right and Alt-b/f move by word, Home, End and Delete work, and other keys insert nothing",
            arguments: ["xterm-256color", "screen-256color", "tmux-256color", "xterm"])
        func escapeSequenceKeysEditTheLineAndInsertNoJunk(term: String) throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder, environment: ["TERM": term])
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("xnew Alpha Beta Gamma")
            #expect(terminal.waitFor("Gamma"))
            terminal.type("\u{1B}[1;5D")  // Ctrl-Left: before Gamma
            terminal.type("\u{1B}b")  // Alt-b: before Beta
            terminal.type("X")
            terminal.type("\u{1B}[1;5C")  // Ctrl-Right: after XBeta
            terminal.type("Y")
            terminal.type("\u{1B}f")  // Alt-f: after Gamma
            terminal.type("W")
            // PageUp, PageDown, Insert, F5, F1, Shift-Right: nothing.
            terminal.type("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[15~\u{1B}OP\u{1B}[1;2C")
            terminal.type("\u{1B}[H\u{1B}[3~")  // Home, Delete: the x goes
            terminal.type("\u{1B}[F")  // End
            terminal.type("Z")
            terminal.type("\u{1B}[1~\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}OC")  // Home (vt220) and Right: after "new "
            terminal.type("V")
            terminal.type("\u{1B}OF\u{1B}[4~")  // End (application mode, vt220)
            terminal.type("U")
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 VAlpha XBetaY GammaWZU; it is now current."))
        }
    }
}

extension Interactive {
    /// What the prompt prints for the small things a day of use finds.
    struct PromptOutputTests {
        @Test("CSV printed at the prompt shows no literal \\r at the line ends, and format switches at the prompt")
        func csvAtATerminalHasNoLiteralCarriageReturns() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(["--no-pager"], folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("format csv\r")
            #expect(terminal.waitFor("Records are printed as csv from now on."))
            terminal.type("list\r")
            #expect(terminal.waitFor(",Kurt Krebsbach,Briggs 411\n"))
            #expect(terminal.waitFor("directory.plist > "))
            #expect(!terminal.screenText.contains("\\r"))
        }
    }
}
