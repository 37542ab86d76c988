import Foundation
import Testing

/// The commands the program's front end carries out rather than the list (`history`, `clear`,
/// `source`), and lines that never reach the parser, in a script.
@Suite("End to end: front-end commands and unusable lines in a script")
struct FrontEndCommandTests {
    @Test("history in a script is an error located by its line, and clear prints nothing")
    func historyFailsAndClearDoesNothingInAScript() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run([], input: "history\nclear\nlist 1\nhistory 3\n", folder: folder)
        #expect(run.standardOutput == "  1  Acacia Ackles  Steitz 131\n")
        #expect(
            run.standardError
                == "directory: line 1: history works only at the interactive prompt\n"
                + "directory: line 4: history works only at the interactive prompt\n")
        #expect(run.status == 1)
    }

    @Test("a file that sources itself stops 16 files deep, said once, with status 1")
    func selfSourcingStopsAtTheDepthLimit() throws {
        let folder = TemporaryFolder()
        try "source self.txt\n".write(toFile: folder.file("self.txt"), atomically: true, encoding: .utf8)
        let run = try ProgramRun.run([], input: "source self.txt\nquit!\n", folder: folder)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "self.txt:1: source is nested more than 16 files deep; self.txt was not run\n")
        #expect(run.status == 1)
    }

    @Test("an open line that does not parse stops the script as a failed open does")
    func anUnparsableOpenStopsTheScript() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", folder.file("list.json")], input: "new A\nopen \"unterminated\nlist\n", folder: folder)
        #expect(run.standardOutput == "")
        #expect(
            run.standardError
                == ProgramRun.samplesWarning(folder.file("list.json"))
                + "directory: line 2: the value has no closing \"; end it with \" or drop the opening quote\n"
                + "directory: script stopped: the lines after an open that failed or named no list were written for another list, "
                + "so they were not run on list.json\n"
                + "directory: warning: 1 unsaved change to list.json was not saved; end the script with 'save' "
                + "(or 'quit!' to discard it)\n")
        #expect(run.status == 1)
    }

    @Test("a line that is not UTF-8 is skipped with its line number, and the next line runs")
    func anInvalidLineIsSkipped() throws {
        let folder = TemporaryFolder()
        let input = Data("new A".utf8) + Data([0xFF]) + Data("\nlist 3\nquit!\n".utf8)
        let run = try ProgramRun.run(["--file", folder.file("list.json")], inputData: input, folder: folder)
        #expect(run.standardOutput == "  3  Kurt Krebsbach  Briggs 411\n")
        #expect(
            run.standardError
                == ProgramRun.samplesWarning(folder.file("list.json"))
                + "directory: line 1: the line is not valid UTF-8 text; the line was skipped\n")
        #expect(run.status == 1)
    }
}
