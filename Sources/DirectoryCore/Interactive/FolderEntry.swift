/// One entry of a folder, as a path completion sees it.
public struct FolderEntry: Equatable, Sendable {
    /// The entry's name, without its folder.
    public var name: String
    /// Whether it is a folder (completed with `/`).
    public var isFolder: Bool

    /// Creates an entry.
    public init(name: String, isFolder: Bool) {
        self.name = name
        self.isFolder = isFolder
    }
}
