/// `save` and `save as`: merge with what others saved, write, and merge again when another
/// session saved in between. A store that writes record by record (a database) is sent only
/// what changed (`WorkingList.listChanges`); a file is written whole. The merge each try
/// begins with, which `refresh` shares (`mergeWithStore`), follows the save loop.
extension Session {
    /// How many times a save merges and tries again when other sessions keep saving first.
    static let saveAttempts = 200

    /// Saves the list. `removingCopies`: whether the save removes the conflict copies merged
    /// since the last (autosave leaves them for a `save` typed, so an `undo` of the merge
    /// after its autosave still finds them: found trying it). `rewriting`: the file is written
    /// even with nothing unsaved (`save as --xml` of the list's own file changes its format).
    mutating func save(force: Bool, removingCopies: Bool = true, rewriting: Bool = false) throws(SessionError)
        -> CommandOutput
    {
        if !force, !rewriting, listExists, !hasUnsavedChanges {
            if let now = try? store.version(at: location, known: version), let version,
                now.sameContents(as: version)
            {
                let up = "No changes to save; \(listName) is up to date."
                if removingCopies, let removed = removeMergedCopies() { return .warning(up + " " + removed) }
                return .feedback(up)
            }
        }
        let lock: ListLock
        var journalProblem: String?
        do {
            if !force { try store.refuseReadOnly(location: location) }
            if hasPendingRecovery, let free = try store.lockIfFree(location: location) {
                lock = free
            } else {
                // The wait for another program's lock may be long: the recovery journal holds
                // the changes first (a script writes it only about once a second), so a crash
                // while waiting loses none (found trying it).
                journalProblem = flushRecovery()
                lock = try store.lock(location: location)
            }
        } catch { throw .storage(error) }
        defer { lock.unlock() }
        // `save!` merges too, conflicts going this session's way: what others saved besides stays.
        // Only a file that holds no list (empty, damaged, still being written) is written over.
        let notes: [String]
        do {
            notes = try mergeAndWriteChanges(preferringOurs: force)
        } catch let error where force && error.isNoListToMerge {
            try write(to: location, format: format, in: store, created: false)
            notes = []
        }
        var message = "Saved \(count(records.count)) to \(listName)."
        var warn = !notes.isEmpty || journalProblem != nil
        if let journalProblem {
            message += "\n" + journalProblem.prefix(1).uppercased() + journalProblem.dropFirst() + "."
        }
        if !notes.isEmpty { message += " " + Self.mergeReport(notes) }
        if removingCopies, let removed = removeMergedCopies() {
            message += "\n" + removed
            warn = true
        }
        if let late = lateWriteNote {
            lateWriteNote = nil
            message += "\n" + late
            warn = true
        } else if let notice = conflictNotice {
            message += "\n" + notice
            warn = true
        }
        if idsInLowerCase {
            idsInLowerCase = false
            message += "\n" + Self.upperCaseIDsNote(listName)
            warn = true
        }
        if !toldUnprotectedWriters, let reason = store.unprotectedWriters(location: location) {
            toldUnprotectedWriters = true
            message += "\n" + Self.unprotectedNote(listName, reason: reason)
            warn = true
        }
        return warn ? .warning(message) : .feedback(message)
    }

    /// Said by the first save of a file that held its ids in lower case (as Python writes them).
    static func upperCaseIDsNote(_ name: String) -> String {
        "Note: \(name) had its ids in lower case; they are written in upper case, as the apps write them "
            + "(the same ids: any program that reads UUIDs reads both)."
    }

    /// Said once per session, after the first save where no lease can be had (`docs/safety.md`).
    static func unprotectedNote(_ name: String, reason: String) -> String {
        "Note: a program that rewrites \(name) in place (the Directory app's plain save) while it is "
            + "saved here could lose what it writes: \(reason). Close such programs before you save (said once)."
    }

    /// When the file changed since it was read, folds this session's edits into the file's
    /// version; returns what came from the other session. Afterwards `version` is the
    /// version the write may replace (`nil`: no file), which the store checks.
    mutating func mergeBeforeSave(preferringOurs: Bool = false) throws(SessionError) -> [String] {
        let result: StoreMerge
        do {
            result = try mergeWithStore(preferringOurs: preferringOurs, awaitingList: true)
        } catch .conflict(let location, _, let details) where !store.mayWrite(location: location) {
            throw .storage(.readerConflict(location: location, details: details))
        } catch {
            throw .storage(error.asSaveFailure)
        }
        switch result {
        case .unchanged(let now):
            // A file that was empty when opened is still empty: no list to write over.
            if openedEmptyFile { throw .storage(.emptyFile(path: location)) }
            version = now
            return []
        case .missing:
            // A file moved away or deleted does not delete its records: there is nothing to merge with.
            let wasThere = version != nil
            version = nil
            openedEmptyFile = false
            return wasThere ? ["the file had been deleted; it was written again with this list"] : []
        case .merged(let merged, let theirs):
            list.takeIn(merged)
            rebase(on: theirs)  // the version too: the version the write may replace
            keepVersion(parents: [])
            openedEmptyFile = false
            return merged.fromOthers
        case .mergedChanges(let merge):
            list.takeIn(merge)
            version = merge.version
            return merge.fromOthers
        }
    }

    /// Writes the list to `path` in `store` and makes the written list the new baseline.
    mutating func write(to location: String, format: FileFormat, in store: any ListStore, created: Bool)
        throws(SessionError)
    {
        let replaced = self.location == location ? version : nil
        do {
            version = try store.write(
                .whole(records, kind: kind, format: format), to: location, replacing: .anything)
        } catch {
            throw .storage(error)
        }
        self.location = location
        self.store = store
        self.format = format
        keepVersion(parents: savedParents(replacing: replaced, created: created))
        markSaved()
    }

    /// After a save: the list as it is now is what the file holds.
    mutating func markSaved() {
        openedEmptyFile = false
        list.markSaved()
    }

    /// Saves after a change when autosave is on, adding to the change's output.
    mutating func saveAfterChange(_ output: CommandOutput) throws(SessionError) -> CommandOutput {
        let saved = try save(force: false, removingCopies: false)
        guard case .warning(let note) = saved else { return output }
        // The change's own report (a merge's summary) stays, with the save's warning after it.
        switch output {
        case .text(let text), .warning(let text): return .warning(text + "\n" + note)
        default: return saved
        }
    }

    /// Merges with what others saved and writes this session's changes, again and again
    /// while others save in between; returns what came from the others. `preferringOurs`
    /// (`save!`) resolves conflicts this session's way.
    mutating func mergeAndWriteChanges(preferringOurs: Bool = false) throws(SessionError) -> [String] {
        var notes: [String] = []
        // A failure after a merge says what the merge took in: the list holds it now.
        func failure(_ error: StorageError) -> SessionError {
            notes.isEmpty ? .storage(error) : .notSavedAfterMerge(error, merged: notes)
        }
        let before = records
        for _ in 0..<Self.saveAttempts {
            do {
                notes += try mergeBeforeSave(preferringOurs: preferringOurs)
            } catch .storage(let error) {
                throw failure(error)
            } catch {
                throw error
            }
            if !notes.isEmpty { markCopiesTakenBack(since: before) }
            let replaced = version
            do {
                let written: ListWrite =
                    store.writesChanges
                    ? .changes(list.listChanges, kind: kind) : .whole(records, kind: kind, format: format)
                version = try store.write(written, to: location, replacing: .version(version))
                // No version read (the file was missing when merged): this save made the file.
                keepVersion(parents: savedParents(replacing: replaced, created: replaced == nil))
                markSaved()
                return notes
            } catch .lateWriteKept(let path, let kept, let saved?) {
                // The save is in place; another program's late write to the version it replaced
                // was kept beside it as a conflict copy (or, when that failed, is lost: said).
                version = .file(saved)
                keepVersion(parents: savedParents(replacing: replaced))
                markSaved()
                guard kept != nil else { throw failure(.lateWriteKept(path: path, kept: nil)) }
                lateWriteNote = StorageError.lateWriteKept(path: path, kept: kept).message + "."
                return notes
            } catch .changedMeanwhile {
                continue
            } catch {
                throw failure(error)
            }
        }
        throw failure(.changedMeanwhile(location: location))
    }
}

/// What a save keeps beside the list, after it wrote: the saved version, kept as a base for
/// `merge` (`KeptVersionStore`); the conflict copies whose merge the saved list holds,
/// removed, and a notice of the others (`ConflictCopyStore`). The recovery journal goes after
/// the command (`Session.apply`).
extension Session {
    /// Keeps the list's version now (just loaded, read for a merge, or saved), made from
    /// `parents` (keys; empty for a version another program made). Only files are kept.
    func keepVersion(parents: [String]) {
        guard let keptVersions, store.medium == .file, let version else { return }
        keptVersions.keep(version, of: location, from: location, parents: parents)
    }

    /// The keys a save's version was made from: the version it replaced (`KeptVersion.newFile`
    /// when the save `created` the file) and the copies merged since.
    func savedParents(replacing replaced: ListVersion?, created: Bool = false) -> [String] {
        var keys = replaced?.keptKey.map { [$0] } ?? (created ? [KeptVersion.newFile] : [])
        // A copy whose values a conflict did not take is not where the saved list came from:
        // a later `merge!` of it must still see them.
        for copy in mergedCopies where !copy.undone && copy.settled {
            if let key = copy.version?.keptKey, !keys.contains(key) { keys.append(key) }
        }
        // One kept for what it still holds: named as taken from, so what the save took of it
        // does not make the saved version look like the copy's origin when it is merged again.
        for copy in mergedCopies where !copy.undone && !copy.settled {
            let mark = copy.lacking > 0 ? KeptVersion.baselessMark : KeptVersion.partialMark
            if let key = copy.version?.keptKey.map({ mark + $0 }), !keys.contains(key) { keys.append(key) }
        }
        // One whose merge `undo` took back: an earlier save, made while the merge was in effect
        // (autosave), named it; this version did not come from it, so merged again it is all
        // taken, not found already held (found trying it).
        for copy in mergedCopies where copy.undone {
            guard let key = copy.version?.keptKey else { continue }
            let mark = KeptVersion.undoneMark + key
            if !keys.contains(where: { $0 == key || $0.dropFirst() == key }) { keys.append(mark) }
        }
        return keys
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
        for copy in merged where (!copy.removing || !copy.settled) && !copy.undone && !copy.takenBack {
            if let modified = copy.modified { keptCopies[copy.path] = modified }
        }
        let takenBack = merged.filter { $0.removing && $0.takenBack && !$0.undone }.map {
            StoreLocation.displayName($0.path)
        }
        for copy in merged where copy.removing && copy.conflictsKept > 0 && !copy.undone {
            let taking = CommandDescription.text(of: .merge(.path(copy.path), force: true))
            untaken.append((StoreLocation.displayName(copy.path), taking, copy.conflictsKept))
        }
        var lacking: [(name: String, count: Int)] = []
        for copy in merged where copy.removing && copy.conflictsKept == 0 && copy.lacking > 0 && !copy.undone {
            lacking.append((StoreLocation.displayName(copy.path), copy.lacking))
        }
        for copy in merged where copy.removing && copy.settled && !copy.undone {
            guard let version = copy.version else { continue }
            if conflictCopyStore.remove(copy.path, ifStill: version) {
                removed.append(StoreLocation.displayName(copy.path))
            } else if conflictCopyStore.copies(of: location).contains(where: { $0.path == copy.path }) {
                changed.append(StoreLocation.displayName(copy.path))
            }  // else gone already (another session merged and removed it): nothing to say
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
        for copy in lacking {
            let records = copy.count == 1 ? "1 record" : "\(copy.count) records"
            lines.append(
                "Kept \(copy.name): it lacks \(records) of this list, and no kept version tells whether it "
                    + "deleted them (delete the copy once you have what you need).")
        }
        if !changed.isEmpty {
            lines.append(
                "Kept \(changed.joined(separator: ", ")): changed since it was merged ('merge conflicts' merges it again)."
            )
        }
        if !takenBack.isEmpty {
            lines.append(
                "Kept \(takenBack.joined(separator: ", ")): \(listName) had changed since, and the save took in "
                    + "values that replace some of \(takenBack.count == 1 ? "its" : "their") values this list "
                    + "held ('merge conflicts' merges \(takenBack.count == 1 ? "it" : "them") again).")
        }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
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

    /// The conflict copies of the list, oldest first (none for a database). A file named as
    /// a copy that this program saved as a list of its own (`save as 'directory 2.plist'`, then
    /// edited and saved there: trial 9) is not one: its kept versions say this program wrote it
    /// at that path, which no sync tool's copy of this list ever was. Merged as a copy, it
    /// would delete from this list every record the other list lacks.
    func conflictCopies() -> [ConflictCopy] {
        guard store.medium == .file, let conflictCopyStore else { return [] }
        let copies = conflictCopyStore.copies(of: location)
        guard let keptVersions, !copies.isEmpty else { return copies }
        return copies.filter { copy in !Self.savedHere(keptVersions.versions(of: copy.path)) }
    }

    /// Whether `versions`, the kept versions of a file, show this program saved it as a list
    /// of its own (a version it made there, not one read as a copy or loaded).
    static func savedHere(_ versions: [KeptVersion]) -> Bool {
        versions.contains { !$0.isCopy && !$0.parents.isEmpty }
    }
}

/// The step `save` and `refresh` share: read the list as it is now and fold this
/// session's edits into it with `RecordMerge`, through the `ListStore` protocol only,
/// so it works the same for every store.
extension Session {
    /// What the list's file holds compared with what this session last read or wrote.
    enum StoreMerge {
        /// The file has the contents this session knows; its version now (a time may differ).
        case unchanged(ListVersion)
        /// There is no file (never created, or deleted or moved away since).
        case missing
        /// Another session changed it: the merged records, what came from it, and the
        /// list as read (its records and version are the file's version now).
        case merged(RecordMerge.Merged, theirs: LoadedList)
        /// Another session changed it, and the store told what without the whole list.
        case mergedChanges(DeltaMerge)
    }

    /// Reads the file when it changed since it was read and merges this session's edits
    /// into it. Nothing in the session changes; a conflict throws `StorageError.conflict`.
    ///
    /// A file that is empty or not a list now is never merged (it would delete every
    /// record): the store waits for it to hold a list again (`loadSettled`), else this throws.
    /// With `preferringOurs`, conflicts go this session's way instead (`save!` on a database).
    ///
    /// With `awaitingList`, a file that was empty when opened and is still empty is waited for
    /// as an emptied one is (another program may be about to write it: `Data.write` truncates
    /// first); it is `unchanged` only for the others (`refresh`).
    func mergeWithStore(preferringOurs: Bool = false, awaitingList: Bool = false) throws(StorageError)
        -> StoreMerge
    {
        guard let now = try store.version(at: location, known: version) else { return .missing }
        if let version, now.sameContents(as: version), !(awaitingList && openedEmptyFile) { return .unchanged(now) }
        if let version, !list.isReordered,
            let delta = try store.changes(at: location, kind: kind, since: version),
            let merge = try DeltaMerge.merge(
                delta, into: list, location: location, medium: store.medium, preferringOurs: preferringOurs)
        {
            return .mergedChanges(merge)
        }
        let loaded: LoadedList?
        do {
            loaded = try store.loadSettled(location: location, kind: kind, fallback: kind)
        } catch {
            guard error.isNotAList, version != nil, !openedEmptyFile else { throw error }
            throw .notAListNow(path: location, problem: error.notAListProblem)
        }
        guard var theirs = loaded else { return .missing }
        if !theirs.records.isEmpty, let holds = kind.contradicted(byExtraKeys: theirs.records[0].extras.map(\.key)) {
            throw .otherKindNow(path: location, holds: holds, list: kind)
        }
        RecordKey.numberOccurrences(in: &theirs.records)
        fillAbsentFields(of: &theirs)
        var merger = RecordMerge(
            kind: kind, baseline: list.tracker.baseline, ours: records.array, medium: store.medium,
            preferringOurs: preferringOurs)
        merger.ordering = .merged(base: list.isReordered ? list.tracker.savedOrder : nil)
        merger.addedOrigin = copiedRecords()
        let merged = try merger.merge(theirs: theirs.records.array, location: location).get()
        return .merged(merged, theirs: theirs)
    }

    /// Takes each field the file `theirs` lacks (another program that leaves a key out) as no
    /// change of the other session's (`MergeRule.fillingAbsent`), as a copy's: as the merge's
    /// base has it, else as this list has it. Read as empty, a save would wipe every such value.
    /// The file is read again to tell (`lackingFields`) only when a record there holds a field
    /// at its default that the base holds otherwise: a merge whose file lacks nothing, or
    /// whose empty fields were empty before, reads it once.
    func fillAbsentFields(of theirs: inout LoadedList) {
        let defaults = kind.defaultValues
        let file = theirs.records
        // The records there with a field at its default, found without making records.
        var empty: [RecordKey: Int] = [:]
        for index in file.indices {
            let atDefault = defaults.indices.contains { field in
                if case .text(let text) = defaults[field] { return file.hasText(text, at: index, field: field) }
                return file.value(at: index, field: field) == defaults[field]
            }
            if atDefault { empty[file.key(at: index)] = index }
        }
        guard !empty.isEmpty else { return }
        let baseline = list.tracker.baseline
        let ours = records
        let oursAt = ours.indices(of: Set(empty.keys))
        func known(_ key: RecordKey) -> Record? {
            if case .present(let saved)? = baseline[key] { return saved }
            return oursAt[key].map { ours[$0] }
        }
        let emptied = empty.contains { key, index in
            guard let base = known(key) else { return false }
            return defaults.indices.contains { field in
                field < base.values.count && base.values[field] != defaults[field]
                    && file.value(at: index, field: field) == defaults[field]
            }
        }
        guard emptied else { return }
        let absent = lackingFields(of: theirs, at: location, in: store)
        guard !absent.isEmpty else { return }
        theirs.records = RecordList(MergeRule.fillingAbsent(absent, of: file.array, from: known))
    }

    /// What `save` and `refresh` say about the other session's changes, one line each.
    static func mergeReport(_ fromOthers: [String]) -> String {
        "Merged with changes another session saved:\n" + fromOthers.map { "  " + $0 }.joined(separator: "\n")
    }

    /// Makes the list as read now the merge base: each record this session touched gets the
    /// list's version (or absent, when the list lacks it), and the version is the list's.
    /// Every merge ends with it (save, its retries, refresh), so an edit another session
    /// saved, once merged in, is never taken for this session's own by a later merge.
    mutating func rebase(on theirs: LoadedList) {
        list.rebase(on: theirs.records)  // the file's order too
        version = theirs.version
        // Another program that rewrote the file in another format (XML for binary) keeps it.
        if let theirFormat = theirs.format { format = theirFormat }
    }
}
