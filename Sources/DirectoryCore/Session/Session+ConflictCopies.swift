/// The conflict copies beside the list: the notice that names them (on open, `refresh` and
/// `save`), `conflicts`, and their removal by the save that holds their merge.
extension Session {
    /// Starts looking for conflict copies beside the list with `store`.
    public mutating func findConflictCopies(with store: ConflictCopyStore) {
        conflictCopyStore = store
    }

    /// The conflict copies of the list, oldest first (none for a database).
    func conflictCopies() -> [ConflictCopy] {
        guard store.medium == .file, let conflictCopyStore else { return [] }
        return conflictCopyStore.copies(of: location)
    }

    /// The file at `path` as a conflict copy of this list (in its folder, named as a sync tool
    /// names one); else `nil`.
    func conflictCopy(at path: String) -> ConflictCopy? {
        conflictCopies().first { store.isSameList($0.path, as: path) }
    }

    /// What to say when conflict copies are beside the list and not merged yet, or `nil`. A copy
    /// merged with `--keep` is kept on purpose: not advised again in this session unless it changed.
    public var conflictNotice: String? {
        let pending = Set(mergedCopies.filter { !$0.undone }.map(\.path))
        let copies = conflictCopies().filter { copy in
            !pending.contains(copy.path) && keptCopies[copy.path] != copy.modified
        }
        guard !copies.isEmpty else { return nil }
        let shown = copies.prefix(3).map { "\(StoreLocation.displayName($0.path)) (\($0.maker))" }
        let more = copies.count > 3 ? " and \(copies.count - 3) more" : ""
        let what =
            copies.count == 1
            ? "A conflict copy of \(listName) is" : "\(copies.count) conflict copies of \(listName) are"
        return "\(what) beside it: \(shown.joined(separator: ", "))\(more). Type 'merge conflicts' to merge "
            + "\(copies.count == 1 ? "it" : "them") into this list ('conflicts' says what each would change)."
    }

    /// `conflicts`: each copy, oldest first, with what merging it would change.
    mutating func listConflictCopies() throws(SessionError) -> CommandOutput {
        let copies = conflictCopies()
        guard !copies.isEmpty else { return .text("No conflict copies of \(listName) are beside it.") }
        var lines = [
            copies.count == 1
                ? "1 conflict copy of \(listName):" : "\(copies.count) conflict copies of \(listName), oldest first:"
        ]
        let (ours, oursKey) = mergeStart()
        var unmergeable = 0
        var unrelated = 0
        for copy in copies {
            let name = "\(StoreLocation.displayName(copy.path)) (\(copy.maker), \(localTime(copy.modified)))"
            do {
                let read = try readCopy(copy.path, maker: copy.maker)
                if Self.sharesNoRecord(read.list.records.array, with: ours) {
                    lines.append("  \(name): shares no record with \(listName): another list, not a copy of it")
                    unmergeable += 1
                    unrelated += 1
                    continue
                }
                let result = mergeCopy(read, into: ours, oursKey: oursKey, preferringCopy: false)
                var what =
                    "would add \(result.added.count), change \(result.changed.count), delete \(result.deleted.count)"
                if !result.conflicts.isEmpty {
                    what += result.conflicts.count == 1 ? ", 1 conflict" : ", \(result.conflicts.count) conflicts"
                }
                if !result.hadBase { what += " (no kept version to compare with: nothing would be deleted)" }
                lines.append("  \(name): \(what)")
            } catch {
                lines.append("  \(name): cannot be merged, \(Self.copyProblem(error)); it is never removed")
                unmergeable += 1
            }
        }
        if unmergeable < copies.count {
            lines.append("Type 'merge conflicts' to merge them all, oldest first, as one change.")
        } else {
            lines.append(
                unrelated == copies.count
                    ? "None can be merged: none shares a record with \(listName) ('merge PATH' merges a file anyway)."
                    : "None can be merged: look at each, and delete it once you have what you need from it.")
        }
        return .text(lines.joined(separator: "\n"))
    }

    /// What is wrong with a copy that cannot be merged, without the advice meant for the
    /// list's own file ("save!", "--file"), which does not fit a copy.
    static func copyProblem(_ error: SessionError) -> String {
        if case .mergeNotAList(_, let problem) = error { return problem }
        guard case .storage(let storage) = error, storage.isNotAList else { return error.message }
        return storage.notAListProblem
    }

    /// After a save: removes the conflict copies whose merge the saved list holds (those not
    /// merged with `--keep`, and whose contents are still the ones merged), and notes those kept
    /// with `--keep`; returns a line naming the removed ones, or `nil`.
    mutating func removeMergedCopies() -> String? {
        let merged = mergedCopies
        mergedCopies = []
        guard let conflictCopyStore else { return nil }
        var removed: [String] = []
        var changed: [String] = []
        var untaken: [(name: String, taking: String, count: Int)] = []
        for copy in merged where (!copy.removing || copy.conflictsKept > 0) && !copy.undone {
            if let modified = copy.modified { keptCopies[copy.path] = modified }
        }
        for copy in merged where copy.removing && copy.conflictsKept > 0 && !copy.undone {
            let taking = CommandDescription.text(of: .merge(.path(copy.path), force: true))
            untaken.append((StoreLocation.displayName(copy.path), taking, copy.conflictsKept))
        }
        for copy in merged where copy.removing && copy.conflictsKept == 0 && !copy.undone {
            guard let version = copy.version else { continue }
            if conflictCopyStore.remove(copy.path, ifStill: version) {
                removed.append(StoreLocation.displayName(copy.path))
            } else {
                changed.append(StoreLocation.displayName(copy.path))
            }
        }
        var lines: [String] = []
        if !removed.isEmpty {
            let what = removed.count == 1 ? "copy" : "copies"
            lines.append("Removed the merged conflict \(what): \(removed.joined(separator: ", ")).")
        }
        for copy in untaken {
            let values = copy.count == 1 ? "1 value" : "\(copy.count) values"
            lines.append(
                "Kept \(copy.name): \(values) of it a conflict did not take ('\(copy.taking)' takes them; "
                    + "delete it once you have what you need).")
        }
        if !changed.isEmpty {
            lines.append(
                "Kept \(changed.joined(separator: ", ")): changed since it was merged ('merge conflicts' merges it again)."
            )
        }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }
}
