import DirectoryCore
import Foundation
import Testing

extension Interactive {
    /// The keys a readline user presses daily, in a real terminal (tmux): Ctrl-L, Ctrl-R with
    /// Backspace, C-_ and M-., and vi's commands on characters made of several code points.
    /// Each reads what the screen shows and where the cursor is.
    @Suite(.enabled(if: TmuxPane.isInstalled, "needs tmux"))
    struct PromptKeysTests {
        static let prompt = "directory.plist > "

        @Test(
            "Ctrl-L clears the screen and draws the prompt and the line at its top",
            arguments: ["", "bind ^L ed-clear-screen\n", "bind -v\n"])
        func controlLClearsTheScreenAndRedrawsTheLine(editrc: String) throws {
            let folder = TemporaryFolder()
            try editrc.write(toFile: folder.file(".editrc"), atomically: true, encoding: .utf8)
            let pane = try TmuxPane(folder: folder)
            #expect(pane.waitUntil { $0.rows.last == "directory.plist >" })
            pane.type("list")
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.count > 4 && $0.rows.last == "directory.plist >" })
            pane.type("find Gregg")
            pane.send(bytes: [0x0C])
            let line = Self.prompt + "find Gregg"
            #expect(
                pane.waitUntil { $0.rows == [line] && $0.cursorRow == 0 && $0.cursorColumn == line.count },
                "editrc: \(editrc.debugDescription)")
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.count > 1 && $0.rows.last == "directory.plist >" })
        }

        @Test("Ctrl-R: a lower-case pattern ignores case, Backspace edits the pattern, Enter runs the line shown")
        func controlRSearchEditsItsPatternAndRunsTheLineShown() throws {
            let folder = TemporaryFolder()
            let pane = try TmuxPane(folder: folder)
            #expect(pane.waitUntil { $0.rows.last == "directory.plist >" })
            pane.type("new Krebsbach Anna")
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.contains("Added person 4 Krebsbach Anna; it is now current.") })
            pane.type("list")
            pane.press("Enter")
            let prompt = "directory.plist [4 Krebsbach Anna]* > "
            #expect(pane.waitUntil { $0.rows.last == prompt.trimmingCharacters(in: .whitespaces) })
            pane.send(bytes: [0x12])
            pane.type("krebsx")
            #expect(pane.waitUntil { $0.rows.last == "(failed reverse-i-search)`krebsx': new Krebsbach Anna" })
            pane.press("BSpace")
            let found = "(reverse-i-search)`krebs': new Krebsbach Anna"
            #expect(pane.waitForLastRow(found, cursorAt: "(reverse-i-search)`krebs': new ".count))
            // Backspace back to nothing shows the line as it was; then a new pattern.
            pane.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
            #expect(pane.waitForLastRow("(reverse-i-search)`': ", cursorAt: "(reverse-i-search)`': ".count))
            pane.type("lis")
            #expect(pane.waitForLastRow("(reverse-i-search)`lis': list", cursorAt: "(reverse-i-search)`lis': ".count))
            // Another key ends the search on the line found and does its work there.
            pane.press("End")
            #expect(pane.waitForLastRow(prompt + "list", cursorAt: (prompt + "list").count))
            pane.type(" 4")
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.last == prompt.trimmingCharacters(in: .whitespaces) })
            #expect(pane.rows.contains { $0.contains("4  Krebsbach Anna") })
            pane.send(bytes: [0x12])
            pane.type("KREBS")  // capitals: exact case; K is found, KR nowhere, and the last line found stays
            #expect(pane.waitUntil { $0.rows.last == "(failed reverse-i-search)`KREBS': new Krebsbach Anna" })
            pane.press("C-u")  // ends the search and clears the line
            pane.send(bytes: [0x12])
            pane.type("krebs")
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.contains("Added person 5 Krebsbach Anna; it is now current.") })
        }

        @Test("M-. inserts the last word of the lines before, walking back; C-_ undoes one change at a time")
        func lastArgumentAndUndoWorkAsInReadline() throws {
            let folder = TemporaryFolder()
            let pane = try TmuxPane(folder: folder)
            #expect(pane.waitUntil { $0.rows.last == "directory.plist >" })
            pane.type("new Alpha \"Beta Gamma\"")
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.last?.hasSuffix("]* >") == true })
            let shownPrompt = try #require(pane.rows.last) + " "
            pane.type("find Delta")
            pane.press("Enter")
            #expect(
                pane.waitUntil { $0.rows.count > 3 && $0.rows.last == shownPrompt.trimmingCharacters(in: .whitespaces) }
            )
            pane.type("find ")
            pane.send(bytes: [0x1B, 0x2E])  // M-.
            #expect(pane.waitForLastRow(shownPrompt + "find Delta", cursorAt: (shownPrompt + "find Delta").count))
            pane.send(bytes: [0x1B, 0x2E])
            let quoted = shownPrompt + "find \"Beta Gamma\""
            #expect(pane.waitForLastRow(quoted, cursorAt: quoted.count))
            pane.send(bytes: [0x1F])  // C-_: back to the first M-.
            #expect(pane.waitForLastRow(shownPrompt + "find Delta", cursorAt: (shownPrompt + "find Delta").count))
            pane.send(bytes: [0x1F])
            #expect(pane.waitForLastRow(shownPrompt + "find ", cursorAt: (shownPrompt + "find ").count))
            pane.press("Left", "Left")
            #expect(pane.waitForLastRow(shownPrompt + "find ", cursorAt: (shownPrompt + "fin").count))
            pane.press("BSpace")
            #expect(pane.waitForLastRow(shownPrompt + "fid ", cursorAt: (shownPrompt + "fi").count))
            pane.send(bytes: [0x1F])  // the deletion comes back, the cursor where it was
            #expect(pane.waitForLastRow(shownPrompt + "find ", cursorAt: (shownPrompt + "fin").count))
            pane.send(bytes: [0x1F])  // the typing goes as one change
            #expect(pane.waitForLastRow(shownPrompt, cursorAt: shownPrompt.count))
        }

        @Test("vi mode: x, X, r and dl take whole characters, and the screen shows the line that runs")
        func viCommandsTakeWholeCharacters() throws {
            let folder = TemporaryFolder()
            try "bind -v\n".write(toFile: folder.file(".editrc"), atomically: true, encoding: .utf8)
            let pane = try TmuxPane(folder: folder)
            #expect(pane.waitUntil { $0.rows.last == "directory.plist >" })
            let prompt = Self.prompt
            pane.type("new a👩‍💻b🇯🇵c")
            #expect(pane.waitUntil { $0.rows.last == prompt + "new a👩‍💻b🇯🇵c" })
            pane.press("Escape")
            pane.type("h")  // on the flag
            pane.type("x")
            #expect(
                pane.waitForLastRow(prompt + "new a👩‍💻bc", cursorAt: DisplayWidth.of(prompt + "new a👩‍💻b")))
            pane.type("h")  // on b
            pane.type("X")  // the emoji before it
            #expect(pane.waitForLastRow(prompt + "new abc", cursorAt: DisplayWidth.of(prompt + "new a")))
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.contains("Added person 4 abc; it is now current.") })
            let next = "directory.plist [4 abc]* > "
            #expect(pane.waitUntil { $0.rows.last == next.trimmingCharacters(in: .whitespaces) })
            pane.type("new 👩‍💻👩‍💻z")
            pane.press("Escape")
            pane.type("h")  // on the second emoji
            pane.type("rQ")
            #expect(pane.waitForLastRow(next + "new 👩‍💻Qz", cursorAt: DisplayWidth.of(next + "new 👩‍💻")))
            pane.type("h")  // on the first
            pane.type("dl")
            #expect(pane.waitForLastRow(next + "new Qz", cursorAt: DisplayWidth.of(next + "new ")))
            pane.press("Enter")
            #expect(pane.waitUntil { $0.rows.contains("Added person 5 Qz; it is now current.") })
        }
    }
}
