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
            .recover, .discard, .merge, .conflicts, .versions, .restore:
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
        Counted.text(number, kind.noun, kind.pluralNoun)
    }

    /// `help` and `help COMMAND`, in the words of this kind of list.
    func help(_ topic: String?) throws(SessionError) -> CommandOutput {
        guard let topic else { return .text(HelpText.overview(for: kind)) }
        guard let spec = CommandTable.spec(named: topic) else {
            throw .unknownHelpTopic(topic, suggestion: Suggestion.closest(to: topic, in: CommandTable.allNames))
        }
        return .text(HelpText.details(of: spec, for: kind, stateFolder: environment.stateFolder))
    }
}

/// The commands that pick, show and change records: `set` finds its field by name
/// (`fieldIndex`) and reads a date field's text (`DateText`) here, and every change is a
/// `ListStep` run by the one runner (`WorkingList+Steps`).
extension WorkingList {
    mutating func newRecord(named name: String?, command: Command) -> CommandOutput {
        changeByAdding(id: environment.makeID(), title: name, by: command)
        current = records.count - 1
        return feedback("Added \(kind.noun) \(records.count)\(name.map { " \($0)" } ?? ""); it is now current.")
    }

    mutating func set(field name: String, to text: String, command: Command) throws(SessionError) -> CommandOutput {
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        let field = try fieldIndex(named: name)
        let value: FieldValue
        switch kind.fields[field].type {
        case .text:
            value = .text(text)
        case .date(let unset):
            do throws(InvalidDate) {
                value = .date(
                    try DateText.read(text, now: environment.now(), utcOffset: environment.utcOffset) ?? unset)
            } catch {
                throw .invalidDate(error.text)
            }
        }
        change(field: field, of: index, to: value, command: command)
        return feedback("\(kind.fields[field].name) of \(kind.noun) \(index + 1) set.")
    }

    /// The index of the field called `name` (case ignored), or an error naming the fields.
    func fieldIndex(named name: String) throws(SessionError) -> Int {
        if let index = kind.fields.firstIndex(where: { $0.name == name })
            ?? kind.fields.firstIndex(where: { $0.name.lowercased() == name.lowercased() })
        {
            return index
        }
        throw .unknownField(
            name, valid: kind.fieldNames, suggestion: Suggestion.closest(to: name, in: kind.fieldNames))
    }

    mutating func markDone(_ text: String?, command: Command) throws(SessionError) -> CommandOutput {
        let field = try completionField(command: "done")
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        var seconds = environment.now()
        if let text {
            // `none` is no day a thing was done on, so it is refused like text that is no date.
            guard let parsed = try? DateText.read(text, now: seconds, utcOffset: environment.utcOffset) else {
                throw .invalidDoneDate(text)
            }
            seconds = parsed
        }
        change(field: field, of: index, to: .date(seconds), command: command)
        let day = DateText.localDate(seconds, utcOffset: environment.utcOffset(seconds))
        return feedback("\(kind.noun.capitalized) \(index + 1) done on \(day).")
    }

    mutating func markUndone(command: Command) throws(SessionError) -> CommandOutput {
        let field = try completionField(command: "undone")
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        guard case .date(let unset) = kind.fields[field].type else { throw .nothingToUndo }
        guard records[index].values[field] != .date(unset) else {
            return .feedback("\(kind.noun.capitalized) \(index + 1) was already not done; nothing changed.")
        }
        change(field: field, of: index, to: .date(unset), command: command)
        return feedback("\(kind.noun.capitalized) \(index + 1) marked not done.")
    }

    /// The date field that `done` and `undone` change.
    private func completionField(command: String) throws(SessionError) -> Int {
        guard let field = kind.fields.firstIndex(where: { $0.type != .text }) else {
            let kinds = CommandTable.spec(named: command)?.kinds ?? []
            throw .wrongKind(command: command, kinds: kinds, current: kind.name)
        }
        return field
    }

    /// Appends records read from an import file as one change: one `undo` removes them all.
    /// A record whose id the list already has gets a new id, so importing a file twice gives
    /// two copies rather than two records with one identity.
    /// Appends imported records as one change, each whose id is taken given a new one;
    /// returns how many had the id of a record already in the list.
    @discardableResult
    mutating func append(imported: [Record], by command: Command) -> Int {
        let inList = Set(records.indices.map(records.id(at:)))
        var taken = inList
        var added: [PlacedRecord] = []
        var alreadyInList = 0
        added.reserveCapacity(imported.count)
        for var record in imported {
            if inList.contains(record.id) { alreadyInList += 1 }
            while !taken.insert(record.id).inserted { record.id = environment.makeID() }
            added.append(PlacedRecord(index: records.count + added.count, record: record))
        }
        change(.insertAll(added), by: command)
        return alreadyInList
    }

    /// `edit`: makes the record `reference` names current. When it names none, no record is
    /// current: a `set` that follows (a script goes on after a failed line) must not change
    /// the record that was current before. The prompt, which shows the current record, puts
    /// it back (`Session.keepCurrent(_:)`).
    mutating func edit(_ reference: RecordReference) throws(SessionError) -> CommandOutput {
        let indices: [Int]
        do {
            indices = try resolve([reference])
        } catch {
            current = nil
            throw error
        }
        current = indices[0]
        return .records(listing(of: [indices[0]], detailed: true))
    }

    /// `show`: the current record, or the one `reference` names (which does not become current).
    func show(_ reference: RecordReference?) throws(SessionError) -> CommandOutput {
        if let reference { return .records(listing(of: try resolve([reference]), detailed: true)) }
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        return .records(listing(of: [index], detailed: true))
    }

    mutating func delete(_ references: [RecordReference], command: Command) throws(SessionError) -> CommandOutput {
        let indices = try resolve(references)
        let names = indices.prefix(3).map { records.value(at: $0, field: kind.titleField).text ?? "" }
        change(.remove(indices), by: command)
        let more = indices.count > 3 ? " and \(indices.count - 3) more" : ""
        return feedback("Deleted \(count(indices.count)): \(names.joined(separator: ", "))\(more).")
    }

    /// Sorted, distinct indices for record references; every number must exist.
    func resolve(_ references: [RecordReference]) throws(SessionError) -> [Int] {
        var indices = Set<Int>()
        for reference in references {
            switch reference {
            case .number(let number):
                guard number <= records.count else { throw .noSuchRecord(number, count: records.count) }
                indices.insert(number - 1)
            case .range(let low, let high):
                guard high <= records.count else { throw .noSuchRange(low, high, count: records.count) }
                for number in low...high { indices.insert(number - 1) }
            case .name(let name):
                let matches = TextMatcher(name).exactMatches(in: records, field: kind.titleField)
                guard let first = matches.first else {
                    let near = nearNames(to: name)
                    throw .nameNotFound(name, near: near.names, more: near.more)
                }
                guard matches.count == 1 else { throw .ambiguousName(name, matches: matches.map { $0 + 1 }) }
                indices.insert(first)
            case .id(let prefix):
                indices.insert(try index(of: prefix))
            }
        }
        return indices.sorted()
    }

    /// The index of the one record whose id starts with `prefix`.
    func index(of prefix: RecordIDPrefix) throws(SessionError) -> Int {
        var matches: [Int] = []
        for index in records.indices where prefix.matches(records.id(at: index)) {
            matches.append(index)
            if matches.count > 10 { break }
        }
        guard let first = matches.first else { throw .idNotFound(prefix.description) }
        guard matches.count == 1 else {
            let candidates = matches.prefix(10).map { index in
                "\(index + 1) \(records.value(at: index, field: kind.titleField).text ?? "") "
                    + "(#\(records.id(at: index).description))"
            }
            throw .ambiguousID(prefix.description, candidates: candidates, more: matches.count > 10)
        }
        return first
    }

    /// Indices of the records that contain `text` in any field.
    func find(_ text: String) -> [Int] {
        RecordSearch(records).indices(containing: text)
    }
}
