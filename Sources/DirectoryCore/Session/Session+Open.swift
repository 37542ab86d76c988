/// Opening a list: `open`, `revert`, and what to say of the list just opened; and `save as`,
/// which keeps the list at another location from then on.
extension Session {
    /// What `open` says of a database that has no tables yet.
    static let noTablesNote = " (the database has no directory tables yet: save creates them)"

    /// Replaces the working list with the list at `location` and forgets every change.
    ///
    /// Opening another list is not a change to this one, so it sets `records` directly
    /// rather than run steps.
    mutating func load(location: String) throws(SessionError) {
        let fallback = fixedKind ?? Self.kind(forFileNamed: location)
        let store = stores.store(for: location)
        var loaded: LoadedList?
        var empty = false
        do {
            loaded = try store.load(location: location, kind: fixedKind, fallback: fallback)
        } catch .emptyFile {
            // No list is 0 bytes: opened as an empty list that a plain save will not write over.
            let now = try? store.version(at: location, known: nil)
            loaded = LoadedList(
                kind: fallback, records: [], format: FileFormat.forNewFile(named: location), version: now)
            empty = now != nil
        } catch {
            throw .storage(error)
        }
        if let loaded, let given = fixedKind, !loaded.records.isEmpty,
            let holds = given.contradicted(byExtraKeys: loaded.records[0].extras.map(\.key))
        {
            throw .kindContradicted(location: StoreLocation.displayName(location), given: given, holds: holds)
        }
        self.location = location
        self.store = store
        openedEmptyFile = empty
        let wordsFeedback = list.wordsFeedback
        var tracker = list.tracker
        tracker.reset()  // the revision goes on, so autosave sees a load as a change when undo was not empty
        if let loaded {
            list = WorkingList(kind: loaded.kind, records: loaded.records, environment: environment)
            format = loaded.format ?? FileFormat.forNewFile(named: location)
            version = loaded.version
            idsInLowerCase = loaded.records.idsReadInLowerCase
        } else {
            let samples = RecordList(fallback.samples.map { Record(id: environment.makeID(), values: $0) })
            list = WorkingList(kind: fallback, records: samples, environment: environment)
            format = FileFormat.forNewFile(named: location)
            version = nil
            idsInLowerCase = false
        }
        list.wordsFeedback = wordsFeedback
        list.tracker = tracker
        list.notes.isOn = recoveryStore != nil
        resetRecovery()
        mergedCopies = []
        keepVersion(parents: [])
    }

    /// The kind a new file gets from its name: `bucketList.json` and the like are bucket lists.
    public static func kind(forFileNamed path: String) -> ListKind {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return name.contains("bucket") ? .bucket : .person
    }

    /// That the list's file does not exist, so the session starts with the sample records
    /// (or an empty list) and `save` would create it, and how to start it empty; that its
    /// folder is missing too (`missingFolderNote`); `nil` when it exists or is a database.
    public var missingFileWarning: String? {
        guard !listExists, store.medium == .file else { return nil }
        let count = records.count
        let noun = count == 1 ? kind.noun : kind.pluralNoun
        let start = count == 0 ? "an empty list" : "\(count) sample \(noun)"
        let creates =
            count == 0 ? "'save' creates the file" : "'save' creates the file with them; \(Self.emptyStart(count))"
        let folder = missingFolderNote.map { ". " + $0 } ?? ""
        // `directory list`, as psql and sqlite3 take a command after the database.
        let command =
            CommandTable.spec(named: location) != nil
            ? ". To run the command \(location) instead, give it with -c: directory -c '\(location)'" : ""
        return "\(VisibleText.of(location)) does not exist: the session starts with \(start) "
            + "(not saved; \(creates))\(folder)\(command)"
    }

    /// How a new file that starts with `count` sample records starts empty instead, in the
    /// words of a script's warning and the prompt's first lines: "'delete 1-3' first starts it empty".
    public static func emptyStart(_ count: Int) -> String {
        "'delete \(count == 1 ? "1" : "1-\(count)")' first starts it empty"
    }

    /// That the folder the list's new file would be written in does not exist either, so
    /// `save` fails until it is made, as a sentence without its full stop; `nil` when the file
    /// exists, its folder exists, or the store cannot tell.
    public var missingFolderNote: String? {
        guard !listExists, let folder = store.missingFolder(of: location) else { return nil }
        return "Its folder \(VisibleText.of(folder)) does not exist either, so 'save' fails until the folder is "
            + "made; 'save as PATH' saves elsewhere"
    }

    mutating func open(_ newPath: String, force: Bool) throws(SessionError) -> CommandOutput {
        if !force, hasUnsavedChanges {
            throw .unsavedChanges(action: "open", count: unsavedChanges().count, file: listName)
        }
        var next = self
        try next.load(location: newPath)
        self = next
        let state = listExists || store.medium == .file ? "" : Self.noTablesNote
        let opened = "Opened \(listName): \(count(records.count))\(state)."
        // A missing file is a warning, so a script hears it: its next lines would edit the samples.
        let notes = [
            missingFileWarning.map { "warning: " + $0 }, emptyFileWarning.map { "warning: " + $0 },
            repeatedIDWarning.map { "warning: " + $0 }, recoveryNotice, conflictNotice,
        ].compactMap { $0 }
        guard !notes.isEmpty else { return .feedback(opened) }
        return .warning(([opened] + notes).joined(separator: "\n"))
    }

    /// The warning for a file that was empty (0 bytes) when opened, or `nil`.
    public var emptyFileWarning: String? {
        guard openedEmptyFile else { return nil }
        return "\(listName) is empty (0 bytes), and an empty file is not a list: the apps never write one, "
            + "so another program may be writing it. The list is shown empty; 'save' will not write over "
            + "the file until it holds a list ('revert' reads it again), and 'save!' writes this list over it."
    }

    mutating func revert() throws(SessionError) -> CommandOutput {
        let discarded = unsavedChanges().count
        try load(location: location)
        return .feedback("Discarded \(Counted.text(discarded, "change")); reloaded \(listName).")
    }

    /// The warning for a list whose records repeat ids, or `nil` when every id is unique.
    public var repeatedIDWarning: String? {
        guard !list.repeatedIDs.isEmpty else { return nil }
        let shown = list.repeatedIDs.prefix(3).map(\.description).joined(separator: ", ")
        let more = list.repeatedIDs.count > 3 ? " and \(list.repeatedIDs.count - 3) more" : ""
        let ids = list.repeatedIDs.count == 1 ? "1 id is" : "\(list.repeatedIDs.count) ids are"
        return "\(ids) shared by more than one record in \(listName) (\(shown)\(more)): "
            + "they are kept as distinct records, and merged with another session's by their order."
    }

    /// `save as LOCATION` (`save! as` replaces a list there): writes the list there and keeps
    /// it there from then on; its own location is saved as `save` saves it. `requested` is the
    /// file format asked for (`--xml`), else the name decides (`FileFormat.forNewFile(named:)`).
    mutating func save(as newPath: String, force: Bool, format requested: FileFormat? = nil) throws(SessionError)
        -> CommandOutput
    {
        let lock: ListLock
        let target = stores.store(for: newPath)
        if let requested {
            if target.medium != .file {
                throw .formatNotForLocation(
                    location: newPath, format: requested, reason: "a database keeps records, not a file")
            }
            if FileFormat.forNewFile(named: newPath) == .json, requested != .json {
                throw .formatNotForLocation(
                    location: newPath, format: requested,
                    reason: "a name ending in .json is read as JSON by the apps; choose a name ending in .plist or .xml"
                )
            }
        }
        if let what = target.notAFile(location: newPath) {
            throw .notAFile(location: newPath, what: what, standardOutput: nil)
        }
        do { lock = try target.lock(location: newPath) } catch { throw saveAsFailure(error) }
        defer { lock.unlock() }
        let ownFile = target.isSameList(newPath, as: location)
        // The list's own location (by any spelling or link) is saved as `save` saves it:
        // merging what others saved, and a read-only file only by `save!` (found trying it:
        // it was written over whole, without a word).
        if ownFile {
            lock.unlock()
            // `save as --xml` the list's own file turns it into an XML property list: a save, in
            // that format, even with nothing unsaved.
            guard let requested, requested != format else { return try save(force: force) }
            let previous = format
            format = requested
            do {
                return try save(force: force, rewriting: true)
            } catch {
                format = previous
                throw error
            }
        }
        let exists = target.exists(location: newPath)
        if !force, exists {
            throw .fileExists(
                location: newPath, replacing: CommandDescription.text(of: .saveAs(location: newPath, force: true)))
        }
        let replaced = exists ? target.recordCount(at: newPath, kind: kind) : nil
        let copyName = copyNameNote(for: newPath, in: target)
        do {
            try write(
                to: newPath, format: requested ?? FileFormat.forNewFile(named: newPath), in: target, created: !exists)
        } catch .storage(let error) {
            throw saveAsFailure(error)
        }
        idsInLowerCase = false  // the file the list is kept in now has them in upper case from the start
        let saved = "Saved \(count(records.count)) to \(StoreLocation.redacted(newPath))"
        let now = "it is now \(target.medium.place)."
        // Replacing a whole list others may have worked on is said even in scripts.
        if let replaced, replaced > 0 {
            return .warning("\(saved); it replaced the \(count(replaced)) that were there; \(now)" + (copyName ?? ""))
        }
        if let copyName { return .warning("\(saved); \(now)\(copyName)") }
        return .feedback("\(saved); \(now)")
    }

    /// A file `save as` could not write, said as its own failure: nothing was written there,
    /// the list stays where it was, and edits are said to be kept only when there are any.
    private func saveAsFailure(_ error: StorageError) -> SessionError {
        guard case .writeFailed(let path, let reason) = error.asSaveFailure else { return .storage(error) }
        return .saveAsFailed(path: path, reason: reason, editsUnsaved: hasUnsavedChanges)
    }

    /// What `save as` says when `newPath` is named as a sync tool names a conflict copy of the
    /// list open now, in the same folder (`directory 2.plist` beside `directory.plist`: iCloud
    /// Drive's and Finder's "Keep Both" name), or `nil`. This program knows it wrote the file
    /// (`conflictCopies` leaves it out), but a sync tool, or this program on another computer,
    /// may take it for a copy, and merging it as one deletes what the other list lacks.
    func copyNameNote(for newPath: String, in target: any ListStore) -> String? {
        guard store.medium == .file, target.medium == .file else { return nil }
        func split(_ path: String) -> (folder: Substring, name: Substring) {
            guard let slash = path.lastIndex(of: "/") else { return ("", path[...]) }
            return (path[..<slash], path[path.index(after: slash)...])
        }
        let (folder, name) = split(newPath)
        let (listFolder, listName) = split(location)
        // The list's name in the new file's folder is the list itself, by any spelling or link;
        // a list never saved has no file to compare, so its folder is compared.
        let besideIt = (folder.isEmpty ? "" : folder + "/") + listName
        let sameFolder = {
            store.isSameList(folder.isEmpty ? "." : String(folder), as: listFolder.isEmpty ? "." : String(listFolder))
        }
        guard let maker = ConflictCopyName.maker(of: String(name), for: String(listName)),
            store.isSameList(String(besideIt), as: location) || !listExists && sameFolder()
        else { return nil }
        return "\nWarning: \(name) is named as \(maker) names a conflict copy of \(listName) beside it. This "
            + "program remembers that it wrote it and does not offer it as a copy, but a sync tool or this program "
            + "on another computer may, and merging it as a copy would delete from \(listName) the records it "
            + "lacks: a name such as '\(Self.renamed(String(name)))' avoids that."
    }

    /// `name` with a hyphen for the space before its number (`directory 2.plist` → `directory-2.plist`).
    static func renamed(_ name: String) -> String {
        guard let space = name.lastIndex(of: " ") else { return "another-" + name }
        return name[..<space] + "-" + name[name.index(after: space)...]
    }
}
