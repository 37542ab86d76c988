import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Safety: a change that keeps the size and the timestamp")
struct SameTimestampTests {
    @Test("another session's same-size save, with the old modification time put back, is merged, not overwritten")
    func sameSizeSameTimeIsMerged() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let sessionA = try ConcurrentSessionTests.holdingSession(
            path, folder: folder, edits: "edit 1", "set office Steitz 200")
        let before = try Self.status(of: path)
        // B changes "Briggs 413" to "Briggs 414": the same size. Restoring the old time
        // afterwards (as `touch -r` does) is what a file system with 1-second timestamps
        // shows when both saves land in the same second.
        let sessionB = try ProgramRun.run(
            ["--file", path, "-c", "edit 2", "-c", "set office Briggs 414", "-c", "save"], folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        var times = [before.st_atim, before.st_mtim]
        unsafe #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let after = try Self.status(of: path)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec)
        #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        sessionA.send("save")
        let run = sessionA.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("changed 'Joe Gregg'"), "\(run.standardError)")
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(people.map(\.office) == ["Steitz 200", "Briggs 414", "Briggs 411"])
    }

    /// `stat` of `path`.
    static func status(of path: String) throws -> stat {
        var info = stat()
        guard unsafe stat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
        return info
    }
}
