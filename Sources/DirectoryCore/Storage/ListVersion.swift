/// Which version of a list a session last read or wrote, to tell whether someone else
/// saved it since. A file and a database each fill it in their own way.
public enum ListVersion: Equatable, Sendable {
    /// A file's size, modification time and content hash.
    case file(FileVersion)
    /// A count kept beside the list and bumped by every save (a database's version counter).
    case counter(Int64)

    /// Whether two versions hold the same contents: for files, the same size and hash (the
    /// modification time is not trusted); for counters, the same count.
    public func sameContents(as other: ListVersion) -> Bool {
        switch (self, other) {
        case (.file(let file), .file(let otherFile)): return file.sameContents(as: otherFile)
        case (.counter(let count), .counter(let otherCount)): return count == otherCount
        default: return false
        }
    }
}

/// A file's version: its size, modification time and content hash, to tell whether
/// another program changed it since it was read.
public struct FileVersion: Equatable, Sendable {
    /// Size in bytes.
    public var size: Int
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
    /// The file's `ContentHash`.
    public var hash: UInt64

    /// Creates a file version.
    public init(size: Int, modified: Int64, hash: UInt64) {
        self.size = size
        self.modified = modified
        self.hash = hash
    }

    /// Whether two versions describe the same contents: the same size and the same hash.
    /// The modification time is not trusted: a coarse clock or `touch -r` keeps it.
    public func sameContents(as other: FileVersion) -> Bool {
        size == other.size && hash == other.hash
    }
}
