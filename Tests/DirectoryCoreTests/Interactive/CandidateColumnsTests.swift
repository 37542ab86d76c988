import Testing

@testable import DirectoryCore

extension Interactive {
    /// Completion candidates are listed in columns that fit the terminal.
    struct CandidateColumnsTests {
        @Test("candidates fill columns top to bottom")
        func candidatesFillColumnsTopToBottom() {
            let names = ["changes", "delete", "edit", "find", "help", "list", "new"]
            #expect(CandidateColumns.layout(names, width: 30) == "changes  find     new\ndelete   help\nedit     list")
        }

        @Test("a narrow terminal gets one column and wide characters count double")
        func aNarrowTerminalGetsOneColumnAndWideCharactersCountDouble() {
            #expect(CandidateColumns.layout(["alpha", "beta"], width: 5) == "alpha\nbeta")
            #expect(CandidateColumns.layout(["高橋", "ab"], width: 80) == "高橋  ab")
            #expect(CandidateColumns.layout([], width: 80) == "")
        }

        @Test("control characters in values and file names are escaped")
        func controlCharactersInValuesAndFileNamesAreEscaped() {
            #expect(CandidateColumns.layout(["a\u{1B}[2J", "b\u{9B}"], width: 80) == "a\\u{1b}[2J  b\\u{9b}")
        }
    }
}
