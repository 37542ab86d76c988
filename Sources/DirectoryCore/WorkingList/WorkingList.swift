/// The list being worked on: its records in order, the current record, what changed since
/// it was loaded or saved, and what `undo` and `redo` can do. It is the reducer of the
/// commands that read and change records (`apply(_:)`), and it does no I/O: where the list
/// is kept (loading, saving, merging another version, the recovery journal) is `Session`'s job.
///
/// Every change to the records runs as `ListStep`s through one runner (`WorkingList+Steps`),
/// which tells the change tracker (so `undo`, `redo`, `changes` and merges know the change)
/// and notes the changed records for the recovery journal (`ChangeNotes`).
public struct WorkingList {
    /// The kind of the records.
    public internal(set) var kind: ListKind
    /// The records, in list order.
    public internal(set) var records: RecordList
    /// The index of the record that `set` changes (the app's `newPerson`), if any.
    public internal(set) var current: Int?
    /// Whether edits word their confirmations ("Added person 4 …"); a script, which
    /// never prints them, turns this off rather than build a string per line.
    public var wordsFeedback = true

    /// New identifiers, the clock and the time zone.
    let environment: SessionEnvironment
    /// What changed since the list was loaded or saved, and what `undo` and `redo` can do.
    var tracker = ChangeTracker()
    /// The ids that more than one record has (see `RecordKey`), usually none.
    var repeatedIDs: [RecordID] = []
    /// The records changed since the recovery journal was last written, while one is kept.
    var notes = ChangeNotes()

    /// The list of `kind`'s kind holding `records` as loaded: nothing is unsaved.
    init(kind: ListKind, records: RecordList, environment: SessionEnvironment) {
        self.kind = kind
        self.records = records
        self.environment = environment
        repeatedIDs = RecordKey.numberOccurrences(in: &self.records)
    }

    /// Carries out a command that reads or changes the records and says what to print, or
    /// returns `nil` for a command about where the list is kept, which `Session` carries out.
    mutating func apply(_ command: Command) throws(SessionError) -> CommandOutput? {
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
        case .redo: return try redo()
        case .move(let from, let to): return try move(from, to: to, command: command)
        case .sort(let field, let descending): return try sort(by: field, descending: descending, command: command)
        case .listRecords(let references): return .records(listing(of: try resolve(clampingRanges(references))))
        case .findField(let field, let text): return try find(field: field, text: text)
        case .editorText(let submission): return try applyEditorText(submission, command: command)
        case .help(let topic): return try help(topic)
        case .changes, .save, .saveAs, .open, .revert, .importFile, .exportFile, .autosave, .quit, .refresh,
            .recover, .discard, .merge, .conflicts:
            return nil
        }
    }

    /// A listing of the records at `indices`.
    func listing(of indices: [Int], detailed: Bool = false) -> RecordListing {
        let empty = records.isEmpty ? kind.emptyListMessage : "No matches."
        return RecordListing(
            kind: kind, records: records, indices: indices, emptyMessage: empty, detailed: detailed)
    }

    /// A confirmation, worded only when `wordsFeedback` is on.
    func feedback(_ text: @autoclosure () -> String) -> CommandOutput {
        .feedback(wordsFeedback ? text() : "")
    }

    /// "1 person", "3 items".
    func count(_ number: Int) -> String {
        "\(number) \(number == 1 ? kind.noun : kind.pluralNoun)"
    }

    /// `help` and `help COMMAND`, in the words of this kind of list.
    func help(_ topic: String?) throws(SessionError) -> CommandOutput {
        guard let topic else { return .text(HelpText.overview(for: kind)) }
        guard let spec = CommandTable.spec(named: topic) else {
            throw .unknownHelpTopic(topic, suggestion: Suggestion.closest(to: topic, in: CommandTable.allNames))
        }
        return .text(HelpText.details(of: spec, for: kind, stateFolder: environment.stateFolder))
    }

    /// After a save: the list as it is now is what the store holds, and records that share
    /// an id are numbered again in the order just written.
    mutating func markSaved() {
        tracker.markSaved()
        guard !repeatedIDs.isEmpty || records.hasNumberedRecords else { return }
        repeatedIDs = RecordKey.numberOccurrences(in: &records)
    }
}
