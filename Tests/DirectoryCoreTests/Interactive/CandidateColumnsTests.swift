import Testing

@testable import DirectoryCore

extension Interactive {
    /// Completion candidates are listed in columns that fit the terminal.
    struct CandidateColumnsTests {
        @Test func candidatesFillColumnsTopToBottom() {
            let names = ["changes", "delete", "edit", "find", "help", "list", "new"]
            #expect(CandidateColumns.layout(names, width: 30) == "changes  find     new\ndelete   help\nedit     list")
        }

        @Test func aNarrowTerminalGetsOneColumnAndWideCharactersCountDouble() {
            #expect(CandidateColumns.layout(["alpha", "beta"], width: 5) == "alpha\nbeta")
            #expect(CandidateColumns.layout(["高橋", "ab"], width: 80) == "高橋  ab")
            #expect(CandidateColumns.layout([], width: 80) == "")
        }

        @Test func controlCharactersInValuesAndFileNamesAreEscaped() {
            #expect(CandidateColumns.layout(["a\u{1B}[2J", "b\u{9B}"], width: 80) == "a\\u{1b}[2J  b\\u{9b}")
        }
    }
}
