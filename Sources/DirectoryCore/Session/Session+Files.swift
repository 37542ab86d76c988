/// The commands that read and write files, and leaving.
extension Session {
    mutating func save(force: Bool) throws(SessionError) -> CommandOutput {
        if !force, fileExists, !hasUnsavedChanges {
            if let now = try? store.version(at: path, known: fingerprint), let fingerprint,
                now.sameContents(as: fingerprint)
            {
                return .feedback("No changes to save; \(fileName) is up to date.")
            }
        }
        let lock: ListLock
        do {
            if !force { try store.refuseReadOnly(location: path) }
            lock = try store.lock(location: path)
        } catch { throw .storage(error) }
        defer { lock.unlock() }
        // `save!` merges too, conflicts going this session's way: what others saved besides stays.
        // Only a file that holds no list (empty, damaged, still being written) is written over.
        let notes: [String]
        do {
            notes = try mergeAndWriteChanges(preferringOurs: force)
        } catch let error where force && error.isNoListToMerge {
            try write(to: path, format: format, in: store)
            notes = []
        }
        let message = "Saved \(count(records.count)) to \(fileName)."
        guard !notes.isEmpty else { return .feedback(message) }
        return .warning(message + " " + Self.mergeReport(notes))
    }

    /// When the file changed since it was read, folds this session's edits into the file's
    /// version; returns what came from the other session. Afterwards `fingerprint` is the
    /// version the write may replace (`nil`: no file), which the store checks.
    mutating func mergeBeforeSave(preferringOurs: Bool = false) throws(SessionError) -> [String] {
        let result: FileMerge
        do {
            result = try mergeWithFile(preferringOurs: preferringOurs)
        } catch .conflict(let path, let details) where !store.mayWrite(location: path) {
            throw .storage(.readerConflict(location: path, details: details))
        } catch {
            throw .storage(error.asSaveFailure)
        }
        switch result {
        case .unchanged(let now):
            // A file that was empty when opened is still empty: no list to write over.
            if openedEmptyFile { throw .storage(.emptyFile(path: path)) }
            fingerprint = now
            return []
        case .missing:
            // A file moved away or deleted does not delete its records: there is nothing to merge with.
            let wasThere = fingerprint != nil
            fingerprint = nil
            openedEmptyFile = false
            return wasThere ? ["the file had been deleted; it was written again with this list"] : []
        case .merged(let merged, let theirs):
            list.takeIn(merged)
            rebase(on: theirs)  // the version too: the version the write may replace
            openedEmptyFile = false
            return merged.fromOthers
        case .mergedChanges(let merge):
            list.takeIn(merge)
            fingerprint = merge.version
            return merge.fromOthers
        }
    }

    /// Writes the list to `path` in `store` and makes the written list the new baseline.
    private mutating func write(to path: String, format: FileFormat, in store: any ListStore)
        throws(SessionError)
    {
        do {
            fingerprint = try store.save(records, schema: schema, format: format, to: path)
        } catch {
            throw .storage(error)
        }
        self.path = path
        self.store = store
        self.format = format
        markSaved()
    }

    /// After a save: the list as it is now is what the file holds.
    mutating func markSaved() {
        openedEmptyFile = false
        list.markSaved()
    }

    mutating func save(as newPath: String, force: Bool) throws(SessionError) -> CommandOutput {
        let lock: ListLock
        let target = stores.store(for: newPath)
        do { lock = try target.lock(location: newPath) } catch { throw .storage(error) }
        defer { lock.unlock() }
        let ownFile = target.isSameList(newPath, as: path)
        // A database's own list is saved change by change, merging: never replaced whole.
        if ownFile, fileExists, store.savesChangeSet(to: path) {
            lock.unlock()
            return try save(force: force)
        }
        let exists = !ownFile && target.exists(location: newPath)
        if !force, exists {
            throw .fileExists(path: newPath, replacing: "save! as \(newPath)")
        }
        let replaced = exists ? target.recordCount(at: newPath, schema: schema) : nil
        try write(to: newPath, format: ownFile ? format : FileFormat.forNewFile(named: newPath), in: target)
        let saved = "Saved \(count(records.count)) to \(StoreLocation.redacted(newPath))"
        let now = "it is now \(StoreLocation.place(of: newPath))."
        // Replacing a whole list others may have worked on is said even in scripts.
        if let replaced, replaced > 0 {
            return .warning("\(saved); it replaced the \(count(replaced)) that were there; \(now)")
        }
        return .feedback("\(saved); \(now)")
    }

    /// Saves after a change when autosave is on, adding to the change's output.
    mutating func saveAfterChange(_ output: CommandOutput) throws(SessionError) -> CommandOutput {
        let saved = try save(force: false)
        if case .warning = saved { return saved }
        return output
    }

    /// That the list's file does not exist, so the session starts with the sample records
    /// (or an empty list) and `save` would create it; `nil` when it exists or is a database.
    public var missingFileWarning: String? {
        guard !fileExists, !StoreLocation.isDatabase(path) else { return nil }
        let count = records.count
        let noun = count == 1 ? schema.noun : schema.pluralNoun
        let start = count == 0 ? "an empty list" : "\(count) sample \(noun)"
        return "\(VisibleText.of(path)) does not exist: the session starts with \(start) "
            + "(not saved; 'save' creates the file)"
    }

    mutating func open(_ newPath: String, force: Bool) throws(SessionError) -> CommandOutput {
        if !force, hasUnsavedChanges {
            throw .unsavedChanges(action: "open", count: unsavedChanges().count, file: fileName)
        }
        var next = self
        try next.load(path: newPath)
        self = next
        let state = fileExists || !StoreLocation.isDatabase(path) ? "" : Self.noTablesNote
        let opened = "Opened \(fileName): \(count(records.count))\(state)."
        // A missing file is a warning, so a script hears it: its next lines would edit the samples.
        let notes = [
            missingFileWarning.map { "warning: " + $0 }, emptyFileWarning.map { "warning: " + $0 },
            repeatedIDWarning.map { "warning: " + $0 }, recoveryNotice,
        ].compactMap { $0 }
        guard !notes.isEmpty else { return .feedback(opened) }
        return .warning(([opened] + notes).joined(separator: "\n"))
    }

    /// The warning for a file that was empty (0 bytes) when opened, or `nil`.
    public var emptyFileWarning: String? {
        guard openedEmptyFile else { return nil }
        return "\(fileName) is empty (0 bytes), and an empty file is not a list: the apps never write one, "
            + "so another program may be writing it. The list is shown empty; 'save' will not write over "
            + "the file until it holds a list ('revert' reads it again), and 'save!' writes this list over it."
    }

    mutating func revert() throws(SessionError) -> CommandOutput {
        let discarded = unsavedChanges().count
        try load(path: path)
        return .feedback("Discarded \(discarded == 1 ? "1 change" : "\(discarded) changes"); reloaded \(fileName).")
    }

    mutating func setAutosave(_ on: Bool?) -> CommandOutput {
        guard let on else { return .text("autosave is \(autosave ? "on" : "off")") }
        autosave = on
        return .feedback(on ? "Autosave on: every change is saved at once." : "Autosave off: use save to write.")
    }

    func quit(force: Bool) throws(SessionError) -> CommandOutput {
        if !force, hasUnsavedChanges {
            throw .unsavedChanges(action: "quit", count: unsavedChanges().count, file: fileName)
        }
        return .quit
    }
}

/// Records that share an id: kept as distinct records, with a warning when opened.
extension Session {
    /// The warning for a list whose records repeat ids, or `nil` when every id is unique.
    public var repeatedIDWarning: String? {
        guard !list.repeatedIDs.isEmpty else { return nil }
        let shown = list.repeatedIDs.prefix(3).map(\.description).joined(separator: ", ")
        let more = list.repeatedIDs.count > 3 ? " and \(list.repeatedIDs.count - 3) more" : ""
        let ids = list.repeatedIDs.count == 1 ? "1 id is" : "\(list.repeatedIDs.count) ids are"
        return "\(ids) shared by more than one record in \(fileName) (\(shown)\(more)): "
            + "they are kept as distinct records, and merged with another session's by their order."
    }
}
