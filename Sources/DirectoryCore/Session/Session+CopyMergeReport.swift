/// What `merge` says of each copy it merged: a summary line, then a line for each record it
/// took, left or kept, and each conflict.
extension Session {
    /// What a merge of `copy` says, one line each.
    static func report(
        _ result: CopyMerge.Merged, copy: ReadCopy, into listName: String, preferringCopy: Bool,
        noBase: String? = nil
    ) -> [String] {
        let name = StoreLocation.displayName(copy.path)
        let from = copy.maker.map { " (conflict copy: \($0))" } ?? ""
        let conflictCount =
            result.conflicts.count == 1 ? "1 conflict" : "\(result.conflicts.count) conflicts"
        // A clash with a copy merged before this one keeps that copy's value, not this session's.
        let kept = result.conflicts.contains(where: \.betweenCopies) ? "the value here" : "this list's value"
        // Taken, a conflict's record is counted as changed or deleted too: said so, not counted twice.
        let settled =
            result.conflicts.isEmpty
            ? ", \(conflictCount)"
            : preferringCopy
                ? "; \(conflictCount) among them, the copy's value taken" : ", \(conflictCount), \(kept) kept"
        var lines = [
            "Merged \(name)\(from) into \(listName): added \(result.added.count), changed \(result.changed.count), "
                + "deleted \(result.deleted.count)\(result.moved.isEmpty ? "" : ", moved \(result.moved.count)")"
                + "\(settled)."
        ]
        lines += result.added.map { "  added \($0)" }
        lines += result.changed.map { "  changed \($0)" }
        lines += result.deleted.map { "  deleted \($0)" }
        lines += result.moved.map { "  moved \($0)" }
        lines += result.deletedHere.map { "  left deleted \($0): deleted here since the version the copy came from" }
        lines += keptSavedLines(result.keptSaved)
        for conflict in result.conflicts {
            lines.append("  conflict: " + conflict.line + (conflict.taking.map { "; to take it: \($0)" } ?? ""))
        }
        if !result.hadBase {
            let kept = result.keptWithoutBase
            let why =
                noBase.map {
                    " (\($0): each field that differs is a conflict; take the copy's values with the commands "
                        + "shown, as 'merge!' also takes back what was changed here since)"
                } ?? ""
            lines.append(
                "  No kept version of \(listName) is one both could have come from\(why), so nothing was deleted"
                    + (kept.isEmpty
                        ? "."
                        : kept.count == 1
                            ? ": 1 record here is not in the copy and was kept (delete it if the copy did):"
                            : ": \(kept.count) records here are not in the copy and were kept (delete those the copy did):")
            )
            lines += kept.prefix(Self.shownKept).map { "  kept \($0)" }
            if kept.count > Self.shownKept { lines.append("  … and \(kept.count - Self.shownKept) more") }
        }
        return lines
    }

    /// Why a merge of `copy` into this list can have no base, when it is not for want of a
    /// common version: a database list's versions are not kept, nor versions of a file too big
    /// (`KeptVersionStore.notKept`); `nil` otherwise.
    func noBaseReason(copy: ReadCopy) -> String? {
        guard store.medium == .file else { return "versions of a database list are not kept" }
        guard let keptVersions else { return nil }
        for case .file(let file)? in [version, copy.list.version] {
            if let reason = keptVersions.notKept(size: file.size) { return reason }
        }
        return nil
    }

    /// How many records kept as saved here the report names a line each; more are one line.
    static let namedSaved = 3

    /// The report's lines about the records saved here since the copy's version that it lacks
    /// (`names`): a line each, or past `namedSaved` (autosave saves every addition) one line
    /// that counts them and names the first few.
    static func keptSavedLines(_ names: [String]) -> [String] {
        guard names.count > namedSaved else {
            return names.map {
                "  kept \($0): saved here since the version the copy came from, and not in the copy "
                    + "(delete it if the copy deleted it)"
            }
        }
        return [
            "  kept \(names.count) records saved here since the version the copy came from, and not in the copy "
                + "(delete those the copy deleted): \(names.prefix(namedSaved).joined(separator: ", ")) "
                + "and \(names.count - namedSaved) more"
        ]
    }
}
