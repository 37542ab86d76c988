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
