import DirectoryCore
import Foundation

/// Reads folders for path completion.
enum FolderListing {
    /// The entries of `folder`, or none when it cannot be read.
    static func entries(of folder: String) -> [FolderEntry] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.map { name in
            var isFolder: ObjCBool = false
            let exists = manager.fileExists(atPath: base + name, isDirectory: &isFolder)
            return FolderEntry(name: name, isFolder: exists && isFolder.boolValue)
        }
    }
}
