import Foundation

/// A small tmpfs mounted for one test, to make a disk that fills up or a file
/// system that is read-only; unmounted when the test is done. Mounting needs
/// root (CI runs as root); elsewhere the tests that need it are skipped.
final class ScratchMount {
    /// The mounted folder.
    let path: String
    /// The folder that holds the mount point, kept alive until the mount is gone.
    private let folder: TemporaryFolder

    /// Mounts a tmpfs of `kilobytes` at a new folder inside `folder`.
    init(kilobytes: Int, in folder: TemporaryFolder) throws {
        self.folder = folder
        path = folder.file("mount-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let status = Self.command("/bin/mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0777", "tmpfs", path)
        guard status == 0 else { throw LiveProgramError("mount failed with status \(status)") }
    }

    /// The path of `name` on the mount.
    func file(_ name: String) -> String { path + "/" + name }

    /// Makes the mount read-only; files on it can still be read.
    func makeReadOnly() throws {
        let status = Self.command("/bin/mount", "-o", "remount,ro", path)
        guard status == 0 else { throw LiveProgramError("remount read-only failed with status \(status)") }
    }

    deinit {
        if Self.command("/bin/umount", path) != 0 { _ = Self.command("/bin/umount", "-l", path) }
        unsafe rmdir(path)
    }

    /// Why tmpfs mounts cannot be made here, or `nil` when they can (checked once, by mounting one).
    static let unavailableReason: String? = {
        guard geteuid() == 0 else { return "mounting a tmpfs needs root; these tests run in CI as root" }
        let folder = TemporaryFolder()
        guard (try? ScratchMount(kilobytes: 64, in: folder)) != nil else {
            return "mount -t tmpfs failed (a container without CAP_SYS_ADMIN?)"
        }
        return nil
    }()

    /// Whether tmpfs mounts can be made; prints why not when they cannot.
    static var isAvailable: Bool {
        guard let reason = unavailableReason else { return true }
        print("skipped: \(reason)")
        return false
    }

    /// Runs a program quietly and returns its exit status.
    @discardableResult
    static func command(_ arguments: String...) -> Int32 {
        guard let child = try? ChildProcess(arguments, environment: ProcessInfo.processInfo.environment) else {
            return -1
        }
        return child.wait()
    }
}
