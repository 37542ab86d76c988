import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// `merge`, `merge conflicts` and `conflicts` on real files: copies written by Foundation (as
/// the apps write them), merged three-way against the versions this program kept.
@Suite("Session: merging conflict copies")
struct SessionCopyMergeTests {
    /// A folder with a list, a state folder for kept versions, and helpers to write lists as the apps do.
    struct Place {
        let folder = FileStoreTests.scratchFolder()
        var list: String { folder + "/sync/directory.json" }
        var versions: String { folder + "/state/directory/versions" }

        init() {
            try? FileManager.default.createDirectory(atPath: folder + "/sync", withIntermediateDirectories: true)
        }

        /// Writes `people` to `path` with Foundation's encoder for the path's format.
        func write(_ people: [AppPerson], to path: String, binary: Bool = true) throws {
            let data: Data
            if path.hasSuffix(".json") {
                data = try JSONEncoder().encode(people)
            } else {
                let encoder = PropertyListEncoder()
                encoder.outputFormat = binary ? .binary : .xml
                data = try encoder.encode(people)
            }
            #expect(FileManager.default.createFile(atPath: path, contents: data))
        }

        /// What Foundation reads back from `path`.
        func read(_ path: String) throws -> [AppPerson] {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return path.hasSuffix(".json")
                ? try JSONDecoder().decode([AppPerson].self, from: data)
                : try PropertyListDecoder().decode([AppPerson].self, from: data)
        }

        /// A session on `path`, keeping versions and finding conflict copies.
        func session(_ path: String? = nil) throws -> Session {
            var session = try Session(
                location: path ?? list, kind: nil, store: FileStore(), environment: .fixed())
            session.keepVersions(in: FileKeptVersions(folder: versions))
            session.findConflictCopies(with: FileConflictCopies())
            return session
        }

        /// Ann (office A1) and Bob (B1), saved by this program as a new file at `list` (`save as`
        /// from a scratch list): what Foundation reads there, to write copies of it beside.
        func newFileOfAnnAndBob() throws -> [AppPerson] {
            var first = try session(folder + "/sync/scratch.json")
            try first.run("delete 1-3", "new Ann", "set office A1", "new Bob", "set office B1", "save as " + list)
            return try read(list)
        }

        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A person whose id ends in `last`.
    static func person(_ last: UInt8, _ name: String, _ office: String) -> AppPerson {
        let id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, last))
        return AppPerson(id: id, name: name, office: office)
    }

    static let ann = person(0xA, "Ann", "A1")
    static let bob = person(0xB, "Bob", "B1")
    static let cid = person(0xC, "Cid", "C1")
    static let eve = person(0xE, "Eve", "E1")

    static func with(_ person: AppPerson, office: String) -> AppPerson {
        AppPerson(id: person.id, name: person.name, office: office)
    }

    static func text(_ output: CommandOutput) -> String {
        switch output {
        case .feedback(let text), .text(let text), .warning(let text): return text
        default: return ""
        }
    }

    @Test(
        "a copy another device made from the version both started from is merged three-way: its deletion, addition and change come in, ours stay",
        arguments: ["directory.sync-conflict-20261205-101010-ABCDEFG.json", "directory 2.json"])
    func threeWay(copyName: String) throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob, Self.cid], to: place.list)
        var session = try place.session()
        try session.run("edit Ann", "set office A2", "new Dan", "save")
        let copy = place.folder + "/sync/" + copyName
        try place.write([Self.ann, Self.with(Self.bob, office: "B9"), Self.eve], to: copy)
        #expect(session.conflictNotice?.contains(copyName) == true)
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("added 1, changed 1, deleted 1, 0 conflicts"), "\(report)")
        #expect(report.contains("deleted 'Cid'"))
        // The copy's order, with Dan after Cid's place, as OrderMerge places what this session added.
        #expect(session.names == ["Ann", "Bob", "Eve", "Dan"])
        #expect(session.records[0].values[1] == .text("A2"))
        #expect(session.records[1].values[1] == .text("B9"))
        // One undo takes it all back; redo makes it again.
        try session.run("undo")
        #expect(session.names == ["Ann", "Bob", "Cid", "Dan"])
        try session.run("redo")
        let saved = Self.text(try session.run("save"))
        #expect(saved.contains("Removed the merged conflict copy: \(copyName)."), "\(saved)")
        #expect(!place.exists(copy))
        let people = try place.read(place.list)
        #expect(people.map(\.name) == ["Ann", "Bob", "Eve", "Dan"])
        #expect(people.map(\.office) == ["A2", "B9", "E1", ""])
    }

    @Test("a list opened through a symbolic link finds and removes the copies beside the file the link names")
    func throughSymbolicLink() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        try FileManager.default.createDirectory(atPath: place.folder + "/link", withIntermediateDirectories: true)
        let link = place.folder + "/link/directory.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../sync/directory.json")
        var session = try place.session(link)
        try session.run("edit Ann", "set office A2", "save")
        let copy = place.folder + "/sync/directory.sync-conflict-20261205-101010-ABCDEFG.json"
        try place.write([Self.ann, Self.with(Self.bob, office: "B9")], to: copy)
        #expect(session.conflictNotice?.contains("directory.sync-conflict") == true)
        try session.run("merge conflicts")
        let saved = Self.text(try session.run("save"))
        #expect(saved.contains("Removed the merged conflict copy"), "\(saved)")
        #expect(!place.exists(copy))
        #expect(try place.read(place.list).map(\.office) == ["A2", "B9"])
    }

    @Test("a copy of a file this program created merges against it: one-sided edits come in without conflicts")
    func copyOfNewFileHasBase() throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        let copy = place.folder + "/sync/directory.sync-conflict-20261205-101010-ABCDEFG.json"
        try place.write([Self.with(saved[0], office: "A-phone"), saved[1]], to: copy)
        var session = try place.session()
        try session.run("edit Bob", "set office B-terminal")
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(session.records.map { $0.values[1] } == [.text("A-phone"), .text("B-terminal")])
    }

    @Test(
        "a copy from before two saves here, the second deleting what the first added, deletes nothing (found trying it)"
    )
    func copyFromBeforeAddAndDelete() throws {
        let place = Place()
        defer { place.remove() }
        let phoneBase = try place.newFileOfAnnAndBob()
        var session = try place.session()
        try session.run("new Dana", "set office D1", "new Typo", "save")
        try session.run("delete Typo", "save")
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([Self.with(phoneBase[0], office: "A-phone"), phoneBase[1]], to: copy)
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(session.records.map { $0.values[0] } == [.text("Ann"), .text("Bob"), .text("Dana")])
        #expect(session.records.map { $0.values[1] } == [.text("A-phone"), .text("B1"), .text("D1")])
    }

    @Test("a sort saved here survives the merge of a copy made before it, in the old order (found trying it)")
    func savedSortSurvivesCopyMerge() throws {
        let place = Place()
        defer { place.remove() }
        var first = try place.session(place.folder + "/sync/scratch.json")
        try first.run("delete 1-3", "new Ann", "new Bob", "new Cid", "save as " + place.list)
        let phoneBase = try place.read(place.list)
        var session = try place.session()
        try session.run("sort name desc", "save")
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([phoneBase[0], Self.with(phoneBase[1], office: "B-phone"), phoneBase[2]], to: copy)
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(session.records.map { $0.values[0] } == [.text("Cid"), .text("Bob"), .text("Ann")])
        #expect(session.records.map { $0.values[1] }[1] == .text("B-phone"))
    }

    @Test("a move the copy made is taken and named in the summary (found trying it)")
    func copyMoveIsReported() throws {
        let place = Place()
        defer { place.remove() }
        var first = try place.session(place.folder + "/sync/scratch.json")
        try first.run("delete 1-3", "new Ann", "new Bob", "new Cid", "save as " + place.list)
        let saved = try place.read(place.list)
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([saved[1], saved[2], saved[0]], to: copy)
        var session = try place.session()
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("deleted 0, moved 1, 0 conflicts"), "\(report)")
        #expect(report.contains("\n  moved 'Ann'"), "\(report)")
        #expect(session.records.map { $0.values[0] } == [.text("Bob"), .text("Cid"), .text("Ann")])
    }

    @Test("under autosave a merge says what it took and keeps the copy until save is typed (found trying it)")
    func autosaveKeepsCopyUntilSave() throws {
        let place = Place()
        defer { place.remove() }
        var first = try place.session(place.folder + "/sync/scratch.json")
        try first.run("delete 1-3", "new Ann", "new Bob", "save as " + place.list)
        let saved = try place.read(place.list)
        let copy = place.folder + "/sync/directory.sync-conflict-20261205-101010-ABCDEFG.json"
        try place.write([Self.with(saved[0], office: "A-phone"), saved[1]], to: copy)
        var session = try place.session()
        try session.run("autosave on", "edit Bob", "set office B-here")
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(report.contains("until you type save"), "\(report)")
        #expect(try place.read(place.list).map(\.office) == ["A-phone", "B-here"])
        #expect(place.exists(copy))
        try session.run("undo")
        #expect(try place.read(place.list).map(\.office) == ["", "B-here"])
        #expect(place.exists(copy))
        try session.run("redo")
        #expect(place.exists(copy))
        let typed = Self.text(try session.run("save"))
        #expect(typed.contains("Removed the merged conflict copy"), "\(typed)")
        #expect(!place.exists(copy))
        #expect(try place.read(place.list).map(\.office) == ["A-phone", "B-here"])
    }

    @Test("records saved here that a copy lacks are kept and named: it may have deleted them (found trying it)")
    func savedRecordsTheCopyLacksAreNamed() throws {
        let place = Place()
        defer { place.remove() }
        var first = try place.session(place.folder + "/sync/scratch.json")
        try first.run("delete 1-3", "new Ann", "new Bob", "save as " + place.list)
        var session = try place.session()
        try session.run("new Xavier", "save")
        let phoneBase = try place.read(place.list)
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([phoneBase[0], Self.with(phoneBase[1], office: "PB")], to: copy)
        try session.run("new Yan", "save", "new Zoe")
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(report.contains("\n  kept 'Xavier': saved here since the version the copy came from"), "\(report)")
        #expect(report.contains("\n  kept 'Yan': saved here"), "\(report)")
        #expect(!report.contains("kept 'Zoe'"), "not saved, so the copy never had it: \(report)")
        #expect(session.records.map { $0.values[0] }.count == 5)
    }

    @Test("a copy's change to a key only another app knows is saved, not lost (found trying it)")
    func copyChangingOtherAppsKeyIsSaved() throws {
        let place = Place()
        defer { place.remove() }
        let people =
            #"[{"id":"00000000-0000-4000-8000-00000000000A","name":"Ann","office":"A1","pronouns":"she/her"},"#
            + #"{"id":"00000000-0000-4000-8000-00000000000B","name":"Bob","office":"B1"}]"#
        #expect(FileManager.default.createFile(atPath: place.list, contents: Data(people.utf8)))
        var session = try place.session()
        try session.run("edit Bob", "set office B2", "save")
        let saved = try String(contentsOfFile: place.list, encoding: .utf8)
        let copy = place.folder + "/sync/directory.sync-conflict-20261205-101010-ABCDEFG.json"
        let theirs = saved.replacingOccurrences(of: "she", with: "they")
        #expect(FileManager.default.createFile(atPath: copy, contents: Data(theirs.utf8)))
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("changed 1"), "\(report)")
        #expect(session.hasUnsavedChanges)
        #expect(Self.text(try session.run("changes")).contains("keys kept for other apps"))
        try session.run("save")
        #expect(try String(contentsOfFile: place.list, encoding: .utf8).contains("they"))
        #expect(!place.exists(copy))
    }

    @Test("a copy kept for lacking records is merged again to the same verdict: nothing deleted (found trying it)")
    func keptCopyMergedAgainDeletesNothing() throws {
        let place = Place()
        defer { place.remove() }
        let pia = Self.person(0x9, "Pia", "P")
        try place.write([Self.ann, Self.bob, Self.cid], to: place.list)
        let copy = place.folder + "/sync/directory.sync-conflict-20261205-101010-ABCDEFG.json"
        try place.write([Self.ann, Self.cid, pia], to: copy)
        var first = try place.session()
        let report = Self.text(try first.run("merge conflicts"))
        #expect(report.contains("kept 'Bob'"), "\(report)")
        try first.run("save")
        #expect(place.exists(copy))
        var second = try place.session()
        let again = Self.text(try second.run("merge conflicts"))
        #expect(again.contains("deleted 0"), "\(again)")
        try second.run("save")
        #expect(try place.read(place.list).map(\.name) == ["Ann", "Bob", "Cid", "Pia"])
        #expect(place.exists(copy))
    }

    @Test("a copy older than every kept version deletes nothing added since (found trying it)")
    func copyOlderThanKeptVersionsDeletesNothing() throws {
        let place = Place()
        defer { place.remove() }
        var first = try place.session(place.folder + "/sync/scratch.json")
        try first.run("delete 1-3", "new Ann", "new Bob", "save as " + place.list)
        let phoneBase = try place.read(place.list)
        var session = try place.session()
        for number in 1...10 { try session.run("new P\(number)", "save") }
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([Self.with(phoneBase[0], office: "A-phone"), phoneBase[1]], to: copy)
        let report = Self.text(try session.run("merge! conflicts"))
        #expect(report.contains("deleted 0"), "\(report)")
        #expect(report.contains("nothing was deleted: 10 records here are not in the copy"), "\(report)")
        #expect(session.records.count == 12)
        try session.run("save")
        #expect(place.exists(copy))
    }

    @Test("a copy that changed every record of a file this program created merges against it (found trying it)")
    func copyChangingEveryRecordOfNewFile() throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([Self.with(saved[0], office: "A-phone"), Self.with(saved[1], office: "B-phone")], to: copy)
        var session = try place.session()
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("changed 2, deleted 0, 0 conflicts"), "\(report)")
        #expect(session.records.map { $0.values[1] } == [.text("A-phone"), .text("B-phone")])
    }

    @Test(
        "a copy two sessions merged, removed by the first to save, is not called changed by the second (found trying it)"
    )
    func copyRemovedByAnotherSession() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var earlier = try place.session()
        try earlier.run("new Cid", "set office C1", "save")
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([Self.with(Self.ann, office: "A9"), Self.bob], to: copy)
        var first = try place.session()
        var second = try place.session()
        try first.run("merge conflicts")
        try second.run("merge conflicts", "new Dan")
        let firstSaved = Self.text(try first.run("save"))
        #expect(firstSaved.contains("Removed the merged conflict copy"), "\(firstSaved)")
        let secondSaved = Self.text(try second.run("save"))
        #expect(!secondSaved.contains("Kept"), "\(secondSaved)")
        #expect(!secondSaved.contains("Removed"), "\(secondSaved)")
        #expect(try place.read(place.list).map(\.office) == ["A9", "B1", "C1", ""])
    }

    @Test("a snapshot named by year beside the list is not a conflict copy")
    func yearNamedSnapshot() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        let snapshot = place.folder + "/sync/directory 2024.json"
        try place.write([Self.ann], to: snapshot)
        var session = try place.session()
        #expect(session.conflictNotice == nil)
        try session.run("new Dan", "save")
        #expect(place.exists(snapshot))
    }

    @Test("a copy in each property list format Foundation writes, and a plist list")
    func propertyLists() throws {
        for binary in [true, false] {
            let place = Place()
            defer { place.remove() }
            let list = place.folder + "/sync/directory.plist"
            try place.write([Self.ann, Self.bob], to: list, binary: true)
            var session = try place.session(list)
            try session.run("edit Bob", "set office B2", "save")
            let copy = place.folder + "/sync/directory (conflicted copy alice 2026-12-05 101010).plist"
            try place.write([Self.with(Self.ann, office: "A7"), Self.bob, Self.cid], to: copy, binary: binary)
            try session.run("merge conflicts", "save")
            #expect(!place.exists(copy))
            let people = try place.read(list)
            #expect(people.map(\.office) == ["A7", "B2", "C1"])
        }
    }

    @Test("with no kept version to compare with, nothing is deleted and the summary says so")
    func noBase() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try Session(location: place.list, kind: nil, store: FileStore(), environment: .fixed())
        session.findConflictCopies(with: FileConflictCopies())
        let copy = place.list + ".conflict1"
        try place.write([Self.ann, Self.eve], to: copy)
        let report = Self.text(try session.run("merge " + copy))
        #expect(
            report.contains("nothing was deleted: 1 record here is not in the copy and was kept"), "\(report)")
        #expect(report.contains("\n  kept 'Bob'"), "\(report)")
        #expect(session.names == ["Ann", "Bob", "Eve"])
        // The copy may have deleted Bob: the save keeps it, and says why (found trying it).
        let saved = Self.text(try session.run("save"))
        #expect(place.exists(copy))
        #expect(
            saved.contains("it lacks 1 record of this list, and no kept version tells whether it deleted"), "\(saved)")
        // Once Bob is deleted here, the copy holds nothing the list lacks: merged again, it goes.
        try session.run("delete 2", "merge conflicts", "save")
        #expect(!place.exists(copy))
    }

    @Test("a conflict keeps this session's value, lists the other and the commands that take it, and fails the command")
    func conflictFails() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        try session.run("edit Ann", "set office Here", "save")
        let copy = place.list + "..path1"
        try place.write([Self.with(Self.ann, office: "There"), Self.bob], to: copy)
        do {
            try session.run("merge " + copy)
            Issue.record("a conflict did not fail the merge")
        } catch let error as SessionError {
            #expect(
                error.message.contains("office is \"Here\" here but \"There\" in directory.json..path1; kept \"Here\""))
            #expect(error.message.contains("then set office There"))
            #expect(error.message.contains("'merge! \(copy)' takes the copy's value on every conflict"))
        }
        #expect(session.records[0].values[1] == .text("Here"))
        try session.run("undo", "merge! " + copy)
        #expect(session.records[0].values[1] == .text("There"))
    }

    @Test("a copy that is not a readable list is named, never merged, never removed; the others are")
    func unreadableCopy() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann], to: place.list)
        var session = try place.session()
        let broken = place.folder + "/sync/directory 2.json"
        #expect(FileManager.default.createFile(atPath: broken, contents: Data("[{\"id\":".utf8)))
        let good = place.folder + "/sync/directory 3.json"
        try place.write([Self.ann, Self.eve], to: good)
        let listing = Self.text(try session.run("conflicts"))
        #expect(listing.contains("directory 3.json (iCloud Drive"), "\(listing)")
        #expect(listing.contains("would add 1, change 0, delete 0"))
        #expect(listing.contains("directory 2.json (iCloud Drive") && listing.contains("cannot be merged"))
        #expect(
            !listing.contains("--file") && !listing.contains("save!"), "advice for the list, not a copy: \(listing)")
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("Not merged (not a readable list), and never removed:"))
        #expect(!report.contains("--file") && !report.contains("save!"), "\(report)")
        try session.run("save")
        #expect(place.exists(broken))
        #expect(!place.exists(good))
        #expect(session.names == ["Ann", "Eve"])
        // Named by path, a file that is not a list gets no advice meant for the list's own file.
        let csv = place.folder + "/people.csv"
        #expect(FileManager.default.createFile(atPath: csv, contents: Data("name,office\nZed,Z1\n".utf8)))
        do {
            try session.run("merge " + csv)
            Issue.record("a CSV file was merged")
        } catch let error as SessionError {
            #expect(error.message.contains("people.csv cannot be merged"), "\(error.message)")
            // The line that brings it in, as opening it gives.
            let line = "A CSV file is brought in with import, not merged: 'import csv \(csv)' adds its records"
            #expect(error.message.contains(line) && !error.message.contains("--file"), "\(error.message)")
        }
    }

    @Test("merge --keep keeps the copies; an undone merge removes nothing")
    func keepAndUndo() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann], to: place.list)
        var session = try place.session()
        let copy = place.list + ".conflict2"
        try place.write([Self.ann, Self.eve], to: copy)
        try session.run("merge --keep conflicts", "save")
        #expect(place.exists(copy))
        let second = place.list + ".conflict3"
        try place.write([Self.ann, Self.cid], to: second)
        try session.run("merge conflicts", "undo", "new Zed", "save")
        #expect(place.exists(copy) && place.exists(second))
        #expect(session.names == ["Ann", "Eve", "Zed"])
    }

    @Test("merging a copy already merged and saved brings nothing back that was deleted since")
    func mergedCopyMergedAgain() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        let copy = place.list + ".conflict1"
        try place.write([Self.ann, Self.bob, Self.eve], to: copy)
        try session.run("merge --keep conflicts", "save", "delete Bob", "save")
        let report = Self.text(try session.run("merge " + copy))
        #expect(session.names == ["Ann", "Eve"], "\(report)")
    }
}
