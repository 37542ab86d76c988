import Foundation
import Testing

/// `versions` and `restore` through the program: a record deleted and saved, then brought back
/// from the version kept before, from a new run of the program.
@Suite("Safety: a saved deletion brought back from a kept version")
struct KeptVersionRestoreTests {
    @Test("versions lists the saves; restore 2 NAME brings the deleted person back, and save writes it")
    func deletedPersonRestored() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let deleted = try ProgramRun.run(["--file", path, "-c", "delete Joe Gregg", "-c", "save"], folder: folder)
        #expect(deleted.status == 0, "\(deleted.standardError)")
        let listed = try ProgramRun.run(["--file", path, "-c", "versions"], folder: folder)
        #expect(listed.status == 0, "\(listed.standardError)")
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.count == 3, "\(listed.standardOutput)")
        #expect(lines.last?.hasSuffix("3 people  restore would add 1 person") == true, "\(listed.standardOutput)")
        let restored = try ProgramRun.run(
            ["--file", path, "-c", "new Ann", "-c", "restore 2 Joe Gregg", "-c", "changes", "-c", "save"],
            folder: folder)
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(restored.standardOutput.contains("added    2: Joe Gregg, Briggs 413"), "\(restored.standardOutput)")
        #expect(
            try ConcurrentSessionTests.people(in: path).map(\.name)
                == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Ann"])
        let refused = try ProgramRun.run(["--file", path, "-c", "restore 9"], folder: folder)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("there is no version 9; 3 are kept"), "\(refused.standardError)")
    }
}
