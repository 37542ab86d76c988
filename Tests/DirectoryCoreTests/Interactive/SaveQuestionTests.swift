import Testing

@testable import DirectoryCore

extension Interactive {
    /// The question asked before unsaved changes could be lost.
    struct SaveQuestionTests {
        @Test func theQuestionNamesTheFile() {
            #expect(
                SaveQuestion.prompt(fileName: "directory.plist")
                    == "Save changes to directory.plist? [y]es, [n]o, [c]ancel ")
        }

        @Test(arguments: [
            ("y", SaveQuestion.Answer?.some(.save)), ("YES", .save), (" n ", .discard), ("no", .discard),
            ("c", .cancel), ("Cancel", .cancel), ("", nil), ("maybe", nil),
        ])
        func answersAreReadInAnyCase(line: String, expected: SaveQuestion.Answer?) {
            #expect(SaveQuestion.answer(line) == expected)
        }
    }
}
