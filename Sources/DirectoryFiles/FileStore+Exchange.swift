import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The plain files that `import` reads and `export` writes, and whether a path is taken.
extension FileStore {
    /// Reads the whole file, or a stream (a pipe, a FIFO, a device) up to 64 MiB;
    /// a missing file is an error, named as such.
    public func readBytes(path: String) throws(StorageError) -> [UInt8] {
        guard let contents = try FileBytes.read(path: path, streams: true) else {
            throw .unreadable(path: path, reason: "there is no such file")
        }
        return contents.bytes
    }

    /// Writes the file with `AtomicFile`, so a failed export leaves any old file whole.
    public func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) {
        _ = try AtomicFile.write(bytes, to: path)
    }

    /// Whether `path` names anything (a file, a folder, a symbolic link to one): one `stat`,
    /// without reading the file. A path that cannot be looked up counts as free, and
    /// writing there then fails with its own message.
    public func exists(location path: String) -> Bool {
        var status = stat()
        return unsafe stat(path, &status) == 0
    }

    /// Whether the two paths are one file: the same device and inode (or the same spelling).
    public func isSameList(_ path: String, as other: String) -> Bool {
        if path == other { return true }
        var first = stat()
        var second = stat()
        guard unsafe stat(path, &first) == 0, unsafe stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
