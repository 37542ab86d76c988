import Foundation
import Testing

@testable import DirectoryCLI

#if canImport(Glibc)
    import Glibc
#endif

@Suite("PrivateFolder: folders of per-user state")
struct PrivateFolderTests {
    static func scratchFolder() -> String {
        let path = FileManager.default.temporaryDirectory.path + "/directory-private-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a folder only its owner can write is private; a missing one is not a problem yet")
    func privateFolders() {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        unsafe #expect(chmod(folder, 0o755) == 0)
        #expect(PrivateFolder.problem(with: folder) == nil)
        #expect(PrivateFolder.problem(with: folder + "/missing") == nil)
    }

    @Test(
        "group- or world-writable folders are refused, naming the mode and the fix", arguments: [0o775, 0o777, 0o1777])
    func writableByOthers(mode: Int) {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        unsafe #expect(chmod(folder, mode_t(mode)) == 0)
        let problem = PrivateFolder.problem(with: folder)
        #expect(problem?.contains("can be written by other users (mode 0\(String(mode, radix: 8)))") == true)
        #expect(problem?.contains("chmod go-w") == true)
    }

    @Test(
        "a folder that belongs to another user is refused",
        .enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func ownedByAnotherUser() {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        unsafe #expect(chmod(folder, 0o700) == 0)
        unsafe #expect(chown(folder, 65534, 65534) == 0)
        #expect(PrivateFolder.problem(with: folder)?.contains("belongs to another user (uid 65534)") == true)
    }
}
