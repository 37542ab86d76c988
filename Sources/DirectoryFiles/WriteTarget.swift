import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names when a new file must not be put in its place: a device, a FIFO, a
/// socket, a folder, or one of the program's open files (`/dev/stderr`, `/dev/fd/N`,
/// `/proc/self/fd/N`), which a symbolic link into `/proc` makes look like the regular file
/// the shell opened (`2>>log.txt`). Symbolic links are followed hop by hop, so a link to any
/// of these counts as it.
enum WriteTarget {
    /// The most links followed, as the kernel's own limit (`ELOOP`).
    static let linkLimit = 40

    /// `nil` when nothing is at `path`, or a regular file (or a link to one); else what is
    /// there, in words that follow "it is".
    static func special(_ path: String) -> String? {
        var current = path
        for _ in 0..<linkLimit {
            var info = stat()
            guard unsafe lstat(current, &info) == 0 else { return nil }
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFLNK else {
                if kind == S_IFREG { return nil }
                return kind == S_IFDIR ? "a folder" : FileBytes.describe(kind)
            }
            let folder = AtomicFile.split(current).folder
            // A link in a `/proc/PID/fd` folder is an open file of a process, not a path to follow.
            if let real = unsafe realpath(folder, nil) {
                defer { unsafe free(real) }
                if unsafe String(cString: real).hasPrefix("/proc/") {
                    return "one of the program's open files (a standard stream or a descriptor)"
                }
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = unsafe readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder + "/" + target
        }
        return nil
    }
}

extension FileStore {
    /// What `path` names, in words, when it is there but is no regular file (see `WriteTarget`).
    public func notAFile(location path: String) -> String? {
        WriteTarget.special(path)
    }
}
