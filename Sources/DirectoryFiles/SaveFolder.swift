import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a save writes in, held open for the whole save, so that every step of it (the
/// temporary file, the swap, the checks, the removals) happens in that one folder even when
/// another program moves the folder away and puts another at its path meanwhile: nothing is
/// left behind in the moved folder, and a file kept beside the list is named where it is.
///
/// Its files are reached through the open folder (`/proc/self/fd/N/NAME`) where Linux's
/// `/proc` has it; elsewhere by the folder's path, as before.
final class SaveFolder {
    /// The folder as the save's path names it.
    let path: String
    /// The open folder, or -1 where it could not be opened.
    private let descriptor: Int32
    /// What the folder's files are reached through: the open folder, or `path`.
    let base: String

    /// Opens the folder at `path`.
    init(_ path: String) {
        self.path = path
        descriptor = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let through = "/proc/self/fd/\(descriptor)"
        let reachable = unsafe access(through + "/.", F_OK) == 0
        base = descriptor >= 0 && reachable ? through : path
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The path of the file `name` in this folder.
    func file(_ name: String) -> String { base + "/" + name }

    /// Whether the folder at `path` is still this one.
    var isAtItsPath: Bool {
        guard descriptor >= 0 else { return true }
        var open = stat()
        var named = stat()
        guard unsafe fstat(descriptor, &open) == 0, unsafe stat(path, &named) == 0 else { return false }
        return open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    /// `file` (a path in this folder) as the user can find it: under the folder's path now,
    /// wherever it was moved.
    func shown(_ file: String) -> String {
        guard base != path, file.hasPrefix(base + "/") else { return file }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = unsafe readlink(base, &buffer, buffer.count - 1)
        guard count > 0 else { return path + file.dropFirst(base.count) }
        let now = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return now + file.dropFirst(base.count)
    }

    /// Flushes the folder's entries (a rename) to disk.
    func sync() {
        if descriptor >= 0 {
            fsync(descriptor)
        } else {
            let opened = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard opened >= 0 else { return }
            fsync(opened)
            close(opened)
        }
    }
}
