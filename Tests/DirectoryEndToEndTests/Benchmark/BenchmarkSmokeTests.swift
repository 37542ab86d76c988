import Foundation
import Testing

/// A tiny run of `directory-bench`, so the benchmark keeps working; its timings are not checked.
@Suite("End to end: benchmark smoke run")
struct BenchmarkSmokeTests {
    @Test("directory-bench --quick generates data, runs every command and prints the goal table")
    func quickRun() throws {
        let folder = TemporaryFolder()
        let bench = BuiltProgram.buildFolder.appendingPathComponent("directory-bench")
        try #require(
            FileManager.default.isExecutableFile(atPath: bench.path),
            "directory-bench is not built next to directory (swift build builds it)")
        let output = folder.file("report.md")
        let status = try ChildProcess(
            [bench.path, "--quick", "--directory", BuiltProgram.url.path, "--work", folder.file("bench")],
            environment: ProcessInfo.processInfo.environment, output: .file(output)
        ).wait()
        let report = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
        #expect(status == 0, "report:\n\(report)")
        #expect(report.contains("| goal | directory |"))
        for work in ["script:", "JSON, 2,000", "binary plist, 2,000", "XML plist, 2,000", "start-up:", "growth"] {
            #expect(report.contains(work), "no row for \(work)")
        }
        let issue34 = try #require(report.range(of: "Goals of issue 34"), "no table of issue 34:\n\(report)")
        let issue14 = try #require(report.range(of: "Goals of issue 14"), "no table of issue 14:\n\(report)")
        let issue34Table = report[issue34.upperBound..<issue14.lowerBound]
        for row in Self.issue34Rows {
            let line = issue34Table.split(separator: "\n").first { $0.hasPrefix("| " + row) }
            #expect(line != nil, "no row of issue 34 for \(row):\n\(issue34Table)")
            let verdict = line?.split(separator: "|").last?.trimmingCharacters(in: .whitespaces) ?? ""
            #expect(Self.isVerdict(verdict), "no verdict for \(row): \(verdict)")
        }
        // The floor program is built with the others, so its rows are measured, never skipped.
        #expect(issue34Table.contains("| floor (read, write, fsync, rename) |"), "floor not measured:\n\(issue34Table)")
        // So is the binary plist's least parse, and its row has a verdict against the same floor.
        let bound = issue34Table.split(separator: "\n").first {
            $0.hasPrefix("| binary plist, 2,000: load, edit, save — the least parse against its floor")
        }
        let boundVerdict = bound?.split(separator: "|").last?.trimmingCharacters(in: .whitespaces) ?? ""
        #expect(boundVerdict == "PASS" || boundVerdict == "MISS", "least parse not measured:\n\(issue34Table)")
        #expect(report.contains("| least parse (the floor, and the records found, checked and kept) | binary plist"))
        // JSON's, built by scripts/bench where simdjson is, is measured or skipped as not built.
        let jsonBound = issue34Table.split(separator: "\n").first {
            $0.hasPrefix("| JSON, 2,000: load, edit, save — the least parse with simdjson against its floor")
        }
        let jsonBoundVerdict = jsonBound?.split(separator: "|").last?.trimmingCharacters(in: .whitespaces) ?? ""
        #expect(Self.isVerdict(jsonBoundVerdict), "no verdict for JSON's least parse:\n\(issue34Table)")
        let issue5 = try #require(report.range(of: "Goals of issue 5"), "no table of issue 5:\n\(report)")
        let issue14Table = report[issue14.upperBound..<issue5.lowerBound]
        for row in Self.issue14Rows {
            let line = issue14Table.split(separator: "\n").first { $0.hasPrefix("| " + row) }
            #expect(line != nil, "no row of issue 14 for \(row):\n\(issue14Table)")
            let verdict = line?.split(separator: "|").last?.trimmingCharacters(in: .whitespaces) ?? ""
            #expect(Self.isVerdict(verdict), "no verdict for \(row): \(verdict)")
        }
        #expect(report.contains("find at the prompt, 2,000 people: the first find"), "no first find")
        for command in [
            "orjson", "sqlite3 | SQLite, 2,000: LIKE", "sqlite3 | SQLite, 2,000: LIMIT 11",
            "directory | JSON, 2,000: list 1000-1010",
        ] {
            #expect(report.contains("| " + command), "no command \(command)")
        }
        #expect(!report.contains("ERROR"), "directory failed:\n\(report)")
    }

    /// PASS or MISS, or a reference tool that is not installed here (a tool that failed is no verdict).
    static func isVerdict(_ text: String) -> Bool {
        text == "PASS" || text == "MISS"
            || (text.hasPrefix("skipped: ") && !text.contains("failed")
                && (text.hasSuffix(")") || text.hasSuffix("python3 not found")))
    }

    /// The start of every row of the issue-34 table on the quick run's 2,000 people.
    static let issue34Rows = [
        "JSON, 2,000: load, edit, save — against its floor",
        "binary plist, 2,000: load, edit, save — against its floor",
        "XML plist, 2,000: load, edit, save — against its floor", "one-shot JSON, 2,000: find Krebsbach",
        "script: 1,000 × new + set, save — time",
    ]

    /// The start of every row of the issue-14 table on the quick run's 2,000 people.
    static let issue14Rows = [
        "JSON, 2,000: load, edit, save — time", "JSON, 2,000: load, edit, save — peak memory",
        "binary plist, 2,000: load, edit, save — time", "XML plist, 2,000: load, edit, save — peak memory",
        "script: 1,000 × new + set, save — time", "script: 1,000 × new + set, save — peak memory",
        "start-up: JSON, 1,000: -c quit", "one-shot JSON, 2,000: find Krebsbach",
        "find at the prompt, 2,000 people: later finds", "Tab after `find Mar`", "Tab after `edit Zo`",
        "Tab after `set office Bri`", "Tab after `edit 12`",
    ]
}
