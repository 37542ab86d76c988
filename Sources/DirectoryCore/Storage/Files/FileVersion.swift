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
