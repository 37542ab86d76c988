import DirectoryCore
import Foundation
import Testing

@testable import DirectoryCLI

extension Interactive {
    /// What the prompt prints at the edges: output without a final newline, a sourced file
    /// under `--bail`, sqlite3's and psql's commands, SIGTERM while a line is typed, text
    /// wider than the window, and Shift with the arrows.
    struct PromptOutputEdgeTests {
        @Test("output without a final newline (export json -) is ended before the prompt, which covers none of it")
        func outputWithoutAFinalNewlineIsEndedBeforeThePrompt() throws {
            guard TmuxPane.isInstalled else { return }
            let folder = TemporaryFolder()
            let json = try ProgramRun.run(["-c", "export json -"], folder: TemporaryFolder()).standardOutput
            #expect(!json.isEmpty && !json.hasSuffix("\n"))
            let pane = try TmuxPane(folder: folder)
            #expect(pane.waitUntil { $0.rows.last == "directory.plist >" })
            pane.type("export json -")
            pane.press("Enter")
            #expect(
                pane.waitUntil { pane in
                    let rows = pane.rows
                    return rows.count > 3 && rows.last == "directory.plist >"
                        && rows[rows.count - 2].hasSuffix(String(json.suffix(8)))
                })
        }

        @Test("with --bail, a file sourced at the prompt stops at its first error, and the prompt goes on")
        func sourceAtThePromptHonoursBail() throws {
            let folder = TemporaryFolder()
            try "frobnicate\nnew Zed Two\n".write(toFile: folder.file("setup.txt"), atomically: true, encoding: .utf8)
            let terminal = try PseudoTerminal(["--bail", "--no-pager"], folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("source ~/setup.txt\r")
            #expect(terminal.waitFor("~/setup.txt:1: unknown command 'frobnicate'"))
            terminal.type("new Marker\r")
            #expect(terminal.waitFor("Added person 4 Marker; it is now current."))
            #expect(!terminal.screenText.contains("Zed Two"))
        }

        @Test(
            "sqlite3's and psql's commands get a hint of what does their work here",
            arguments: [
                (".mode csv", "unknown command '.mode'; here, 'format csv', 'format json'"),
                ("\\pset format csv", "unknown command '\\pset'; here, 'format csv', 'format json'"),
                (".output people.csv", "unknown command '.output'; here, 'export csv -'"),
                ("\\o people.csv", "unknown command '\\o'; here, 'export csv -'"),
            ])
        func foreignCommandsGetAHint(line: String, message: String) throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(["--no-pager"], folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type(line + "\r")
            #expect(terminal.waitFor("error: " + message))
        }

        @Test("SIGTERM while a line is typed: the exit message starts a line of its own")
        func sigtermMessageStartsALineOfItsOwn() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Zed\r")
            #expect(terminal.waitFor("Added person 4 Zed; it is now current."))
            #expect(terminal.waitFor("]* > "))
            terminal.type("typed ahead")
            #expect(terminal.waitFor("typed ahead"))
            terminal.send(SIGTERM)
            #expect(terminal.waitForExit() == 143)
            #expect(terminal.screenText.contains("typed ahead\ndirectory: ended by a signal"), "\(terminal.rawText)")
        }

        @Test("Shift-Left and Shift-Right move as Left and Right do; Shift-Up recalls as Up does")
        func shiftArrowsActAsTheArrows() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Zd")
            terminal.type("\u{1B}[1;2D")  // Shift-Left
            terminal.type("e")
            terminal.type("\u{1B}[1;2C")  // Shift-Right
            terminal.type("!\r")
            #expect(terminal.waitFor("Added person 4 Zed!; it is now current."))
            #expect(terminal.waitFor("]* > "))
            terminal.type("\u{1B}[1;2A")  // Shift-Up
            terminal.type("\r")
            #expect(terminal.waitFor("Added person 5 Zed!; it is now current."))
        }
    }

    /// Text wider than a narrow window, in a real terminal: broken between words.
    @Suite(.enabled(if: TmuxPane.isInstalled, "needs tmux"))
    struct NarrowWindowTests {
        @Test(
            "at 50 columns the banner and a long error break between words, and help puts a summary under its command")
        func narrowWindowBreaksBetweenWords() throws {
            let folder = TemporaryFolder()
            let pane = try TmuxPane(["--no-pager"], folder: folder, width: 50)
            #expect(pane.waitUntil { $0.rows.last == "directory.plist >" })
            // The program's own version line: an installed package names its commit where this build may not.
            let version = try ProgramRun.run(["--version"], folder: folder).standardOutput
                .trimmingCharacters(in: .newlines)
            let banner = version + " — type 'help' for the commands, Tab to complete, 'quit' or Ctrl-D to leave."
            let rows = pane.rows
            let bannerRows = rows.prefix { !$0.hasPrefix("/") }
            #expect(bannerRows.count > 1)
            #expect(bannerRows.joined(separator: " ") == banner, "\(rows)")
            pane.type("frobnicate the whole list of people at once")
            pane.press("Enter")
            #expect(
                pane.waitUntil { $0.rows.last == "directory.plist >" && $0.rows.contains { $0.hasPrefix("error: ") } })
            let error = "error: unknown command 'frobnicate'; type 'help' for a list of commands"
            let shown = pane.rows
            let first = try #require(shown.firstIndex { $0.hasPrefix("error: ") })
            #expect(shown[first..<(shown.count - 1)].joined(separator: " ") == error, "\(shown)")
            pane.type("help")
            pane.press("Enter")
            #expect(
                pane.waitUntil { $0.rows.contains { $0.hasPrefix("  quit") } && $0.rows.last == "directory.plist >" })
            let help = pane.allRows
            let usage = try #require(help.firstIndex { $0.hasPrefix("  export FORMAT") })
            #expect(help[usage] == "  export FORMAT [OPTIONS] PATH")
            #expect(help[usage + 1].hasPrefix("      write the list"))
        }

        @Test("at 40 columns a warning (a bad ~/.editrc line) breaks between words, never inside one")
        func narrowWindowBreaksWarningsBetweenWords() throws {
            let folder = TemporaryFolder()
            try "frobnicate the whole list of people\n".write(
                toFile: folder.file(".editrc"), atomically: true, encoding: .utf8)
            let pane = try TmuxPane(["--no-pager"], folder: folder, width: 40)
            #expect(pane.waitUntil { $0.rows.last == "directory.plist >" })
            let rows = pane.rows
            let first = try #require(rows.firstIndex { $0.hasPrefix("directory:") }, "\(rows)")
            let last = try #require(rows.firstIndex { $0.hasSuffix("(ignored)") }, "\(rows)")
            let warning = rows[first...last].joined(separator: " ")
            // The path has no space and is cut where it must be; every word after it is whole on its row.
            let words = "'frobnicate' is not an editrc command (see man 5 editrc) (ignored)"
            #expect(warning.hasSuffix(":1: " + words), "\(rows)")
            let shown = rows[first...last].flatMap { $0.split(separator: " ").map(String.init) }
            for word in words.split(separator: " ") {
                #expect(shown.contains(String(word)), "'\(word)' was cut: \(rows)")
            }
        }
    }
}
