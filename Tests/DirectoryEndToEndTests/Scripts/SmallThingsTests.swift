import Foundation
import Testing

@Suite("End to end: the small things a day of use finds")
struct SmallThingsTests {
    @Test("q, n and d get a useful suggestion or none, never '?'; \\? is help")
    func shortWordsGetUsefulSuggestions() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run([], input: "q\nn\nd\n\\?\n", folder: folder)
        #expect(
            run.standardError == """
                directory: line 1: unknown command 'q'; did you mean 'quit'?
                directory: line 2: unknown command 'n'; did you mean 'new'?
                directory: line 3: unknown command 'd'; type 'help' for a list of commands

                """)
        #expect(run.standardOutput.hasPrefix("Commands (one per line; 'help COMMAND' for more):"))
    }

    @Test("bucket-list help says 'an item' and shows bucket-list examples")
    func bucketListHelpSpeaksOfItems() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", folder.file("bucketList.json")], input: "help\nhelp set\n", folder: folder)
        #expect(run.standardOutput.contains("Fields of an item: name, note, completedDate."))
        #expect(run.standardOutput.contains("Fields of an item:\n"))
        #expect(run.standardOutput.contains("  set name Learn Swift\n"))
        #expect(!run.standardOutput.contains("Joe Gregg"))
        #expect(!run.standardOutput.contains("Fields of a item"))
    }

    @Test("done none is refused without offering none; a second undone changes nothing and adds no undo step")
    func doneAndUndoneSayWhatTheyDo() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", folder.file("bucketList.json")],
            input: "new Learn Swift\ndone none\ndone 2026-05-01\nundone\nundone\nundo\nlist\nquit!\n", folder: folder)
        #expect(
            run.standardError.hasSuffix(
                "directory: line 2: 'none' is not a date for done; use YYYY-MM-DD, an ISO 8601 date-time such as "
                    + "2026-05-01T14:30:00Z, or 'today' (undone clears the date)\n"))
        #expect(run.standardOutput == "  1  Learn Swift  ✓ 2026-05-01\n")
    }
}

@Suite("End to end: a date without a time is the same calendar date in every zone")
struct DateOnlyTests {
    @Test(
        "done 2026-05-01 in Tokyo, Los Angeles or UTC lists and exports as 2026-05-01 in each of them",
        arguments: ["Asia/Tokyo", "America/Los_Angeles", "UTC"])
    func aDateStaysTheSameDayAcrossZones(zone: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("bucketList.json")
        let made = try ProgramRun.run(
            ["--file", path], input: "new Learn Swift\ndone 2026-05-01\nsave\n", folder: folder,
            environment: ["TZ": zone])
        #expect(made.status == 0)
        for reader in ["Asia/Tokyo", "America/Los_Angeles", "UTC", "Pacific/Pago_Pago", "Pacific/Noumea"] {
            let run = try ProgramRun.run(
                ["--file", path], input: "list\nexport csv -\n", folder: folder, environment: ["TZ": reader])
            #expect(run.standardOutput.hasPrefix("  1  Learn Swift  ✓ 2026-05-01\n"), "read in \(reader)")
            #expect(run.standardOutput.contains(",2026-05-01T12:00:00Z\r\n"), "exported in \(reader)")
        }
    }

    @Test(
        "done 2026-01-15 in Auckland, Tonga or Kiribati lists as 2026-01-15 there, stored as noon of that zone",
        arguments: [
            ("Pacific/Auckland", "2026-01-14T23:00:00Z"), ("Pacific/Tongatapu", "2026-01-14T23:00:00Z"),
            ("Pacific/Kiritimati", "2026-01-14T22:00:00Z"),
        ])
    func aDateWhereNoonUTCIsTomorrow(zone: String, stored: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("bucketList.json")
        let run = try ProgramRun.run(
            ["--file", path], input: "new Jan trip\ndone 2026-01-15\nlist\nexport csv -\n", folder: folder,
            environment: ["TZ": zone])
        #expect(run.standardOutput.hasPrefix("  1  Jan trip  ✓ 2026-01-15\n"), "\(zone)")
        #expect(run.standardOutput.contains(",\(stored)\r\n"), "\(zone)")
    }
}
