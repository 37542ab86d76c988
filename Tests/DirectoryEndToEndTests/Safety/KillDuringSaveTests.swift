import Foundation
import Testing

@Suite("Safety: kill -9 in the middle of saves")
struct KillDuringSaveTests {
    /// How many records the file starts with (9 MB): enough that a save takes a measurable
    /// time, few enough that loading it in a debug build leaves time for 10–30 kills.
    static let recordCount = 100_000
    /// Saves each program is given to do before it is killed.
    static let savesPerRun = 10

    @Test("kill -9 at random moments of saving a large file leaves the old file or a new one, never a torn one")
    func killLoop() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try Self.writeLargeList(to: path)
        var count = Self.recordCount
        var killsDuringSave = 0
        let started = Date()
        var iteration = 0
        while iteration < 30, iteration < 10 || Date().timeIntervalSince(started) < 30 {
            iteration += 1
            let program = try LiveProgram(["--file", path], folder: folder)
            for number in 1...Self.savesPerRun { program.send("new Killed \(iteration).\(number)", "save") }
            if iteration % 5 == 0 {
                usleep(UInt32.random(in: 0...1_500_000))  // anywhere, loading included
            } else if iteration % 5 == 1 {
                // However slow the machine, some runs kill only after a save has completed,
                // so the loop also proves that completed saves are kept.
                #expect(
                    Self.waitForCompletedSave(of: path, program: program),
                    "iteration \(iteration): no save completed")
            } else if Self.waitForSave(of: "people.json", in: folder, program: program) {
                killsDuringSave += 1
                usleep(UInt32.random(in: 0...400_000))
            }
            program.kill()
            let data = try #require(FileManager.default.contents(atPath: path), "iteration \(iteration): no file")
            let records = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            let now = try #require(records?.count, "iteration \(iteration): the file does not parse")
            #expect(
                (count...count + Self.savesPerRun).contains(now),
                "iteration \(iteration): \(now) records after \(count)")
            #expect(records?.allSatisfy { $0["id"] is String && $0["name"] is String } == true)
            count = now
        }
        #expect(killsDuringSave >= 5, "only \(killsDuringSave) kills landed during a save")
        #expect(count > Self.recordCount, "no save ever completed")

        // The next start cleans up what the killed saves left, and reads the file.
        let run = try ProgramRun.run(["--file", path, "-c", "quit"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains(".directory-save-") }, "\(names)")
        print("kill loop: \(iteration) kills, \(killsDuringSave) during a save, \(count) records at the end")
    }

    @Test("a temporary file left by a killed save is recognisable and removed on the next start")
    func leftoversRemoved() throws {
        let folder = TemporaryFolder()
        let path = folder.file("directory.plist")
        _ = try ProgramRun.run(["--file", path, "-c", "save"], folder: folder)
        let original = FileManager.default.contents(atPath: path)
        // A pid that cannot be running, and one that is (this test): only the first is removed.
        let dead = folder.file(".directory.plist.directory-save-999999999-42")
        let alive = folder.file(".directory.plist.directory-save-\(getpid())-7")
        let unrelated = folder.file(".other.plist.directory-save-999999999-1")
        for file in [dead, alive, unrelated] {
            _ = FileManager.default.createFile(atPath: file, contents: Data("torn".utf8))
        }
        let run = try ProgramRun.run(["--file", path, "-c", "quit"], folder: folder)
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: alive))
        #expect(FileManager.default.fileExists(atPath: unrelated))
        #expect(FileManager.default.contents(atPath: path) == original)
    }

    /// Waits until a save of the file at `path` has completed: the rename that ends a save
    /// puts a new file (a new inode) at the path. False if none completes in time.
    static func waitForCompletedSave(of path: String, program: LiveProgram) -> Bool {
        var before = stat()
        guard unsafe stat(path, &before) == 0 else { return false }
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, program.isRunning {
            var now = stat()
            if unsafe stat(path, &now) == 0, now.st_ino != before.st_ino { return true }
            usleep(1_000)
        }
        return false
    }

    /// Waits until a save of `name` is under way (its temporary file exists); false if none starts.
    static func waitForSave(of name: String, in folder: TemporaryFolder, program: LiveProgram) -> Bool {
        let prefix = "." + name + ".directory-save-\(program.processIdentifier)-"
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, program.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains(where: { $0.hasPrefix(prefix) }) { return true }
            usleep(1_000)
        }
        return false
    }

    /// Writes a JSON people list of `recordCount` records.
    static func writeLargeList(to path: String) throws {
        let records = (0..<recordCount).map { index in
            ["id": UUID().uuidString, "name": "Person \(index)", "office": "Briggs \(index % 500)"]
        }
        try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: path))
    }
}
