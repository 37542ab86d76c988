import DirectoryCore
import Testing

@testable import DirectoryCLI

extension Interactive {
    /// The notice of others' changes to a shared database, as worded for writers and readers.
    struct ChangesNoticeTests {
        @Test(
            "a writer is told save merges, a reader that refresh shows them; one record is singular",
            arguments: [
                (1, true, "Others changed 1 person in db since it was read; 'save' merges their changes with yours."),
                (3, true, "Others changed 3 people in db since it was read; 'save' merges their changes with yours."),
                (1, false, "Others changed 1 person in db since it was read; 'refresh' shows their changes."),
            ])
        func wording(count: Int, mayWrite: Bool, notice: String) {
            #expect(
                Prompt.changesNotice(count: count, kind: .person, name: "db", mayWrite: mayWrite)
                    == notice)
        }
    }
}
