import Foundation
import Testing

/// `directory FILE -c 'list 10-20'` scans the file building only the records it lists
/// (`OneShotFind`, `JSONFindScan(numbers:kind:fallback:)`); the same `list` from a script
/// file loads the list first. Both must print the same bytes.
@Suite("End to end: one-shot list of numbers and ranges prints what list prints after a full load")
struct OneShotListTests {
    /// Runs `list` + `numbers` on the file `name` of `folder` both ways, with `flags`, and
    /// expects the same output, errors (but for the name of where the command came from)
    /// and status; returns the one-shot's run.
    @discardableResult
    static func expectSame(
        _ name: String, _ numbers: String, flags: [String] = [], in folder: TemporaryFolder
    ) throws -> ProgramRun {
        let script = folder.file("list.txt")
        _ = FileManager.default.createFile(atPath: script, contents: Data(("list " + numbers + "\n").utf8))
        let loaded = try ProgramRun.run(["--file", name] + flags + ["-f", script], folder: folder)
        let scanned = try ProgramRun.run(["--file", name] + flags + ["-c", "list " + numbers], folder: folder)
        let context = "list \(numbers) \(flags) in \(name)"
        #expect(scanned.standardOutput == loaded.standardOutput, "\(context)")
        let errors = scanned.standardError.replacingOccurrences(of: "directory: -c #1:", with: script + ":1:")
        #expect(errors == loaded.standardError, "\(context)")
        #expect(scanned.status == loaded.status, "\(context)")
        return scanned
    }

    @Test("tables, JSON and CSV of numbers and ranges, a range past the end, numbers past the end")
    func everyFormat() throws {
        let folder = TemporaryFolder()
        let people = OneShotFindTests.people(500)
        _ = FileManager.default.createFile(atPath: folder.file("people.json"), contents: Data(people.utf8))
        for format in ["table", "json", "csv"] {
            for numbers in ["10-20", "5", "1,3 7-9", "490-600", "500", "9-11,1-2 10", "1-99999999999999999999", "501"] {
                try Self.expectSame("people.json", numbers, flags: ["--format", format], in: folder)
            }
        }
        let run = try Self.expectSame("people.json", "10 2-3", in: folder)
        #expect(run.standardOutput.hasPrefix("   2  ZOË Brown"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("10  Kurt KREBSBACH"), "\(run.standardOutput)")
        #expect(run.standardOutput.split(separator: "\n").count == 3, "\(run.standardOutput)")
        let past = try Self.expectSame("people.json", "499-510", in: folder)
        #expect(past.standardOutput.split(separator: "\n").count == 2, "\(past.standardOutput)")
        let missing = try Self.expectSame("people.json", "600", in: folder)
        #expect(missing.status == 1 && missing.standardOutput.isEmpty, "\(missing.standardError)")
    }

    @Test("a repeated id, a broken or empty file or list, a missing file, a conflict copy: as the full run says")
    func whatTheFullRunWarnsOf() throws {
        let folder = TemporaryFolder()
        let files = [
            ("repeated.json", OneShotFindTests.people(40, repeating: true)),
            ("broken.json", OneShotFindTests.people(40) + "x"), ("empty-list.json", "[]"), ("empty.json", ""),
            ("truncated.json", String(OneShotFindTests.people(40).dropLast(9))),
        ]
        for (name, text) in files {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data(text.utf8))
            try Self.expectSame(name, "2-3", in: folder)
            try Self.expectSame(name, "1", in: folder)
        }
        try Self.expectSame("missing.json", "2-3", in: folder)
        for name in ["copied.json", "copied.json.conflict1"] {
            _ = FileManager.default.createFile(
                atPath: folder.file(name), contents: Data(OneShotFindTests.people(40).utf8))
        }
        let copied = try Self.expectSame("copied.json", "2-3", in: folder)
        #expect(copied.standardError.contains("copied.json.conflict1"), "\(copied.standardError)")
        let repeated = try Self.expectSame("repeated.json", "2-3", in: folder)
        #expect(repeated.standardError.contains("shared by more than one record"), "\(repeated.standardError)")
    }

    @Test("a file of several windows, the bucket list app's file, and a kind given on the command line")
    func largeFileBucketListAndKind() throws {
        let folder = TemporaryFolder()
        // 30,000 people of about 200 bytes: several of the scan's 1 MiB windows.
        let large = OneShotFindTests.people(30_000, padding: 100)
        _ = FileManager.default.createFile(atPath: folder.file("large.json"), contents: Data(large.utf8))
        for numbers in ["1-10", "14990-15010", "29995-40000", "7 20000 5"] {
            try Self.expectSame("large.json", numbers, flags: ["--format", "csv"], in: folder)
        }
        _ = FileManager.default.createFile(
            atPath: folder.file("bucketList.json"), contents: try Data(contentsOf: BucketListTests.fixture))
        _ = FileManager.default.createFile(
            atPath: folder.file("people.json"), contents: Data(OneShotFindTests.people(30).utf8))
        for numbers in ["1", "2-3", "1-100"] {
            try Self.expectSame("bucketList.json", numbers, in: folder)
            try Self.expectSame("people.json", numbers, flags: ["--kind", "bucket"], in: folder)
        }
    }
}
