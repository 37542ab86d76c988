import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// The ways a merge of a conflict copy lost data that a newcomer's trial found (release 1.8.0),
/// each on real files.
extension SessionCopyMergeTests {
    @Test(
        "a copy whose records lack a field has not changed it: this side's value stays (found trying it)",
        arguments: [false, true])
    func fieldTheCopyLacksIsNoChange(binaryPlist: Bool) throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        var session = try place.session()
        try session.run("edit Bob", "set office B-here")
        let copy = place.folder + "/sync/directory.sync-conflict-20261205-101010-ABCDEFG.plist"
        let people: [[String: Any]] = [
            ["id": saved[0].id.uuidString, "name": "Ann"],
            ["id": saved[1].id.uuidString, "name": "Bobby"],
        ]
        let data = try PropertyListSerialization.data(
            fromPropertyList: people, format: binaryPlist ? .binary : .xml, options: 0)
        #expect(FileManager.default.createFile(atPath: copy, contents: data))
        let report = Self.text(try session.run("merge " + copy))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(session.records.map { $0.values[0] } == [.text("Ann"), .text("Bobby")])
        #expect(session.records.map { $0.values[1] } == [.text("A1"), .text("B-here")])
    }

    @Test("a kept conflict copy merged again brings back no record it brought that was deleted here since")
    func keptCopyBringsNothingBack() throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        var session = try place.session()
        try session.run("edit Ann", "set office A-here", "save")
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([Self.with(saved[0], office: "A-phone"), saved[1], Self.eve], to: copy)
        #expect(throws: SessionError.self) { try session.run("merge conflicts") }
        try session.run("save")
        #expect(place.exists(copy), "kept: a conflict did not take its value")
        try session.run("delete Eve", "save")
        #expect(throws: SessionError.self) { try session.run("merge conflicts") }
        #expect(session.names == ["Ann", "Bob"])
    }

    @Test("a copy merged with no base and kept brings back no record it brought that was deleted here since")
    func baselessKeptCopyBringsNothingBack() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        let copy = place.list + ".conflict1"
        try place.write([Self.with(Self.ann, office: "A9"), Self.eve], to: copy)
        _ = try? session.run("merge conflicts")
        try session.run("save")
        #expect(place.exists(copy), "kept: it lacks Bob")
        try session.run("delete Eve", "save")
        _ = try? session.run("merge conflicts")
        #expect(session.names == ["Ann", "Bob"])
    }

    @Test("with only this list's first version kept, a copy differing only in order keeps this order and says so")
    func orderWithoutBaseIsKept() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob, Self.cid], to: place.list)
        var session = try place.session()
        let copy = place.list + ".conflict1"
        try place.write([Self.cid, Self.ann, Self.bob], to: copy)
        do {
            try session.run("merge " + copy)
            Issue.record("the order was taken without a word")
        } catch let error as SessionError {
            #expect(error.message.contains("no kept version tells which is newer: this list's order was kept"))
        }
        #expect(session.names == ["Ann", "Bob", "Cid"])
        try session.run("save")
        #expect(place.exists(copy), "kept: its order was not taken")
        try session.run("merge! " + copy)
        #expect(session.names == ["Cid", "Ann", "Bob"])
    }

    @Test("reading copies for a merge never pushes this list's saved versions out of the kept versions")
    func copiesDoNotEvictSavedVersions() throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        var session = try place.session()
        let kept = FileKeptVersions(folder: place.versions)
        let before = kept.versions(of: place.list).map(\.key)
        for number in 1...FileKeptVersions.versionsPerList {
            let copy = place.list + ".conflict\(number)"
            try place.write([saved[0], Self.person(UInt8(number), "Copy \(number)", "")], to: copy)
            _ = try? session.run("merge --keep " + copy)
            try session.run("undo")
        }
        let after = kept.versions(of: place.list).map(\.key)
        #expect(before.allSatisfy { after.contains($0) }, "\(before) \(after)")
        // The copy made from the first version still finds it as its base.
        let phone = place.folder + "/sync/directory 2.json"
        try place.write([Self.with(saved[0], office: "A-phone"), saved[1]], to: phone)
        let report = Self.text(try session.run("merge " + phone))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(!report.contains("No kept version"), "\(report)")
    }

    @Test("a conflict copy whose file name is not UTF-8 is found and named, never merged or removed")
    func copyNamedInAnotherEncodingIsNamed() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann], to: place.list)
        var session = try place.session()
        // Dropbox's copy from a device named "José" in Latin-1: "Jos\xE9's conflicted copy".
        let name = Array("directory (Jos".utf8) + [0xE9] + Array("'s conflicted copy 2026-12-05).json".utf8)
        let data = try JSONEncoder().encode([Self.ann, Self.eve])
        let path = Array((place.folder + "/sync/").utf8) + name + [0]
        let file = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
        }
        #expect(file >= 0)
        _ = data.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        let shown = "directory (Jos\\xE9's conflicted copy 2026-12-05).json"
        #expect(session.conflictNotice?.contains(shown) == true, "\(session.conflictNotice ?? "no notice")")
        let listing = Self.text(try session.run("conflicts"))
        #expect(listing.contains(shown) && listing.contains("not valid UTF-8"), "\(listing)")
        do {
            try session.run("merge conflicts")
            Issue.record("a copy it cannot open was merged")
        } catch let error as SessionError {
            #expect(error.message.contains(shown) && error.message.contains("rename it"), "\(error.message)")
        }
        #expect(session.names == ["Ann"])
        try session.run("save")
        #expect(FileConflictCopies().copies(of: place.list).map(\.nameIsUTF8) == [false], "left as it is")
    }

    @Test("a backup holding a record deleted here since says it was left deleted, not that the list holds the copy")
    func backupOfDeletedRecordSaysWhatHappened() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        try session.run("edit Ann", "set office A2", "save")
        let backup = place.folder + "/backup.json"
        try FileManager.default.copyItem(atPath: place.list, toPath: backup)
        try session.run("delete Bob", "save")
        let report = Self.text(try session.run("merge " + backup))
        #expect(session.names == ["Ann"])
        #expect(
            report.contains("\n  left deleted 'Bob': deleted here since the version the copy came from"), "\(report)")
        #expect(!report.contains("already holds"), "\(report)")
        #expect(report.contains("this list is newer"), "\(report)")
    }

    @Test("under autosave, a copy made before many commands still merges against the version it came from")
    func autosaveKeepsOlderVersions() throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        var session = try Session(location: place.list, kind: nil, store: FileStore(), environment: .fixed())
        session.keepVersions(
            in: FileKeptVersions(folder: place.versions, thinning: FileKeptVersions.savesThinnedWithin))
        session.findConflictCopies(with: FileConflictCopies())
        try session.run("autosave on", "edit Bob")
        for number in 1...(2 * FileKeptVersions.versionsPerList) { try session.run("set office B\(number)") }
        let copy = place.folder + "/sync/directory 2.json"
        try place.write([Self.with(saved[0], office: "A-phone"), saved[1]], to: copy)
        let report = Self.text(try session.run("merge " + copy))
        #expect(report.contains("changed 1, deleted 0, 0 conflicts"), "\(report)")
        #expect(session.records.map { $0.values[1] } == [.text("A-phone"), .text("B16")])
    }
}
