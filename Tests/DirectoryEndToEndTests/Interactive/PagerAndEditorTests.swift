import Foundation
import Testing

extension Interactive {
    /// Long output through the pager, and `editor`, at a terminal.
    struct PagerAndEditorTests {
        /// A saved list of P01…P`count` in `folder`/d.json.
        func savedList(_ count: Int, in folder: TemporaryFolder) throws {
            try SavedList.people((1...count).map { String(format: "P%02d", $0) }, in: folder)
        }

        @Test(
            "a long list pages, and q returns to the prompt",
            .enabled(if: ToolRun.exists("/usr/bin/less"), "less is not installed (Debian: apt-get install less)"))
        func aLongListPagesAndQReturnsToThePrompt() throws {
            let folder = TemporaryFolder()
            try savedList(60, in: folder)
            let terminal = try PseudoTerminal(["--file", folder.file("d.json")], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("P20"))
            #expect(terminal.waitFor(":"))  // less's prompt under the first screen
            #expect(!terminal.screenText.contains("P60"), "only the first screen is shown")
            terminal.type("q")
            #expect(terminal.waitFor("d.json > "))
            terminal.type("list 2-3")
            terminal.press(.enter)
            #expect(terminal.waitFor("2  P02\n  3  P03\nd.json > "), "short output is printed directly")
            terminal.press(.controlD)
            #expect(terminal.waitForExit() == 0)
        }

        @Test("editor text that cannot be used can be edited again or dropped")
        func editorTextThatCannotBeUsedCanBeEditedAgainOrDropped() throws {
            let folder = TemporaryFolder()
            try savedList(3, in: folder)
            // First run: breaks the text. Second run: mends it and changes P02.
            let editor = StandInEditor(
                """
                if grep -q BROKEN "$f"; then sed -i -e '/BROKEN/d' -e 's/^P02/Paula/' "$f"
                else printf 'BROKEN\\n' >> "$f"; fi
                """, in: folder)
            let terminal = try PseudoTerminal(
                ["--file", folder.file("d.json")], folder: folder, environment: ["EDITOR": editor.path])
            #expect(terminal.waitFor("d.json > "))
            terminal.type("editor")
            terminal.press(.enter)
            #expect(terminal.waitFor("line 5: 1 column"))
            #expect(terminal.waitFor("[e]dit, [d]rop "))
            terminal.type("maybe")
            terminal.press(.enter)
            #expect(terminal.waitFor("Please answer e or d."))
            terminal.type("e")
            terminal.press(.enter)
            #expect(terminal.waitFor("Changed 1 person in one change ('undo' takes it back)."))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("2  Paula"))
            terminal.type("editor")
            terminal.press(.enter)
            #expect(terminal.waitFor("[e]dit, [d]rop "))
            terminal.type("d")
            terminal.press(.enter)
            #expect(terminal.waitFor("Dropped the edited text; nothing was changed."))
            terminal.type("undo")
            terminal.press(.enter)
            #expect(terminal.waitFor("Undid 'editor'."))
            terminal.type("quit")
            terminal.press(.enter)
            #expect(terminal.waitForExit() == 0)
        }
    }
}
