import Testing

@testable import DirectoryCore

extension Interactive {
    /// The question asked before unsaved changes could be lost.
    struct SaveQuestionTests {
        @Test("the question names the file")
        func theQuestionNamesTheFile() {
            #expect(
                SaveQuestion.prompt(fileName: "directory.plist")
                    == "Save changes to directory.plist? [y]es, [n]o, [c]ancel ")
        }

        @Test(
            "answers are read in any case",
            arguments: [
                ("y", SaveQuestion.Answer?.some(.save)), ("YES", .save), (" n ", .discard), ("no", .discard),
                ("c", .cancel), ("Cancel", .cancel), ("", nil), ("maybe", nil),
            ])
        func answersAreReadInAnyCase(line: String, expected: SaveQuestion.Answer?) {
            #expect(SaveQuestion.answer(line) == expected)
        }

        @Test("revert's question counts the changes; yes discards, no keeps, cancel and others ask again")
        func revertsQuestion() {
            #expect(
                SaveQuestion.discardPrompt(changes: 3, fileName: "directory.plist")
                    == "Discard 3 unsaved changes to directory.plist and take its version? [y]es, [n]o ")
            #expect(SaveQuestion.discardPrompt(changes: 1, fileName: "d.json").hasPrefix("Discard 1 unsaved change "))
            #expect(SaveQuestion.discardAnswer("Yes") == true)
            #expect(SaveQuestion.discardAnswer(" n") == false)
            #expect(SaveQuestion.discardAnswer("c") == nil)
            #expect(SaveQuestion.discardAnswer("") == nil)
        }
    }
}
