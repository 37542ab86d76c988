import Foundation
import Testing

/// A real Syncthing makes a conflict copy of the list, and `merge conflicts` takes every edit
/// of both sides into one list that Syncthing carries back.
@Suite("Safety: Syncthing's conflict copies", .serialized)
struct SyncthingConflictTests {
    static func same(_ first: String, _ second: String) -> Bool {
        guard let one = FileManager.default.contents(atPath: first),
            let other = FileManager.default.contents(atPath: second)
        else { return false }
        return one == other
    }

    static func conflictCopies(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".sync-conflict-") }
    }

    @Test(
        "both sides edit while paused; the conflict copy is merged three-way, removed, and both folders end with every edit",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: SyncthingInstance.executable),
            "syncthing is not installed (Debian: apt-get install syncthing)"))
    func conflictCopyMerged() throws {
        let folder = TemporaryFolder()
        let first: SyncthingInstance
        let second: SyncthingInstance
        do {
            first = try SyncthingInstance(home: folder.file("st-a"), folder: folder.file("a"))
            second = try SyncthingInstance(home: folder.file("st-b"), folder: folder.file("b"))
            try first.start(sharingWith: second, dials: true)
            try second.start(sharingWith: first, dials: false)
        } catch {
            print("skipped: Syncthing could not start: \(error)")
            return
        }
        defer {
            first.stop()
            second.stop()
        }
        guard waitUntil({ first.isConnected(to: second) && second.isConnected(to: first) }) else {
            print("skipped: the two Syncthing instances did not connect on 127.0.0.1")
            return
        }
        let listA = folder.file("a/directory.plist")
        let listB = folder.file("b/directory.plist")
        // Each side is its own machine: its own state folder, so its own kept versions.
        let stateA = ["XDG_STATE_HOME": folder.file("state-a")]
        let stateB = ["XDG_STATE_HOME": folder.file("state-b")]
        let created = try ProgramRun.run(
            ["--file", listA, "-c", "new Dan", "-c", "set office D1", "-c", "save"], folder: folder,
            environment: stateA)
        #expect(created.status == 0, "\(created.standardError)")
        try first.scan()
        #expect(
            waitUntil { Self.same(listA, listB) && first.isInStep(with: second) && second.isInStep(with: first) },
            "Syncthing never carried the list to the other folder:\n\(first.state)\n\(second.state)")
        let opened = try ProgramRun.run(["--file", listB, "-c", "list"], folder: folder, environment: stateB)
        #expect(opened.status == 0)

        try first.pause(second, true)
        try second.pause(first, true)
        #expect(waitUntil { !first.isConnected(to: second) && !second.isConnected(to: first) })
        let editA = try ProgramRun.run(
            ["--file", listA, "-c", "edit 1", "-c", "set office A2", "-c", "delete 3", "-c", "save"], folder: folder,
            environment: stateA)
        let editB = try ProgramRun.run(
            ["--file", listB, "-c", "edit 2", "-c", "set office B2", "-c", "new Eve", "-c", "save"], folder: folder,
            environment: stateB)
        #expect(editA.status == 0 && editB.status == 0, "\(editA.standardError)\(editB.standardError)")
        try first.scan()
        try second.scan()
        #expect(waitUntil { first.isIdle && second.isIdle })
        try second.pause(first, false)
        try first.pause(second, false)
        #expect(
            waitUntil {
                Self.conflictCopies(in: folder.file("a")).count == 1
                    && Self.conflictCopies(in: folder.file("b")).count == 1
                    && Self.same(listA, listB)
            }, "no conflict copy reached both folders:\n\(first.state)\n\(second.state)")
        let copy = Self.conflictCopies(in: folder.file("a")).first ?? ""

        let opening = try ProgramRun.run(["--file", listA, "-c", "conflicts"], folder: folder, environment: stateA)
        #expect(opening.standardError.contains("A conflict copy of directory.plist is beside it: \(copy) (Syncthing)"))
        #expect(opening.standardOutput.contains("\(copy) (Syncthing, "))
        let merged = try ProgramRun.run(
            ["--file", listA, "-c", "merge conflicts", "-c", "save"], folder: folder, environment: stateA)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(
            merged.standardError.contains("Removed the merged conflict copy: \(copy)."), "\(merged.standardError)")
        #expect(!merged.standardOutput.contains("No kept version"), "merged without a base:\n\(merged.standardOutput)")
        try first.scan()
        #expect(
            waitUntil { Self.same(listA, listB) && Self.conflictCopies(in: folder.file("b")).isEmpty },
            "Syncthing did not carry the merged list back")
        let expected = "name,office\nAcacia Ackles,A2\nJoe Gregg,B2\nDan,D1\nEve,\n"
        for (list, state) in [(listA, stateA), (listB, stateB)] {
            let listed = try ProgramRun.run(
                ["--file", list, "--format", "csv", "-c", "list"], folder: folder, environment: state)
            // CSV lines end in CRLF; the ids differ from run to run.
            let rows = listed.standardOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            let withoutIDs = rows.map {
                $0.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
            }
            #expect(withoutIDs.joined(separator: "\n") + "\n" == expected, "\(list):\n\(listed.standardOutput)")
        }
    }
}
