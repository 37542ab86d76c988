import Foundation
import Testing

/// Trial 9 #3 through the program: a list saved as `directory 2.plist` beside `directory.plist`.
@Suite("Safety: a list saved under a conflict copy's name")
struct SaveAsCopyNameEndToEndTests {
    @Test("save as 'directory 2.plist' warns, and the list saved there is never offered or merged as a copy")
    func secondListIsNotACopy() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let second = folder.file("directory 2.plist")
        let made = try ProgramRun.run(
            [
                "--file", path, "-c", "save as directory 2.plist", "-c", "delete 2-3", "-c", "new Second Person",
                "-c", "save",
            ],
            folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardError.contains("directory 2.plist is named as iCloud Drive names a conflict copy"))
        let opened = try ProgramRun.run(["--file", path, "-c", "list"], folder: folder)
        #expect(!opened.standardError.contains("conflict copy"), "\(opened.standardError)")
        let merged = try ProgramRun.run(["--file", path, "-c", "merge conflicts", "-c", "save"], folder: folder)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(
            try ConcurrentSessionTests.people(in: path).map(\.name) == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
        #expect(try ConcurrentSessionTests.people(in: second).map(\.name) == ["Acacia Ackles", "Second Person"])
    }
}
