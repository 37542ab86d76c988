/// An open list and where it is kept: the one thing a front end talks to.
///
/// A front end parses a line into a `Command`, calls `apply(_:)`, and prints the
/// `CommandOutput`. The records and every change to them are the `WorkingList`'s, a pure
/// reducer: a command that reads or changes records goes to it alone. The session keeps the
/// list somewhere: its location and store, the version last read or written, saving,
/// `refresh` (merging what others saved), opening another list, import and export, and the
/// recovery journal.
public struct Session {
    /// The list being worked on: records, current record, unsaved changes, undo.
    public internal(set) var list: WorkingList
    /// Where the list is kept: a file path or a database connection string.
    public internal(set) var location: String
    /// The format the file is written in.
    public internal(set) var format: FileFormat
    /// The list's version as last read or written; `nil` while the list does not exist.
    public internal(set) var version: ListVersion?
    /// Whether the file was empty (0 bytes) when opened, and nothing has been written or
    /// merged since: a plain save refuses to write over it (`StorageError.emptyFile`).
    public internal(set) var openedEmptyFile = false
    /// Whether every change is saved at once.
    public var autosave = false

    /// The kind given on the command line, which every file opened must be read as.
    let fixedKind: ListKind?
    /// The stores lists can be kept in.
    let stores: ListStores
    /// The store of the open list, chosen from `stores` when it was opened or saved elsewhere.
    var store: any ListStore
    let environment: SessionEnvironment
    /// Where the recovery journal is kept; `nil` keeps none (tests, `--help`).
    var recoveryStore: RecoveryStore?
    /// Journals of sessions that ended with unsaved changes to this list.
    var orphans: [RecoveryOrphan] = []
    /// Where the last few versions of each list are kept, as bases for `merge`; `nil` keeps none.
    var keptVersions: KeptVersionStore?
    /// What finds the conflict copies beside a list; `nil` finds none.
    var conflictCopyStore: ConflictCopyStore?
    /// The copies merged since the list was last saved, which a save that holds the merge removes.
    var mergedCopies: [MergedCopy] = []
    /// Conflict copies merged with `--keep` whose merge a save holds, with when each was last
    /// written then: kept on purpose, they are not advised again while unchanged.
    var keptCopies: [String: Double] = [:]
    /// What the last save says of another program's late write it kept beside the file, if any.
    var lateWriteNote: String?
    /// Whether a save said why programs that write the list in place are not protected (said once).
    var toldUnprotectedWriters = false
    /// Whether the file was read with its ids in lower case and no save has written them since:
    /// the next save writes them in upper case, and says so.
    var idsInLowerCase = false
    /// The journals of ended sessions that `recover` took in since the last save (`Session+Recover`).
    var recoveredJournals: [RecoveredJournal] = []
    /// Whether the last save tried failed, having said the edits were kept: a `save` or `save as`
    /// typed, or the save autosave makes after a change. A script that ends then keeps its
    /// unsaved changes in the recovery journal (`endScriptRecovery()`), not lost with it.
    public internal(set) var lastSaveFailed = false

    /// Opens the list at `location`: a missing file starts with the kind's sample records.
    ///
    /// - Parameter kind: the kind to read as (`--kind`), or `nil` to let the file decide.
    public init(
        location: String, kind: ListKind?, stores: ListStores, environment: SessionEnvironment
    ) throws(SessionError) {
        self.fixedKind = kind
        self.stores = stores
        self.store = stores.store(for: location)
        self.environment = environment
        self.location = location
        self.list = WorkingList(kind: .person, records: [], environment: environment)
        self.format = .binaryPlist
        try load(location: location)
    }

    /// Opens the list at `location`, keeping every list in `store`.
    public init(
        location: String, kind: ListKind?, store: any ListStore, environment: SessionEnvironment
    ) throws(SessionError) {
        try self.init(location: location, kind: kind, stores: ListStores(store), environment: environment)
    }

    /// The list's name for messages and the prompt: a file's name without its folder, or a
    /// database location without its password.
    public var listName: String {
        StoreLocation.displayName(location)
    }

    /// Whether the list is kept as a file or in a database.
    public var medium: StoreMedium { store.medium }

    /// Whether the list is in its store yet (a file created, a database's tables made).
    public var listExists: Bool { version != nil }

    /// Carries out `command`, changing the session, and says what to print.
    public mutating func apply(_ command: Command) throws(SessionError) -> CommandOutput {
        let revision = list.tracker.revision
        defer { dropRecoveryWhenSaved() }
        let saves: Bool
        switch command {
        case .save, .saveAs: saves = true
        default: saves = false
        }
        let output: CommandOutput
        do {
            output = try perform(command)
        } catch {
            if saves { lastSaveFailed = true }
            throw error
        }
        if saves {
            lastSaveFailed = false
            // A save typed holds what the journals a `recover` in effect took in held (an
            // autosave does not remove them, so that an `undo` of the recover after it loses nothing).
            removeRecoveredJournals()
        }
        guard autosave, list.tracker.revision != revision else { return output }
        // A failed autosave is a failed save: its message says the edits are kept.
        do {
            let saved = try saveAfterChange(output)
            lastSaveFailed = false
            return saved
        } catch {
            lastSaveFailed = true
            throw error
        }
    }

    /// A command that reads or changes records goes to the working list; the others are
    /// about where the list is kept.
    private mutating func perform(_ command: Command) throws(SessionError) -> CommandOutput {
        let redoing = command == .redo ? list.tracker.redo.last?.command : nil
        if let output = try list.apply(command) {
            if command == .undo, case .merge? = list.tracker.redo.last?.command { markLastMerge(undone: true) }
            if case .merge? = redoing { markLastMerge(undone: false) }
            if command == .undo, case .recover? = list.tracker.redo.last?.command { markLastRecover(undone: true) }
            if case .recover? = redoing { markLastRecover(undone: false) }
            return output
        }
        switch command {
        case .changes:
            return .text(
                list.changesText(name: listName, place: store.medium.place, exists: listExists))
        case .save(let force): return try save(force: force)
        case .saveAs(let path, let force, let format):
            return try save(as: environment.expandingTilde(path), force: force, format: format)
        case .open(let path, let force): return try open(environment.expandingTilde(path), force: force)
        case .revert: return try revert()
        case .importFile(let format, let path, let options):
            return try importRecords(format, path: environment.expandingTilde(path), options: options, command: command)
        case .exportFile(let format, let path, let options):
            return try export(format, path: environment.expandingTilde(path), options: options)
        case .autosave(let on): return setAutosave(on)
        case .quit(let force): return try quit(force: force)
        case .refresh: return try refresh()
        case .recover(let force): return try recover(force: force)
        case .discard: return discardRecovery()
        case .merge(let source, let force, let keep):
            return try merge(source, force: force, keep: keep, command: command)
        case .conflicts: return try listConflictCopies()
        case .versions: return try listVersions()
        case .restore(let number, let references):
            return try restore(version: number, records: references, command: command)
        case .list, .find, .show, .new, .set, .edit, .delete, .done, .undone, .undo, .redo, .move, .sort,
            .listRecords, .findField, .editorText, .help:
            preconditionFailure("the working list carries out \(command)")
        }
    }

    /// The kind of the records.
    public var kind: ListKind { list.kind }
    /// The records, in list order.
    public var records: RecordList { list.records }
    /// The index of the record that `set` changes (the app's `newPerson`), if any.
    public var current: Int? { list.current }
    /// Whether edits word their confirmations; a script, which never prints them, turns this off.
    public var wordsFeedback: Bool {
        get { list.wordsFeedback }
        set { list.wordsFeedback = newValue }
    }
    /// Whether anything differs from the saved list: a record added, deleted or changed, or the order.
    public var hasUnsavedChanges: Bool { list.hasUnsavedChanges }

    /// Every record that differs from the saved list, in list order, moves last.
    public func unsavedChanges() -> [UnsavedChange] { list.unsavedChanges() }

    /// The text `editor` opens: every record, or those `references` name.
    public func editorDocument(for references: [RecordReference]) throws(SessionError) -> EditorDocument {
        try list.editorDocument(for: references)
    }

    /// A confirmation, worded only when feedback is on.
    func feedback(_ text: @autoclosure () -> String) -> CommandOutput { list.feedback(text()) }

    /// "1 person", "3 items".
    func count(_ number: Int) -> String { list.count(number) }

    mutating func setAutosave(_ on: Bool?) -> CommandOutput {
        guard let on else { return .text("autosave is \(autosave ? "on" : "off")") }
        autosave = on
        return .feedback(on ? "Autosave on: every change is saved at once." : "Autosave off: use save to write.")
    }

    func quit(force: Bool) throws(SessionError) -> CommandOutput {
        if !force, hasUnsavedChanges {
            throw .unsavedChanges(action: "quit", count: unsavedChanges().count, file: listName)
        }
        return .quit
    }
}

/// Keeping the recovery journal: while changes are unsaved, the session writes the
/// current and saved version of every record it changed through its `RecoveryStore`,
/// so that after a crash `recover` can replay them (see `Session+Orphans`).
///
/// The step runner notes each change as it makes it (`SessionRecovery`);
/// `flushRecovery()` writes them, which the front end calls before each prompt (in
/// scripts, at most a second apart and before a read that could wait).
extension Session {
    /// Starts keeping a recovery journal in `store`, and looks for journals of
    /// sessions that ended with unsaved changes to this list (see `recoveryNotice`).
    public mutating func keepRecoveryJournal(in store: RecoveryStore) {
        recoveryStore = store
        list.notes.isOn = true
        findOrphans()
    }

    /// Whether changes are noted that the journal does not hold yet.
    public var hasPendingRecovery: Bool { list.notes.hasPending }

    /// Whether the recovery journal holds every change made so far: one is kept, it was
    /// written since the last change, and no write to it failed. What the program says of
    /// unsaved changes as it ends without saving them depends on it.
    public var journalHoldsChanges: Bool { recoveryStore?.isKept == true && !list.notes.hasPending }

    /// Writes the noted changes to the journal and makes it durable; returns a
    /// problem to report once (the journal cannot be kept), if any.
    @discardableResult
    public mutating func flushRecovery() -> String? {
        guard let store = recoveryStore else { return nil }
        if list.notes.hasPending {
            // Written in pieces of about a megabyte, so a long script's first write never holds
            // its whole journal as bytes (a piece cut short by a crash loses only whole entries).
            let (location, kindName, witnesses) = (journalLocation, kind.name, recoveryWitnesses())
            var bytes: [UInt8] = []
            forEachRecoveryEntry { entry in
                RecoveryJournal.encode(entry, into: &bytes)
                if bytes.count >= Self.recoveryPieceSize {
                    store.append(bytes, location: location, kind: kindName, witnesses: witnesses)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            if list.notes.orderChanged {
                // After move, sort or editor the whole order is kept (new records' places too).
                RecoveryJournal.encodeOrder(list.tracker.savedOrder != nil ? records.keys : nil, into: &bytes)
            }
            list.notes.clearPending()
            if !bytes.isEmpty { store.append(bytes, location: location, kind: kindName, witnesses: witnesses) }
        }
        return store.sync()
    }

    /// The session ends in an orderly way (`quit`, the end of a script, a deliberate
    /// discard): its journal goes.
    public mutating func endRecovery() {
        list.notes.clearPending()
        recoveryStore?.removeJournal()
        removeRecoveredJournals()
    }

    /// A script ends without a deliberate discard (its input ran out, or it stopped at an
    /// error): when changes that `recover` brought back are still unsaved, or the last save
    /// failed (`lastSaveFailed`, a typed save's or autosave's: its message said the edits were
    /// kept), the journal is written and kept, for the next `recover` (it holds what the journals
    /// `recover` took in held, which then go); else it goes, as `endRecovery()` does. Returns
    /// whether the journal was kept.
    public mutating func endScriptRecovery() -> Bool {
        guard recoveredUnsaved || lastSaveFailed, hasUnsavedChanges, recoveryStore != nil else {
            endRecovery()
            return false
        }
        // A journal a write failed to, now or before (its problem said once), holds nothing for sure.
        guard flushRecovery() == nil, journalHoldsChanges else { return false }
        removeRecoveredJournals()
        return true
    }

    /// After a command: when nothing is unsaved any more, the journal goes.
    mutating func dropRecoveryWhenSaved() {
        guard let store = recoveryStore, list.isSaved else { return }
        list.notes.clearPending()
        store.removeJournal()
    }

    /// What the recovery journal names the list by: the store's identity of it (for a
    /// database the server and database reached, `ListStore.journalIdentity`).
    public var journalLocation: String { store.journalIdentity(location: location) }

    /// Ids of saved records spread over the list, for a journal's header (`RecoveryJournal.witnesses`).
    func recoveryWitnesses() -> [RecordID] {
        let count = records.count
        var ids: [RecordID] = []
        for step in 0..<min(count, RecoveryJournal.witnessCount) {
            let key = records.key(at: step * count / min(count, RecoveryJournal.witnessCount))
            if list.tracker.baseline[key] != .absent, !ids.contains(key.id) { ids.append(key.id) }
        }
        return ids
    }

    /// How many bytes of journal entries are written at a time.
    static var recoveryPieceSize: Int { 1 << 20 }

    /// Calls `body` with the journal entry of each noted record, as it is now.
    private func forEachRecoveryEntry(_ body: (RecoveryEntry) -> Void) {
        if let indices = notedIndicesInPlace() {
            for index in indices {
                let key = records.key(at: index)
                guard let base = list.tracker.baseline[key] else { continue }
                let saved: Record?
                if case .present(let record) = base { saved = record } else { saved = nil }
                body(RecoveryEntry(key: key, saved: saved, now: records[index], position: index))
            }
            return
        }
        var latest: [RecordKey: ChangeNotes.Place] = [:]
        for (key, place) in list.notes.pending { latest[key] = place }
        var positions: [RecordKey: Int]?
        for (key, place) in latest {
            guard let base = list.tracker.baseline[key] else { continue }
            var index: Int?
            if case .at(let hint) = place, hint < records.count, records.key(at: hint) == key {
                index = hint
            } else if place != .gone {
                if positions == nil {
                    var map: [RecordKey: Int] = [:]
                    records.forEachKey { position, key in
                        if list.tracker.baseline[key] != nil { map[key] = position }
                    }
                    positions = map
                }
                index = positions?[key]
            }
            let saved: Record?
            if case .present(let record) = base { saved = record } else { saved = nil }
            body(RecoveryEntry(key: key, saved: saved, now: index.map { records[$0] }, position: index ?? -1))
        }
    }

    /// The indices of the noted records, each once, when every note names the index where
    /// its record still stands (a script's `new` and `set`): the index then tells the records
    /// apart, and every note of a record gives the same entry, so no table of keys is needed.
    /// `nil` when a note names a record that moved or left.
    private func notedIndicesInPlace() -> [Int]? {
        var seen = [UInt64](repeating: 0, count: (records.count + 63) / 64)
        var indices: [Int] = []
        for (key, place) in list.notes.pending {
            guard case .at(let index) = place, index < records.count, records.key(at: index) == key else { return nil }
            let (word, bit) = (index >> 6, UInt64(1) << UInt64(index & 63))
            guard seen[word] & bit == 0 else { continue }
            seen[word] |= bit
            indices.append(index)
        }
        return indices
    }
}
