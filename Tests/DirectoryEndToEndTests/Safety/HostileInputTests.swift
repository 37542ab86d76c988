import Foundation
import Testing

@Suite("Safety: hostile commands")
struct HostileInputTests {
    @Test("huge and negative numbers, backward ranges, impossible dates and unbalanced quotes are errors, not crashes")
    func hostileArguments() throws {
        let folder = TemporaryFolder()
        let lines = [
            "edit 99999999999999999999999999", "edit -1", "delete 1-9223372036854775807",
            "delete 9223372036854775806-9223372036854775807", "delete 3-1", "history -3", "new \"open",
            "set name 'x", "new Item", "done 99999-99-99", "done 2024-02-30", "done 1e400", "set name \"a\"b\"",
        ]
        let run = try ProgramRun.run(
            ["--file", "bucketList.json"], input: lines.joined(separator: "\n") + "\nsave\n", folder: folder)
        #expect(run.status == 1)
        let errors = run.standardError.split(separator: "\n")
        for number in [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13] {
            #expect(errors.contains { $0.hasPrefix("directory: line \(number): ") }, "line \(number): \(errors)")
        }
        let saved = try SafetyFiles.names(in: folder.file("bucketList.json"))
        #expect(saved == ["Item"], "the good lines still ran")
    }

    @Test("a 10 MB unknown command is refused at once: the typo suggestion skips words that cannot be near")
    func hugeUnknownCommand() throws {
        let folder = TemporaryFolder()
        // Before the fix this took minutes; the suite's time shows a return of it, a wall-clock
        // bound here would only fail on a busy machine.
        let input = String(repeating: "x", count: 10_000_000) + "\nquit!\n"
        let run = try ProgramRun.run(["--file", "d.plist"], input: input, folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.hasPrefix(
                ProgramRun.samplesWarning("d.plist") + "directory: line 1: unknown command 'xxx"))
    }
}
