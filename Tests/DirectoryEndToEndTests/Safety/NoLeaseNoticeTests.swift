import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Where a save cannot hold a read lease on the file it replaces (`WriterLease`), a program
/// that rewrites the file in place while it is saved may write into the removed version:
/// the first save of the session says so, and why, once.
@Suite("Safety: a list the program can hold no lease on")
struct NoLeaseNoticeTests {
    @Test("another user's file, no lease to be had: the first save says once that in-place writers are not protected")
    func noLeaseIsSaidOnce() throws {
        guard getuid() == 0 else {
            print("skipped: giving the file to another user needs root")
            return
        }
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        let list = "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"Ann\",\"office\":\"\"}]"
        try Data(list.utf8).write(to: URL(fileURLWithPath: path))
        try #require(unsafe chown(path, 65534, 65534) == 0)
        // Root without CAP_LEASE: it may still write the file, but only its owner may lease it.
        let run = try ProgramRun.run(
            [path, "-c", "new Bob", "-c", "save", "-c", "new Cy", "-c", "save"], folder: folder,
            launcher: ["/usr/bin/setpriv", "--inh-caps=-lease", "--bounding-set=-lease", "--"])
        if run.status != 0, run.standardError.hasPrefix("setpriv") {
            print("skipped: setpriv cannot drop CAP_LEASE here: \(run.standardError)")
            return
        }
        let output = run.standardOutput + run.standardError
        #expect(output.components(separatedBy: "could lose what it writes").count - 1 == 1, "said once: \(output)")
        #expect(output.contains("it belongs to another user, and only the file's owner can hold a lease on it"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("Bob") && saved.contains("Cy"), "both saves are in the file")
    }

    @Test("this user's own file: nothing is said")
    func ownFileSaysNothing() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        let run = try ProgramRun.run([path, "-c", "new Bob", "-c", "save"], folder: folder)
        #expect(!(run.standardOutput + run.standardError).contains("could lose what it writes"))
        #expect(run.status == 0)
    }

    @Test("a folder that lets no file be made in it is named, though the list itself is writable")
    func readOnlyFolderIsNamed() throws {
        let folder = TemporaryFolder()
        let inner = folder.file("rodir")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let path = inner + "/people.json"
        let list = "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"Ann\",\"office\":\"\"}]"
        try Data(list.utf8).write(to: URL(fileURLWithPath: path))
        try #require(unsafe chmod(inner, 0o555) == 0)
        defer { _ = unsafe chmod(inner, 0o755) }
        // Root writes anywhere: without CAP_DAC_OVERRIDE it is held to the folder's mode like anyone.
        let launcher =
            getuid() == 0
            ? [
                "/usr/bin/setpriv", "--inh-caps=-dac_override,-dac_read_search",
                "--bounding-set=-dac_override,-dac_read_search", "--",
            ]
            : []
        let run = try ProgramRun.run([path, "-c", "new Bob", "-c", "save"], folder: folder, launcher: launcher)
        if run.status != 0, run.standardError.hasPrefix("setpriv") {
            print("skipped: setpriv cannot drop CAP_DAC_OVERRIDE here: \(run.standardError)")
            return
        }
        #expect(run.status == 1)
        #expect(run.standardError.contains("its folder \(inner) does not let this program make a file in it"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == list)
    }
}
