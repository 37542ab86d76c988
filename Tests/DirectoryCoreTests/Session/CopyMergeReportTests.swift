import Testing

@testable import DirectoryCore

@Suite("The merge report: records saved here that a copy lacks")
struct CopyMergeReportTests {
    @Test("up to three records saved here that the copy lacks get a line each")
    func fewLines() {
        let lines = Session.keptSavedLines(["'Ann'", "'Bob'"])
        #expect(
            lines == [
                "  kept 'Ann': saved here since the version the copy came from, and not in the copy "
                    + "(delete it if the copy deleted it)",
                "  kept 'Bob': saved here since the version the copy came from, and not in the copy "
                    + "(delete it if the copy deleted it)",
            ])
    }

    @Test("fifteen records saved here one by one (autosave) that the copy lacks are one line naming the first three")
    func manyOneLine() {
        let lines = Session.keptSavedLines((1...15).map { "'Added \($0)'" })
        #expect(
            lines == [
                "  kept 15 records saved here since the version the copy came from, and not in the copy "
                    + "(delete those the copy deleted): 'Added 1', 'Added 2', 'Added 3' and 12 more"
            ])
    }
}
