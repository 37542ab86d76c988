import Foundation
import Testing

@Suite("End to end: messages for a left-out value say what is missing")
struct MessageWordingTests {
    @Test("--file followed by another option says --file needs a value, as other options' missing values do")
    func fileWithoutPath() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--file", "-c", "list"], folder: folder)
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("directory: --file needs a value\n"), "\(run.standardError)")
        let dashed = try ProgramRun.run(["--file", "./-c", "-c", "list"], folder: folder)
        #expect(dashed.status == 0, "a path that starts with - is written ./-c: \(dashed.standardError)")
    }

    @Test("list with a range past the end names the range and the list's size")
    func rangePastTheEnd() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--file", "d.plist", "-c", "list 20-30"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("-c #1: there are no records 20-30: the list has 3, numbered 1-3 (see list)"),
            "\(run.standardError)")
    }

    @Test("open with no path in a script says its usage and why the script stops there")
    func openWithoutPath() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", "d.plist", "-c", "open", "-c", "delete 1", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("-c #1: open needs"), "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "script stopped: the lines after an open that failed or named no list were written for another list"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("d.plist")), "the save after it did not run")
    }
}
