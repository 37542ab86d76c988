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
    /// The file's status when it was known to hold these contents, kept only when that status
    /// proves them (`FileStamp`): the same status later means the same contents, with no need
    /// to read and hash the file again. `nil` when it cannot prove them: the file is hashed.
    public var stamp: FileStamp?

    /// Creates a file version.
    public init(size: Int, modified: Int64, hash: UInt64, stamp: FileStamp? = nil) {
        self.size = size
        self.modified = modified
        self.hash = hash
        self.stamp = stamp
    }

    /// Whether two versions describe the same contents: the same size and the same hash.
    /// The modification time is not trusted: a coarse clock or `touch -r` keeps it.
    public func sameContents(as other: FileVersion) -> Bool {
        size == other.size && hash == other.hash
    }

    /// The same size, time and hash: the same version, however it was learnt (with a stamp or not).
    public static func == (first: FileVersion, second: FileVersion) -> Bool {
        first.size == second.size && first.modified == second.modified && first.hash == second.hash
    }
}

/// A file's status that proves its contents: which file it is (device and inode) and its
/// size, modification time and change time (ns), taken while the file held known contents.
///
/// The kernel sets the change time to the clock's time at every change of a file, and nothing
/// can set it back; so once the clock has moved past the stamp's times, any later change shows
/// as another change time (or another inode, for a file renamed in). A stamp is made only when
/// that holds: the file's times were older than the file system's clock at a moment after
/// which any change would show (`docs/safety.md`, git's "racy" rule); a stat taken within the
/// same tick as the file's last change proves nothing and is not kept.
public struct FileStamp: Equatable, Sendable {
    /// The device the file is on.
    public var device: UInt64
    /// The file's inode number.
    public var inode: UInt64
    /// Size in bytes.
    public var size: Int
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
    /// Change time (of contents or status), nanoseconds since 1970.
    public var changed: Int64

    /// Creates a stamp.
    public init(device: UInt64, inode: UInt64, size: Int, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}
