import Foundation
import Testing

/// `directory FILE -c 'find TEXT'` scans the file without loading it (`OneShotFind`); the
/// same `find` from a script file loads the list first. Both must print the same bytes.
@Suite("End to end: one-shot find prints what find prints after a full load")
struct OneShotFindTests {
    /// A JSON list of `count` people: accents precomposed, escaped and combining, a tab and
    /// a terminal escape, CJK, offices of different widths (each `padding` bytes longer).
    static func people(_ count: Int, repeating: Bool = false, padding: Int = 0) -> String {
        let pad =
            padding > 0 ? " " + String(repeating: "Lawrence Hall ", count: padding / 14 + 1).prefix(padding - 1) : ""
        let names = [
            "Zo\\u00eb Krebsbach", "ZOE\\u0308 Brown", "Joe Gregg", "S\\u00f8ren Krebsbach", "Łukasz Nowak", "高橋 Ken",
            "Nguyễn Văn An", "Ann\\tKrebsbach", "\\u001b[31mZoe", "Kurt KREBSBACH", "Jose\\u0301 Garc\\u00eda",
        ]
        let offices = ["Briggs 413", "Steitz 131", "Björklunden 243", "Main Hall 4", "Warch Campus Center 203", ""]
        var records: [String] = []
        for index in 0..<count {
            let number = repeating && index == count - 1 ? 1 : index + 1
            let id = String(format: "00000000-0000-4000-8000-%012d", number)
            let name = names[index % names.count]
            let office = offices[index * 7 % offices.count] + pad
            records.append("{\"id\":\"\(id)\",\"name\":\"\(name)\",\"office\":\"\(office)\"}")
        }
        return "[" + records.joined(separator: ",\n") + "]\n"
    }

    /// Runs `find text` on the file `name` of `folder` both ways, with `flags`, and expects
    /// the same output, errors and status.
    static func expectSame(_ name: String, _ text: String, flags: [String] = [], in folder: TemporaryFolder) throws {
        let script = folder.file("find.txt")
        _ = FileManager.default.createFile(atPath: script, contents: Data(("find " + text + "\n").utf8))
        let loaded = try ProgramRun.run(["--file", name] + flags + ["-f", script], folder: folder)
        let scanned = try ProgramRun.run(["--file", name] + flags + ["-c", "find " + text], folder: folder)
        #expect(scanned.standardOutput == loaded.standardOutput, "find \(text) \(flags) in \(name)")
        #expect(scanned.standardError == loaded.standardError, "find \(text) \(flags) in \(name)")
        #expect(scanned.status == loaded.status, "find \(text) \(flags) in \(name)")
    }

    @Test("tables, JSON and CSV of the rows found, numbered as in the whole list")
    func everyFormat() throws {
        let folder = TemporaryFolder()
        _ = FileManager.default.createFile(atPath: folder.file("people.json"), contents: Data(Self.people(500).utf8))
        for format in ["table", "json", "csv"] {
            for text in ["krebsbach", "zoe", "ZOË", "é", "jose", "高橋", "hall 4", "no one at all", "k"] {
                try Self.expectSame("people.json", text, flags: ["--format", format], in: folder)
            }
        }
        let run = try ProgramRun.run(["--file", "people.json", "-c", "find kurt"], folder: folder)
        #expect(run.standardOutput.hasPrefix("   10  Kurt KREBSBACH"), "\(run.standardOutput)")
    }

    @Test("a repeated id, a broken or empty file or list, a missing file, a conflict copy: as the full run says")
    func whatTheFullRunWarnsOf() throws {
        let folder = TemporaryFolder()
        let files = [
            ("repeated.json", Self.people(40, repeating: true)), ("broken.json", Self.people(40) + "x"),
            ("empty-list.json", "[]"), ("empty.json", ""), ("bucket.plist", "<?xml version=\"1.0\"?>"),
            ("truncated.json", String(Self.people(40).dropLast(9))),
        ]
        for (name, text) in files {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data(text.utf8))
            try Self.expectSame(name, "krebsbach", in: folder)
        }
        try Self.expectSame("missing.json", "krebsbach", in: folder)
        // A conflict copy beside the list is announced (found in a newcomer's trial).
        for name in ["copied.json", "copied.json.conflict1"] {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data(Self.people(40).utf8))
        }
        try Self.expectSame("copied.json", "krebsbach", in: folder)
        let copied = try ProgramRun.run(["--file", "copied.json", "-c", "find zoe"], folder: folder)
        #expect(copied.standardError.contains("copied.json.conflict1"), "\(copied.standardError)")
        // A FIFO with no writer is refused as the full run refuses it, without waiting.
        #expect(mkfifo(folder.file("fifo.json"), 0o600) == 0)
        try Self.expectSame("fifo.json", "krebsbach", in: folder)
        try FileManager.default.createDirectory(atPath: folder.file("folder.json"), withIntermediateDirectories: true)
        try Self.expectSame("folder.json", "krebsbach", in: folder)
        let repeated = try ProgramRun.run(["--file", "repeated.json", "-c", "find zoe"], folder: folder)
        #expect(repeated.standardError.contains("shared by more than one record"))
    }

    @Test("a file large enough to be scanned in two halves, and one whose first and last records share an id")
    func twoHalves() throws {
        let folder = TemporaryFolder()
        // 100,000 people of 355 bytes, 35.6 MB (33.9 MiB): above the 32 MiB from which the scan runs in two halves.
        let large = Self.people(100_000, padding: 260)
        #expect(large.utf8.count > 33 << 20)
        _ = FileManager.default.createFile(atPath: folder.file("large.json"), contents: Data(large.utf8))
        for text in ["krebsbach", "zoe"] {
            try Self.expectSame("large.json", text, flags: ["--format", "csv"], in: folder)
        }
        let repeated = Self.people(100_000, repeating: true, padding: 260)
        _ = FileManager.default.createFile(atPath: folder.file("repeated.json"), contents: Data(repeated.utf8))
        try Self.expectSame("repeated.json", "kurt", in: folder)
        let run = try ProgramRun.run(["--file", "repeated.json", "-c", "find kurt"], folder: folder)
        #expect(run.standardError.contains("shared by more than one record"), "\(run.standardError)")
    }

    @Test("the bucket list app's file, and a kind given on the command line")
    func bucketListAndKind() throws {
        let folder = TemporaryFolder()
        _ = FileManager.default.createFile(
            atPath: folder.file("bucketList.json"), contents: try Data(contentsOf: BucketListTests.fixture))
        _ = FileManager.default.createFile(atPath: folder.file("people.json"), contents: Data(Self.people(30).utf8))
        for text in ["kyoto", "tromsø", "2023", "e"] {
            try Self.expectSame("bucketList.json", text, in: folder)
            try Self.expectSame("people.json", text, flags: ["--kind", "bucket"], in: folder)
        }
    }
}
