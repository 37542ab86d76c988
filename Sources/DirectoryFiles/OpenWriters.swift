import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which other process has a file open for writing, as Linux's `/proc` tells (each
/// process's `fd` links and the access mode in `fdinfo`): for the message of a save that
/// waits for that program to finish. `nil` wherever that cannot be told (another user's
/// processes are not visible to this one).
enum OpenWriters {
    /// `process 1234, NAME` for a process other than this one that has the file whose status
    /// is `file` open for writing; `nil` when none is found.
    static func describe(_ file: stat) -> String? {
        let own = getpid()
        for entry in RecoveryFolder.names(in: "/proc") {
            guard let pid = Int32(entry), pid != own else { continue }
            let folder = "/proc/\(entry)/fd"
            for descriptor in RecoveryFolder.names(in: folder) {
                var status = stat()
                guard unsafe stat(folder + "/" + descriptor, &status) == 0, status.st_ino == file.st_ino,
                    status.st_dev == file.st_dev, writes(pid: entry, descriptor: descriptor)
                else { continue }
                let name = LockHolder.smallFile("/proc/\(entry)/comm").map { String($0.prefix { $0 != "\n" }) }
                return "process \(pid)" + (name.map { ", " + VisibleText.of($0) } ?? "")
            }
        }
        return nil
    }

    /// Whether the descriptor is open for writing (its `flags` in `fdinfo`, octal, have
    /// `O_WRONLY` or `O_RDWR`).
    private static func writes(pid: String, descriptor: String) -> Bool {
        guard let info = LockHolder.smallFile("/proc/\(pid)/fdinfo/\(descriptor)") else { return false }
        for line in info.split(separator: "\n") where line.hasPrefix("flags:") {
            let digits = line.dropFirst("flags:".count).trimmingPrefix { $0 == " " || $0 == "\t" }
            guard let flags = Int32(digits, radix: 8) else { return false }
            return flags & O_ACCMODE == O_WRONLY || flags & O_ACCMODE == O_RDWR
        }
        return false
    }
}
