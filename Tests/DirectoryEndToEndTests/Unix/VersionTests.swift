import Foundation
import Testing

@testable import DirectoryCLI

@Suite("Version")
struct VersionTests {
    /// A file of this checkout, by its path from the top.
    static func checkoutFile(_ path: String) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(path).path
    }

    @Test("--version names the release and the commit, or says the commit is unknown")
    func versionLine() throws {
        let run = try ProgramRun.run(["--version"], folder: TemporaryFolder())
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let line = run.standardOutput
        let pattern = #/directory (?<release>[0-9]+\.[0-9]+\.[0-9]+) \((unknown commit|commit [0-9A-Za-z.+-]+)\)\n/#
        let match = try #require(line.wholeMatch(of: pattern), "\(line)")
        #expect(match.release == Usage.release)
    }

    @Test("the version line for a build told its commit, and for one that was not")
    func versionLineWords() {
        #expect(Usage.versionLine(commit: "1a2b3c4d5e6f") == "directory \(Usage.release) (commit 1a2b3c4d5e6f)")
        #expect(Usage.versionLine(commit: "") == "directory \(Usage.release) (unknown commit)")
    }

    @Test(
        "a build by scripts/test (or scripts/run) names the commit scripts/commit-name gave it",
        .enabled(if: ProcessInfo.processInfo.environment["DIRECTORY_COMMIT"]?.isEmpty == false, "run by scripts/test"))
    func scriptBuildNamesItsCommit() throws {
        let commit = ProcessInfo.processInfo.environment["DIRECTORY_COMMIT"] ?? ""
        let run = try ProgramRun.run(["--version"], folder: TemporaryFolder())
        #expect(run.standardOutput == "directory \(Usage.release) (commit \(commit))\n")
    }

    @Test("scripts/commit-name names the clone's commit, marked when the sources have changes not committed")
    func commitNameNamesTheClonesCommit() throws {
        let top = Self.checkoutFile("")
        guard FileManager.default.fileExists(atPath: Self.checkoutFile(".git")), ToolRun.exists("/usr/bin/git") else {
            return  // not a clone: nothing to name
        }
        let folder = TemporaryFolder()
        let head = try ToolRun.run("/usr/bin/git", ["-C", top, "rev-parse", "--short=12", "HEAD"], in: folder)
        let status = try ToolRun.run(
            "/usr/bin/git", ["-C", top, "status", "--porcelain", "--", "Package.swift", "Sources"], in: folder)
        let expected =
            head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            + (status.standardOutput.isEmpty ? "" : "-modified")
        let named = try ToolRun.run(
            Self.checkoutFile("scripts/commit-name"), [], in: folder, environment: ["DIRECTORY_COMMIT": ""])
        #expect(named.status == 0)
        #expect(named.standardOutput == expected + "\n")
        let given = try ToolRun.run(
            Self.checkoutFile("scripts/commit-name"), [], in: folder, environment: ["DIRECTORY_COMMIT": "1a2b3c"])
        #expect(given.standardOutput == "1a2b3c\n")
    }

    @Test("the newest release in CHANGELOG.md is the program's release")
    func changelogNamesThisRelease() throws {
        let text = try String(contentsOfFile: Self.checkoutFile("CHANGELOG.md"), encoding: .utf8)
        let newest = text.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest == "## \(Usage.release)")
    }

    @Test("the manual page's title line names the program's release")
    func manualPageNamesThisRelease() throws {
        let text = try String(contentsOfFile: Self.checkoutFile("docs/directory.1"), encoding: .utf8)
        let title = text.split(separator: "\n").first { $0.hasPrefix(".TH ") }
        #expect(title?.contains("\"directory \(Usage.release)\"") == true, "\(title ?? "no .TH line")")
    }
}
