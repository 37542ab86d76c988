/// Keeping the versions of the list this session loads and saves (`KeptVersionStore`), the
/// bases `merge` compares a copy with.
extension Session {
    /// Starts keeping versions in `store`, beginning with the list as loaded.
    public mutating func keepVersions(in store: KeptVersionStore) {
        keptVersions = store
        keepVersion(parents: [])
    }

    /// Keeps the list's version now (just loaded, read for a merge, or saved), made from
    /// `parents` (keys; empty for a version another program made). Only files are kept.
    func keepVersion(parents: [String]) {
        guard let keptVersions, store.medium == .file, let version else { return }
        keptVersions.keep(version, of: location, from: location, parents: parents)
    }

    /// Keeps a copy read for a merge, so a later merge knows the saved list came from it too.
    func keepCopy(_ copy: ReadCopy) {
        guard let keptVersions, store.medium == .file, let version = copy.list.version else { return }
        keptVersions.keep(version, of: location, from: copy.path, parents: [])
    }

    /// The keys a save's version was made from: the version it replaced (`KeptVersion.newFile`
    /// when the save `created` the file) and the copies merged since.
    func savedParents(replacing replaced: ListVersion?, created: Bool = false) -> [String] {
        var keys = replaced?.keptKey.map { [$0] } ?? (created ? [KeptVersion.newFile] : [])
        // A copy whose values a conflict did not take is not where the saved list came from:
        // a later `merge!` of it must still see them.
        for copy in mergedCopies where !copy.undone && copy.conflictsKept == 0 {
            if let key = copy.version?.keptKey, !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
}
