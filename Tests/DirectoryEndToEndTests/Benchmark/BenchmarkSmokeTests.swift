import Foundation
import Testing

/// A tiny run of `directory-bench`, so the benchmark keeps working; its timings are not checked.
@Suite("End to end: benchmark smoke run")
struct BenchmarkSmokeTests {
    @Test("directory-bench --quick generates data, runs every command and prints the goal table")
    func quickRun() throws {
        let folder = TemporaryFolder()
        let bench = BuiltProgram.url.deletingLastPathComponent().appendingPathComponent("directory-bench")
        try #require(
            FileManager.default.isExecutableFile(atPath: bench.path),
            "directory-bench is not built next to directory (swift build builds it)")
        let process = Process()
        process.executableURL = bench
        process.arguments = ["--quick", "--directory", BuiltProgram.url.path, "--work", folder.file("bench")]
        let output = folder.file("report.md")
        FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let report = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "report:\n\(report)")
        #expect(report.contains("| goal | directory |"))
        for work in ["script:", "JSON, 2,000", "binary plist, 2,000", "XML plist, 2,000", "start-up:", "growth"] {
            #expect(report.contains(work), "no row for \(work)")
        }
        #expect(!report.contains("ERROR"), "directory failed:\n\(report)")
    }
}
