import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Safety: two sessions on one file")
struct ConcurrentSessionTests {
    /// A folder with the app's three sample people saved in `directory.plist`, and its path.
    static func savedSamples() throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        let path = folder.file("directory.plist")
        let run = try ProgramRun.run(["--file", path, "-c", "save"], folder: folder)
        #expect(run.status == 0)
        return (folder, path)
    }

    /// Session A: opens the file and holds `edits`, unsaved, until the test sends more.
    static func holdingSession(_ path: String, folder: TemporaryFolder, edits: String...) throws -> LiveProgram {
        let program = try LiveProgram(["--file", path], folder: folder)
        for edit in edits { program.send(edit) }
        program.send("changes")
        #expect(program.waitForOutput(containing: "unsaved change"), "session A never answered")
        return program
    }

    @Test("edits to different people in two sessions both survive, and A is told what came from B")
    func differentPeopleMerge() throws {
        let (folder, path) = try Self.savedSamples()
        let sessionA = try Self.holdingSession(
            path, folder: folder, edits: "edit 1", "set office Steitz 200", "new From A")
        let sessionB = try ProgramRun.run(
            ["--file", path, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "delete 3", "-c", "save"],
            folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        sessionA.send("save")
        let run = sessionA.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Merged with changes another session saved"))
        #expect(run.standardError.contains("changed 'Joe Gregg'"))
        #expect(run.standardError.contains("deleted 'Kurt Krebsbach'"))
        let people = try Self.people(in: path)
        #expect(people.map(\.name) == ["Acacia Ackles", "Joe Gregg", "From A"])
        #expect(people.map(\.office) == ["Steitz 200", "Briggs 500", ""])
    }

    @Test("the same field changed in both: A's save is refused naming record, field and both values; nothing lost")
    func sameFieldConflict() throws {
        let (folder, path) = try Self.savedSamples()
        let sessionA = try Self.holdingSession(path, folder: folder, edits: "edit 2", "set office Briggs 600")
        let sessionB = try ProgramRun.run(
            ["--file", path, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "save"], folder: folder)
        #expect(sessionB.status == 0)
        let savedByB = FileManager.default.contents(atPath: path)
        sessionA.send("save", "changes", "quit!")
        let run = sessionA.finish()
        #expect(run.status == 1)
        #expect(run.standardError.contains("not saved: \(path) was changed by another session"))
        #expect(run.standardError.contains("'Joe Gregg': office is \"Briggs 600\" here but \"Briggs 500\" in the file"))
        #expect(run.standardError.contains("Nothing was written"))
        #expect(FileManager.default.contents(atPath: path) == savedByB)
        let afterRefusal = run.standardOutput.components(separatedBy: "unsaved change").last ?? ""
        #expect(
            afterRefusal.contains("office \"Briggs 413\" → \"Briggs 600\""), "A's edit is kept:\n\(run.standardOutput)")
    }

    @Test("after a conflict, save! keeps A's version and revert takes the file's")
    func conflictResolutions() throws {
        let (folder, path) = try Self.savedSamples()
        let forced = try Self.holdingSession(path, folder: folder, edits: "edit 2", "set office Briggs 600")
        _ = try ProgramRun.run(
            ["--file", path, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "save"], folder: folder)
        forced.send("save", "save!")
        #expect(forced.finish().standardError.contains("conflict"))
        #expect(try Self.people(in: path)[1].office == "Briggs 600")

        let reverted = try Self.holdingSession(path, folder: folder, edits: "edit 2", "set office Briggs 700")
        _ = try ProgramRun.run(
            ["--file", path, "-c", "edit 2", "-c", "set office Briggs 800", "-c", "save"], folder: folder)
        reverted.send("save", "revert", "save")
        _ = reverted.finish()
        #expect(try Self.people(in: path)[1].office == "Briggs 800")
    }

    @Test("save! after a conflict keeps A's value and B's other work: a person B added, a field A did not change")
    func saveBangKeepsTheOthersSession() throws {
        let (folder, path) = try Self.savedSamples()
        let sessionA = try Self.holdingSession(path, folder: folder, edits: "edit 2", "set office Briggs 600")
        let sessionB = try ProgramRun.run(
            [
                "--file", path, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "edit 1", "-c",
                "set office Steitz 999", "-c", "new Dana", "-c", "save",
            ], folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        sessionA.send("save", "save!")
        let run = sessionA.finish()
        #expect(run.standardError.contains("conflict"))
        #expect(run.standardError.contains("added 'Dana'"), "save! says what it kept:\n\(run.standardError)")
        let people = try Self.people(in: path)
        #expect(people.map(\.name) == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Dana"])
        #expect(people.map(\.office) == ["Steitz 999", "Briggs 600", "Briggs 411", ""])
    }

    @Test("a save waits for the folder's lock, so two saves never interleave")
    func saveWaitsForLock() throws {
        let (folder, path) = try Self.savedSamples()
        let before = FileManager.default.contents(atPath: path)
        let program = try Self.holdingSession(path, folder: folder, edits: "new Waited")
        let descriptor = unsafe open(folder.path, O_RDONLY | O_DIRECTORY)
        #expect(flock(descriptor, LOCK_EX) == 0)
        program.send("save")
        usleep(300_000)
        #expect(program.isRunning)
        #expect(FileManager.default.contents(atPath: path) == before, "saved while the lock was held")
        flock(descriptor, LOCK_UN)
        close(descriptor)
        #expect(program.finish().status == 0)
        #expect(try Self.people(in: path).last?.name == "Waited")
    }

    @Test("six sessions adding a person at once: every addition is in the file")
    func manySessionsAdd() async throws {
        let (folder, path) = try Self.savedSamples()
        let programs = try (1...6).map { number in
            try Self.holdingSession(path, folder: folder, edits: "new Added \(number)")
        }
        for program in programs { program.send("save") }
        for program in programs {
            let run = program.finish()
            #expect(run.status == 0, "\(run.standardError)")
        }
        let names = Set(try Self.people(in: path).map(\.name))
        #expect(names.isSuperset(of: (1...6).map { "Added \($0)" }))
        #expect(names.count == 9)
    }

    @Test("a file deleted while edits are held is written again with every record, not just the edits")
    func deletedFileWrittenAgain() throws {
        let (folder, path) = try Self.savedSamples()
        let sessionA = try Self.holdingSession(path, folder: folder, edits: "new Mine")
        try FileManager.default.removeItem(atPath: path)
        sessionA.send("save")
        let run = sessionA.finish()
        #expect(run.status == 0)
        #expect(run.standardError.contains("the file had been deleted; it was written again"))
        #expect(try Self.people(in: path).map(\.name) == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Mine"])
    }

    /// The people in the property list at `path`.
    static func people(in path: String) throws -> [(name: String, office: String)] {
        let data = try #require(FileManager.default.contents(atPath: path))
        let list = try unsafe #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]])
        return list.map { ($0["name"] as? String ?? "", $0["office"] as? String ?? "") }
    }
}
