import DirectoryCore
import Testing

extension Interactive {
    /// Wide and joined characters at the prompt: where the cursor is drawn, and what Backspace deletes.
    struct WideTextTests {
        @Test("the cursor is where the text ends after deleting CJK characters")
        func theCursorIsWhereTheTextEndsAfterDeletingCJKCharacters() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            let prompt = "directory.plist > "
            #expect(terminal.waitFor(prompt))
            terminal.type("new ab高橋c")
            #expect(terminal.waitFor("new ab高橋c"))
            // Back over c and 橋, then delete 高: the cursor stands after "ab".
            terminal.press(.left)
            terminal.press(.left)
            terminal.press(.backspace)
            #expect(terminal.waitFor("橋c"))
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new ab")))
            // Delete at the end: the cursor follows the last character.
            terminal.press(.right)
            terminal.press(.right)
            terminal.press(.backspace)
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new ab橋")))
            terminal.press(.backspace)
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new ab")))
            terminal.type("Z")
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 abZ; it is now current."))
        }

        @Test("the cursor moves and deletes by whole joined emoji, flags and accented letters")
        func theCursorMovesAndDeletesByWholeJoinedEmojiFlagsAndAccentedLetters() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            let prompt = "directory.plist > "
            #expect(terminal.waitFor(prompt))
            terminal.type("new X👩‍💻")
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new X👩‍💻")))
            terminal.press(.left)  // just before the emoji, not before X
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new X")))
            terminal.press(.left)
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new ")))
            terminal.press(.right)
            terminal.press(.right)
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new X👩‍💻")))
            terminal.type(" 🇯🇵e\u{0308}")
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new X👩‍💻 🇯🇵e\u{0308}")))
            terminal.press(.left)  // before ë, one column back
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new X👩‍💻 🇯🇵")))
            terminal.press(.left)  // before the flag, two columns back
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new X👩‍💻 ")))
            terminal.press(.backspace)  // the space
            terminal.press(.delete)  // the whole flag
            #expect(terminal.waitForCursor(at: DisplayWidth.of(prompt + "new X👩‍💻")))
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 X👩‍💻e\u{0308}; it is now current."))
        }

        @Test("backspace deletes a whole joined emoji and the prompt keeps the joiner")
        func backspaceDeletesAWholeJoinedEmojiAndThePromptKeepsTheJoiner() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("new A👩‍💻")
            #expect(terminal.waitFor("A👩‍💻"))
            terminal.press(.backspace)
            terminal.type("B")
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 AB; it is now current."))
            terminal.type("new Dev 👩\u{200D}💻 e\u{0301}")
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 5 Dev 👩\u{200D}💻 e\u{0301}; it is now current."))
            #expect(terminal.waitFor("]* > "))
            #expect(terminal.rawText.contains("[5 Dev 👩\u{200D}💻 e\u{0301}]* > "))
        }
    }
}
