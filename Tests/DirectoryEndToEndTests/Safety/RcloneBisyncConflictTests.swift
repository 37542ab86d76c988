import Foundation
import Testing

/// rclone bisync renames both versions of a conflicting list away (`directory.plist..path1`
/// and `..path2` in Debian's rclone, `.conflict1` and `.conflict2` in later releases):
/// `merge conflicts` makes one list of them again.
@Suite("Safety: rclone bisync's conflict copies")
struct RcloneBisyncConflictTests {
    static let rclone = "/usr/bin/rclone"

    @Test(
        "both sides edit between two bisyncs; the two renamed versions are merged into one list with both edits",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: rclone),
            "rclone is not installed (Debian: apt-get install rclone)"))
    func bothVersionsMerged() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
        let listA = folder.file("a/directory.plist")
        let listB = folder.file("b/directory.plist")
        func bisync(_ extra: [String]) throws -> ToolRun {
            try ToolRun.run(
                Self.rclone,
                ["bisync", folder.file("a"), folder.file("b"), "--cache-dir", folder.file("rclone-cache")] + extra,
                in: folder)
        }
        let created = try ProgramRun.run(["--file", listA, "-c", "save"], folder: folder)
        #expect(created.status == 0, "\(created.standardError)")
        let first = try bisync(["--resync"])
        guard first.status == 0, FileManager.default.fileExists(atPath: listB) else {
            print("skipped: rclone bisync did not run: \(first.standardError)")
            return
        }
        let editA = try ProgramRun.run(
            ["--file", listA, "-c", "edit 1", "-c", "set office A2", "-c", "save"], folder: folder)
        let editB = try ProgramRun.run(
            ["--file", listB, "-c", "edit 2", "-c", "set office B2", "-c", "new Eve", "-c", "save"], folder: folder)
        #expect(editA.status == 0 && editB.status == 0)
        // The one file changed on both sides: bisync's safety check wants --force.
        let second = try bisync(["--force"])
        #expect(second.status == 0, "\(second.standardError)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.file("a"))) ?? []
        let copies = names.filter { $0.hasPrefix("directory.plist.") }.sorted()
        #expect(copies.count == 2, "bisync made no conflict copies: \(names)")
        let merged = try ProgramRun.run(["--file", listA, "-c", "merge conflicts", "-c", "save"], folder: folder)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardError.contains("Removed the merged conflict copies: \(copies.joined(separator: ", "))."))
        let listed = try ProgramRun.run(["--file", listA, "--format", "csv", "-c", "list"], folder: folder)
        let rows = listed.standardOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let withoutIDs = rows.map {
            $0.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
        }
        #expect(
            withoutIDs == ["name,office", "Acacia Ackles,A2", "Joe Gregg,B2", "Kurt Krebsbach,Briggs 411", "Eve,"],
            "\(listed.standardOutput)\n\(merged.standardError)")
    }
}
