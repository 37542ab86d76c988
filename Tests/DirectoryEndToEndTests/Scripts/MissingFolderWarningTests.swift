import Foundation
import Testing

@Suite("End to end: a new file whose folder does not exist is warned about at open, not at the first save")
struct MissingFolderWarningTests {
    @Test("a script on a new file in a missing folder hears that save fails until the folder is made")
    func aMissingFolderIsWarnedAtOpen() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["nonexist/x.plist", "-c", "quit!"], folder: folder)
        #expect(run.status == 0)
        #expect(
            run.standardError
                == "directory: warning: nonexist/x.plist does not exist: the session starts with 3 sample people "
                + ProgramRun.samplesAdvice + ". Its folder nonexist does not exist either, so 'save' fails until the "
                + "folder is made; 'save as PATH' saves elsewhere\n")
        let saved = try ProgramRun.run(["nonexist/x.plist", "-c", "save"], folder: folder)
        #expect(saved.status == 1, "the warning is true: the save fails")
        #expect(saved.standardError.contains("the folder does not exist"), "\(saved.standardError)")
    }

    @Test("open of a new file in a missing folder warns the script of the folder too; an existing folder is not named")
    func openOfAFileInAMissingFolderWarns() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("here"), withIntermediateDirectories: false)
        let run = try ProgramRun.run(
            ["--file", "d.plist", "-c", "open a/b/x.json", "-c", "open! here/y.json", "-c", "quit!"], folder: folder)
        #expect(run.status == 0)
        let advice = "the session starts with 3 sample people " + ProgramRun.samplesAdvice
        #expect(
            run.standardError.contains(
                "warning: a/b/x.json does not exist: \(advice). Its folder a/b does not exist either, so 'save' "
                    + "fails until the folder is made; 'save as PATH' saves elsewhere\n"), "\(run.standardError)")
        #expect(
            run.standardError.contains("warning: here/y.json does not exist: \(advice)\n"), "\(run.standardError)")
    }
}
