/// Adding to the undo journal and taking entries back: `new` and `set` go in as
/// compact slots when the list can say the rest (see `UndoJournal`), anything else whole.
extension Session {
    /// Journals `new` (or `new NAME`), which appended the record at `index`.
    mutating func journalInserted(at index: Int, command: Command, previousCurrent: Int?) {
        if case .new(let name) = command,
            name.map({ records[index].values[schema.titleField] == .text($0) }) ?? true,
            journal.appendInserted(at: index, named: name != nil, previousCurrent: previousCurrent)
        {
            return
        }
        journal.append(
            JournalEntry(command: command, edits: [.inserted(index: index)], previousCurrent: previousCurrent))
    }

    /// Journals a change of `field` of the record at `index` from `old`, made by `command`.
    mutating func journalFieldChange(
        at index: Int, field: Int, old: FieldValue, command: Command, previousCurrent: Int?
    ) {
        if case .set(let name, let text) = command, name == schema.fields[field].name,
            old == schema.fields[field].defaultValue, records[index].values[field] == .text(text),
            journal.appendSetFromDefault(at: index, field: field, previousCurrent: previousCurrent, schema: schema)
        {
            return
        }
        journal.append(
            JournalEntry(
                command: command, edits: [.fieldChanged(index: index, field: field, old: old)],
                previousCurrent: previousCurrent))
    }

    /// Removes the newest journal entry and returns it as it was added; `nil` when there is none.
    ///
    /// A compact entry's command is read from the record it changed, which is as the
    /// command left it: every later change to it has been undone already.
    mutating func popJournalEntry() -> JournalEntry? {
        guard !journal.isEmpty else { return nil }
        let edits = journal[journal.count - 1]
        let (slot, whole) = journal.removeLast()
        if let whole { return whole }
        let index = Int(slot.record)
        let previousCurrent = slot.previousCurrent < 0 ? nil : Int(slot.previousCurrent)
        let command: Command
        switch slot.kind {
        case .inserted:
            command = .new(name: slot.named ? records[index].values[schema.titleField].text ?? "" : nil)
        default:
            let field = Int(slot.field)
            command = .set(field: schema.fields[field].name, value: records[index].values[field].text ?? "")
        }
        return JournalEntry(command: command, edits: edits, previousCurrent: previousCurrent)
    }
}
