/// An open list and everything unsaved about it: the only place the list changes.
///
/// A front end parses a line into a `Command`, calls `apply(_:)`, and prints the
/// `CommandOutput`. The session coordinates a few parts: the list (`records`, `current`),
/// its store, the change tracker, and the recovery journal. Every change to the records
/// runs as `EditStep`s through one runner (`Session+Steps`), which tells the tracker
/// (so `undo`, `redo` and `changes` know the change) and the recovery journal.
public struct Session {
    /// The kind of the records.
    public internal(set) var schema: RecordSchema
    /// The records, in list order.
    public internal(set) var records: RecordList
    /// The index of the record that `set` changes (the app's `newPerson`), if any.
    public internal(set) var current: Int?
    /// The file the list is saved to.
    public internal(set) var path: String
    /// The format the file is written in.
    public internal(set) var format: FileFormat
    /// The list's version as last read or written; `nil` while the list does not exist.
    public internal(set) var fingerprint: ListVersion?
    /// Whether the file was empty (0 bytes) when opened, and nothing has been written or
    /// merged since: a plain save refuses to write over it (`StorageError.emptyFile`).
    public internal(set) var openedEmptyFile = false
    /// Whether every change is saved at once.
    public var autosave = false
    /// Whether edits word their confirmations ("Added person 4 …"); a script, which
    /// never prints them, turns this off rather than build a string per line.
    public var wordsFeedback = true

    /// The kind given on the command line, which every file opened must be read as.
    let fixedSchema: RecordSchema?
    /// The stores lists can be kept in.
    let stores: ListStores
    /// The store of the open list, chosen from `stores` when it was opened or saved elsewhere.
    var store: any ListStore
    let environment: SessionEnvironment
    /// What changed since the list was loaded or saved, and what `undo` and `redo` can do.
    var tracker = ChangeTracker()
    /// The ids that more than one record has (see `RecordKey`), usually none.
    var repeatedIDs: [RecordID] = []
    /// The recovery journal's store and what it has yet to write.
    var recovery = SessionRecovery()

    /// Opens the list at `path`: a missing file starts with the kind's sample records.
    ///
    /// - Parameter schema: the kind to read as (`--kind`), or `nil` to let the file decide.
    public init(
        path: String, schema: RecordSchema?, stores: ListStores, environment: SessionEnvironment
    ) throws(SessionError) {
        self.fixedSchema = schema
        self.stores = stores
        self.store = stores.store(for: path)
        self.environment = environment
        self.path = path
        self.schema = .person
        self.records = []
        self.format = .binaryPlist
        try load(path: path)
    }

    /// Opens the list at `path`, keeping every list in `store`.
    public init(
        path: String, schema: RecordSchema?, store: any ListStore, environment: SessionEnvironment
    ) throws(SessionError) {
        try self.init(path: path, schema: schema, stores: ListStores(store), environment: environment)
    }

    /// Replaces the session's list with the file at `path` and forgets all edits.
    ///
    /// Opening another list is not a change to this one, so it sets `records` directly
    /// rather than run edit steps.
    mutating func load(path: String) throws(SessionError) {
        let fallback = fixedSchema ?? Self.schema(forFileNamed: path)
        let store = stores.store(for: path)
        var loaded: LoadedList?
        var empty = false
        do {
            loaded = try store.load(location: path, schema: fixedSchema, fallback: fallback)
        } catch .emptyFile {
            // No list is 0 bytes: opened as an empty list that a plain save will not write over.
            let now = try? store.version(at: path, known: nil)
            loaded = LoadedList(schema: fallback, records: [], format: FileFormat.forNewFile(named: path), version: now)
            empty = now != nil
        } catch {
            throw .storage(error)
        }
        self.path = path
        self.store = store
        openedEmptyFile = empty
        if let loaded {
            schema = loaded.schema
            records = loaded.records
            repeatedIDs = RecordKey.numberOccurrences(in: &records)
            format = loaded.format ?? FileFormat.forNewFile(named: path)
            fingerprint = loaded.version
        } else {
            schema = fallback
            records = RecordList(fallback.samples.map { Record(id: environment.makeID(), values: $0) })
            repeatedIDs = []
            format = FileFormat.forNewFile(named: path)
            fingerprint = nil
        }
        current = nil
        tracker.reset()
        resetRecovery()
    }

    /// The kind a new file gets from its name: `bucketList.json` and the like are bucket lists.
    public static func schema(forFileNamed path: String) -> RecordSchema {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return name.contains("bucket") ? .bucket : .person
    }

    /// The file's name without its folder, for messages and the prompt.
    public var fileName: String {
        StoreLocation.displayName(path)
    }

    /// Whether the file has yet to be created.
    public var fileExists: Bool { fingerprint != nil }

    /// Carries out `command`, changing the session, and says what to print.
    public mutating func apply(_ command: Command) throws(SessionError) -> CommandOutput {
        let revision = tracker.revision
        defer { dropRecoveryWhenSaved() }
        let output = try perform(command)
        if autosave, tracker.revision != revision {
            return try saveAfterChange(output)
        }
        return output
    }

    private mutating func perform(_ command: Command) throws(SessionError) -> CommandOutput {
        switch command {
        case .list: return .records(listing(of: Array(records.indices)))
        case .find(let text): return .records(listing(of: find(text)))
        case .show(let reference): return try show(reference)
        case .new(let name): return newRecord(named: name, command: command)
        case .set(let field, let value): return try set(field: field, to: value, command: command)
        case .edit(let reference): return try edit(reference)
        case .delete(let references): return try delete(references, command: command)
        case .done(let date): return try markDone(date, command: command)
        case .undone: return try markUndone(command: command)
        case .undo: return try undo()
        case .changes: return .text(changesText())
        case .save(let force): return try save(force: force)
        case .saveAs(let path, let force): return try save(as: environment.expandingTilde(path), force: force)
        case .open(let path, let force): return try open(environment.expandingTilde(path), force: force)
        case .revert: return try revert()
        case .importFile(let format, let path, let options):
            return try importRecords(format, path: environment.expandingTilde(path), options: options, command: command)
        case .exportFile(let format, let path, let options):
            return try export(format, path: environment.expandingTilde(path), options: options)
        case .autosave(let on): return setAutosave(on)
        case .help(let topic): return try help(topic)
        case .quit(let force): return try quit(force: force)
        case .redo: return try redo()
        case .move(let from, let to): return try move(from, to: to, command: command)
        case .sort(let field, let descending): return try sort(by: field, descending: descending, command: command)
        case .listRecords(let references): return .records(listing(of: try resolve(clampingRanges(references))))
        case .findField(let field, let text): return try find(field: field, text: text)
        case .editorText(let submission): return try applyEditorText(submission, command: command)
        case .refresh: return try refresh()
        case .recover(let force): return try recover(force: force)
        case .discard: return discardRecovery()
        }
    }

    /// A listing of the records at `indices`.
    func listing(of indices: [Int], detailed: Bool = false) -> RecordListing {
        let empty = records.isEmpty ? schema.emptyListMessage : "No matches."
        return RecordListing(
            schema: schema, records: records, indices: indices, emptyMessage: empty, detailed: detailed)
    }

    /// A confirmation, worded only when `wordsFeedback` is on.
    func feedback(_ text: @autoclosure () -> String) -> CommandOutput {
        .feedback(wordsFeedback ? text() : "")
    }

    /// "1 person", "3 items".
    func count(_ number: Int) -> String {
        "\(number) \(number == 1 ? schema.noun : schema.pluralNoun)"
    }
}
