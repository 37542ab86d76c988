import DirectoryCore
import Foundation
import Testing

extension Interactive {
    /// Ctrl-X Ctrl-E (vi: `v`): the line edited in the user's editor.
    struct EditLineKeyTests {
        // The stand-in editors run through `sh`: a script just written, run by its own name while
        // another test spawns a program, can fail with "Text file busy".

        /// Ctrl-X Ctrl-E as the terminal sends it.
        static let controlXControlE = "\u{18}\u{05}"

        @Test("Ctrl-X Ctrl-E brings the line back from the editor, to be entered, and removes the file")
        func controlXControlEBringsTheLineBackFromTheEditorToBeEnteredAndRemovesTheFile() throws {
            let folder = TemporaryFolder()
            let editor = StandInEditor(#"sed -i 's/Ann/Bea/' "$f"; printf '%s' "$f" > "$DIR/edited""#, in: folder)
            let terminal = try PseudoTerminal(folder: folder, environment: ["VISUAL": "sh " + editor.path])
            let prompt = "directory.plist > "
            #expect(terminal.waitFor(prompt))
            terminal.type("new Ann")
            #expect(terminal.waitFor("new Ann"))
            terminal.type(Self.controlXControlE)
            #expect(terminal.waitFor(prompt + "new Bea"))
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new Bea")))
            // Not entered: what is typed next goes at its end.
            terminal.type("x")
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 Beax; it is now current."))
            let edited = try String(contentsOfFile: folder.file("edited"), encoding: .utf8)
            #expect(edited.hasSuffix(".txt"))
            #expect(!FileManager.default.fileExists(atPath: edited))
            // Undo takes the editor's change back as one.
            terminal.type("new Ann")
            terminal.type(Self.controlXControlE)
            #expect(terminal.waitFor(" > new Bea"))
            terminal.type("\u{1F}")  // Ctrl-_
            terminal.type("y")
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 5 Anny; it is now current."))
        }

        @Test("an editor that fails leaves the line as it was")
        func anEditorThatFailsLeavesTheLineAsItWas() throws {
            let folder = TemporaryFolder()
            let editor = StandInEditor(#"printf 'new Zed\n' > "$f"; exit 3"#, in: folder)
            let terminal = try PseudoTerminal(folder: folder, environment: ["VISUAL": "sh " + editor.path])
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Ann")
            terminal.type(Self.controlXControlE)
            #expect(terminal.waitFor("exited with status 3, so the line is as it was"))
            #expect(terminal.waitFor("directory.plist > new Ann"))
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 Ann; it is now current."))
        }

        @Test("several lines from the editor are entered one after another")
        func severalLinesFromTheEditorAreEnteredOneAfterAnother() throws {
            let folder = TemporaryFolder()
            let editor = StandInEditor(#"printf 'new One\r\nnew Two\n\n' > "$f""#, in: folder)
            let terminal = try PseudoTerminal(folder: folder, environment: ["VISUAL": "sh " + editor.path])
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Ann")
            terminal.type(Self.controlXControlE)
            #expect(terminal.waitFor("Added person 4 One; it is now current."))
            #expect(terminal.waitFor("Added person 5 Two; it is now current."))
            // The line typed before the editor ran was replaced, not entered.
            let listed = terminal.outputCount
            terminal.type("list")
            terminal.press(.enter)
            #expect(terminal.waitFor("5  Two"))
            #expect(!terminal.rawText(from: listed).contains("Ann"))
        }

        @Test("v in vi's command mode edits the line in the editor")
        func vInVisCommandModeEditsTheLineInTheEditor() throws {
            let folder = TemporaryFolder()
            try "bind -v\n".write(toFile: folder.file(".editrc"), atomically: true, encoding: .utf8)
            let editor = StandInEditor(#"sed -i 's/Ann/Bea/' "$f""#, in: folder)
            let terminal = try PseudoTerminal(folder: folder, environment: ["VISUAL": "sh " + editor.path])
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new Ann")
            #expect(terminal.waitFor("new Ann"))
            terminal.type("\u{1B}")
            terminal.type("v")
            #expect(terminal.waitFor("directory.plist > new Bea"))
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 Bea; it is now current."))
        }
    }
}
