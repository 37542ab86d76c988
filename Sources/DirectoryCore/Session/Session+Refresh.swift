/// `refresh`: takes in what other sessions saved while keeping this session's unsaved edits.
extension Session {
    /// Merges the list as saved now into the session with the same merge as `save`, but
    /// writes nothing. Afterwards the file's version is the baseline, so `changes` and the
    /// unsaved marker show only this session's own edits and a later `save` merges nothing
    /// twice. A conflict changes nothing and throws `refreshConflict`.
    mutating func refresh() throws(SessionError) -> CommandOutput {
        try takeInSaved(noticingCopies: true)
    }

    /// Before conflict copies are merged or compared (`merge`, `conflicts`): a file that changed
    /// since this session read or wrote it is taken in first, as `refresh` does. A sync tool that
    /// put another device's version in its place keeps this session's as a conflict copy, and
    /// the copy compared with the list as read would be found held already, while the save
    /// after it took back what the copy holds (trial 9). Returns what `refresh` would say, or
    /// `nil` when the file is as read, gone, or not a file; a conflict throws `takeInConflict`.
    mutating func takeInChangedFile() throws(SessionError) -> String? {
        guard store.medium == .file, let version, let now = try? store.version(at: location, known: version),
            !now.sameContents(as: version)
        else { return nil }
        let output: CommandOutput
        do {
            output = try takeInSaved(noticingCopies: false)
        } catch .refreshConflict(_, _, let details, _) {
            throw .takeInConflict(location: location, details: details)  // not refresh's "not refreshed"
        }
        switch output {
        case .text(let text), .feedback(let text), .warning(let text):
            return "\(listName) changed since this session read or saved it: taken in first, as refresh does.\n"
                + text
        default: return nil
        }
    }

    /// What `refresh` does; `noticingCopies`: whether what it says ends with the notice of
    /// conflict copies beside the list (not before they are merged).
    private mutating func takeInSaved(noticingCopies: Bool) throws(SessionError) -> CommandOutput {
        func withConflictNotice(_ output: CommandOutput) -> CommandOutput {
            noticingCopies ? self.withConflictNotice(output) : output
        }
        let result: StoreMerge
        do {
            result = try mergeWithStore()
        } catch .conflict(_, _, let details) {
            throw .refreshConflict(
                location: location, medium: store.medium, details: details, reader: !store.mayWrite(location: location))
        } catch {
            throw .storage(error)
        }
        switch result {
        case .unchanged:
            return withConflictNotice(.feedback("Already up to date."))
        case .missing where version == nil:
            return .feedback("\(listName) does not exist yet: there is nothing to refresh from.")
        case .missing:
            return .warning(
                "\(listName) is gone (deleted or moved by another program); nothing was refreshed, "
                    + "and save writes this list to it again")
        case .merged(let merged, let theirs):
            let hadHistory = !list.tracker.undo.isEmpty
            list.takeIn(merged)
            rebase(on: theirs)
            keepVersion(parents: [])
            openedEmptyFile = false  // the file holds a list now
            return withConflictNotice(refreshed(merged.fromOthers, hadHistory: hadHistory))
        case .mergedChanges(let merge):
            let hadHistory = !list.tracker.undo.isEmpty
            list.takeIn(merge)
            version = merge.version
            return withConflictNotice(refreshed(merge.fromOthers, hadHistory: hadHistory))
        }
    }

    /// What `refresh` says after merging `fromOthers`.
    private func refreshed(_ fromOthers: [String], hadHistory: Bool) -> CommandOutput {
        guard !fromOthers.isEmpty else { return .feedback("Already up to date.") }
        var lines = ["Refreshed \(listName) (\(count(records.count))). " + Self.mergeReport(fromOthers)]
        let unsaved = unsavedChanges().count
        if unsaved > 0 {
            lines.append(
                unsaved == 1
                    ? "Your unsaved change is kept ('changes' shows it)."
                    : "Your \(unsaved) unsaved changes are kept ('changes' lists them).")
        }
        if hadHistory, list.tracker.undo.isEmpty {
            lines.append("Undo history cleared: it no longer fits the merged list (see help refresh).")
        }
        return .text(lines.joined(separator: "\n"))
    }

    /// `output` with the notice of conflict copies beside the list, when there are any.
    private func withConflictNotice(_ output: CommandOutput) -> CommandOutput {
        guard let notice = conflictNotice else { return output }
        switch output {
        case .feedback(let text), .text(let text), .warning(let text): return .warning(text + "\n" + notice)
        default: return .warning(notice)
        }
    }
}
