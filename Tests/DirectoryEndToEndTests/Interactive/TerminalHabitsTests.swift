import Foundation
import Testing

extension Interactive {
    /// What a new user meets at a terminal: the first-run line, Ctrl-C on long output,
    /// pasted text, Ctrl-Z and fg, many completions, quit names, clear, ~/.editrc.
    struct TerminalHabitsTests {
        /// A saved list of `count` people named P000001… in `folder`/d.json; its path.
        func savedList(_ count: Int, in folder: TemporaryFolder) throws -> String {
            try SavedList.people((1...count).map { String(format: "P%06d", $0) }, in: folder)
        }

        @Test("the first line says what was loaded, and psql's and sqlite3's quit commands leave")
        func theFirstRunLineSaysWhatWasLoadedAndPsqlAndSqliteQuitNamesLeave() throws {
            for quit in ["\\q", ".quit", ".exit", "exit"] {
                let folder = TemporaryFolder()
                let terminal = try PseudoTerminal(folder: folder)
                #expect(terminal.waitFor("type 'help' for the commands"))
                #expect(terminal.waitFor("does not exist yet: 3 sample people were loaded, not saved"))
                #expect(terminal.waitFor("directory.plist > "))
                terminal.type(quit)
                terminal.press(.enter)
                #expect(terminal.waitForExit() == 0, "\(quit) leaves")
            }
        }

        @Test("Ctrl-C stops a long listing at once")
        func controlCStopsALongListingAtOnce() throws {
            let folder = TemporaryFolder()
            let path = try savedList(20_000, in: folder)
            let terminal = try PseudoTerminal(["--no-pager", "--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("P000100"))
            terminal.press(.controlC)
            #expect(terminal.waitFor("Interrupted: the rest of the output was not printed.\nd.json > "))
            #expect(!terminal.screenText.contains("P020000"))
            terminal.type("list 2")
            terminal.press(.enter)
            #expect(terminal.waitFor("2  P000002\nd.json > "))
        }

        @Test("pasted tabs are text, not completion")
        func pastedTabsAreTextNotCompletion() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("edit 1")
            terminal.press(.enter)
            #expect(terminal.waitFor("directory.plist [1 Acacia Ackles] > "))
            terminal.type("\u{1B}[200~set office Briggs\t413\u{1B}[201~")
            terminal.press(.enter)
            #expect(terminal.waitFor("office of person 1 set."))
            terminal.type("show")
            terminal.press(.enter)
            #expect(terminal.waitFor("\"Briggs\\t413\""))
        }

        @Test("a pasted line does not answer the save question")
        func aPastedLineDoesNotAnswerTheSaveQuestion() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Zoë")
            terminal.press(.enter)
            #expect(terminal.waitFor("* > "))
            terminal.press(.controlD)
            #expect(terminal.waitFor("[y]es, [n]o, [c]ancel "))
            terminal.type("\u{1B}[200~n\n\u{1B}[201~")
            #expect(terminal.waitFor("Pasted text does not answer this question: type y, n or c."))
            terminal.type("c")
            terminal.press(.enter)
            #expect(terminal.waitFor("* > "))
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("4  Zoë"))
        }

        @Test("after a stop and continue, the prompt and the line are drawn again")
        func afterAStopAndContinueThePromptAndTheLineAreDrawnAgain() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("set na")
            #expect(terminal.waitFor("set na"))
            #expect(terminal.stopAndContinue())
            #expect(terminal.waitFor("directory.plist > set na"))
            terminal.type("me X")
            terminal.press(.enter)
            #expect(terminal.waitFor("no current person"))
        }

        @Test("many completions ask first")
        func manyCompletionsAskFirst() throws {
            let folder = TemporaryFolder()
            let path = try savedList(150, in: folder)
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("d.json > "))
            terminal.type("edit P")
            terminal.press(.tab)  // completes the common prefix P000
            terminal.press(.tab)
            #expect(terminal.waitFor("Display all 150 possibilities? (y or n)"))
            terminal.type("n")
            #expect(terminal.waitFor("d.json > edit P000"))
            #expect(!terminal.screenText.contains("P000150"))
            terminal.press(.tab)
            #expect(terminal.waitFor("Display all 150 possibilities? (y or n)"))
            terminal.type("y")
            #expect(terminal.waitFor("P000150"))
            #expect(terminal.waitFor("d.json > edit P000"))
        }

        @Test("clear clears the screen")
        func clearClearsTheScreen() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("clear")
            terminal.press(.enter)
            #expect(terminal.waitFor("directory.plist > "))
            #expect(terminal.rawText.contains("\u{1B}[H\u{1B}[2J"))
        }

        @Test("a bad .editrc line is named and the lines after it still apply")
        func aBadEditrcLineIsNamedAndTheLinesAfterItStillApply() throws {
            let folder = TemporaryFolder()
            let editrc = "# keys\nfrobnicate everything\nbind ^B ed-move-to-beg\n"
            _ = FileManager.default.createFile(atPath: folder.file(".editrc"), contents: Data(editrc.utf8))
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor(folder.file(".editrc") + ":2: "))
            #expect(terminal.waitFor("(ignored)"))
            #expect(terminal.waitFor("directory.plist > "))
            // Ctrl-B moves to the start of the line only if line 3 applied (by default it moves back one character).
            terminal.type("ist 2\u{02}l")
            terminal.press(.enter)
            #expect(terminal.waitFor("2  Joe Gregg"))
        }
    }
}
