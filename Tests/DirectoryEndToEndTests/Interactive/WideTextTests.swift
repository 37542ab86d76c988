import DirectoryCore
import Foundation
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
        /// Characters of many code points: a family of four joined with U+200D (25 bytes), the
        /// Scotland flag (7 code points, 28 bytes), `e` with 13 accents (27 bytes). tmux shows at
        /// most 21 bytes of one character and drops the rest from its screen; the line must not.
        static let longCharacters = [
            "👨\u{200D}👩\u{200D}👧\u{200D}👦",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "e" + String(repeating: "\u{0301}", count: 13),
        ]

        @Test("characters of many code points are kept whole, typed, pasted, edited around and deleted")
        func charactersOfManyCodePointsAreKeptWholeTypedPastedEditedAroundAndDeleted() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            let prompt = "directory.plist > "
            #expect(terminal.waitFor(prompt))
            var number = 4
            var current = prompt
            for character in Self.longCharacters {
                // Typed, the cursor moved back over it and a letter put before it, then after it.
                terminal.type("new " + character)
                #expect(terminal.waitForCursor(at: DisplayWidth.of(current + "new " + character)))
                terminal.press(.left)
                #expect(terminal.waitForCursor(at: DisplayWidth.of(current + "new ")))
                terminal.type("Q")
                terminal.press(.right)
                #expect(terminal.waitForCursor(at: DisplayWidth.of(current + "new Q" + character)))
                terminal.type("|")
                terminal.press(.enter)
                #expect(terminal.waitFor("Added person \(number) Q\(character)|; it is now current."))
                current = "directory.plist [\(number) Q\(character)|]* > "
                #expect(terminal.waitFor(current))
                number += 1
                // Pasted (bracketed), with a character typed after it.
                terminal.type("\u{1B}[200~new P\(character)\u{1B}[201~|")
                terminal.press(.enter)
                #expect(terminal.waitFor("Added person \(number) P\(character)|; it is now current."))
                current = "directory.plist [\(number) P\(character)|]* > "
                #expect(terminal.waitFor(current))
                number += 1
                // Backspace takes the whole character, not its last code point.
                terminal.type("new A" + character)
                #expect(terminal.waitForCursor(at: DisplayWidth.of(current + "new A" + character)))
                terminal.press(.backspace)
                terminal.type("B")
                terminal.press(.enter)
                #expect(terminal.waitFor("Added person \(number) AB; it is now current."))
                current = "directory.plist [\(number) AB]* > "
                #expect(terminal.waitFor(current))
                number += 1
            }
            // What is saved is what was typed.
            terminal.type("save")
            terminal.press(.enter)
            #expect(terminal.waitFor("Saved"))
            let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("data/directory/directory.plist")))
            let records = try PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]]
            let names = Set((records ?? []).compactMap { $0["name"] as? String }.map { Array($0.unicodeScalars) })
            for character in Self.longCharacters {
                #expect(names.contains(Array("Q\(character)|".unicodeScalars)))
                #expect(names.contains(Array("P\(character)|".unicodeScalars)))
            }
        }
    }
}
