/// One thing a person asked of the list, parsed from a line: the action the session applies.
/// What only a front end can carry out (the screen, the terminal, the line source) is a
/// `FrontEndCommand` instead.
public enum Command: Equatable, Sendable {
    /// `list`: every record, numbered.
    case list
    /// `new [NAME]`: append a record and make it current.
    case new(name: String?)
    /// `set FIELD VALUE`: change a field of the current record.
    case set(field: String, value: String)
    /// `edit N|NAME`: make a record current.
    case edit(RecordReference)
    /// `show [N|NAME|#ID]`: print the current record, or the one named (which stays not current).
    case show(RecordReference? = nil)
    /// `delete N [N…]`: remove records.
    case delete([RecordReference])
    /// `find TEXT`: records whose fields contain the text.
    case find(String)
    /// `save`, or `save!` to overwrite changes made by someone else.
    case save(force: Bool)
    /// `save as LOCATION`: write elsewhere (a file or a database) and keep the list there from
    /// then on; `save! as LOCATION` replaces an existing list.
    case saveAs(location: String, force: Bool = false)
    /// `open LOCATION`: switch to another list (a file or a database).
    case open(location: String, force: Bool)
    /// `import FORMAT [--partial] [--separator SEP] PATH`: add a file's records as unsaved changes.
    case importFile(ExchangeFormat, path: String, options: ExchangeOptions)
    /// `export FORMAT [--separator SEP] PATH`: write the records to a CSV, JSON or vCard file.
    case exportFile(ExchangeFormat, path: String, options: ExchangeOptions)
    /// `changes`: what is unsaved.
    case changes
    /// `undo`: revert the last change.
    case undo
    /// `revert`: discard every unsaved change.
    case revert
    /// `done [DATE]`: mark the current item completed.
    case done(date: String?)
    /// `undone`: mark the current item not completed.
    case undone
    /// `autosave [on|off]`: save after every change, as the Bucket List app does.
    case autosave(Bool?)
    /// `help [COMMAND]`.
    case help(topic: String?)
    /// `quit`/`exit`, or `quit!` to discard unsaved changes.
    case quit(force: Bool)
    /// `redo`: re-apply what `undo` took back, until a new change is made.
    case redo
    /// `move N|#ID to M`: move record N (or the one with that id) so that it becomes record M.
    case move(from: RecordReference, to: Int)
    /// `sort FIELD [desc]`: put the list in the order of a field.
    case sort(field: String, descending: Bool)
    /// `list N|RANGE…`: just these records, with their numbers.
    case listRecords([RecordReference])
    /// `find FIELD:TEXT`: records whose field `FIELD` contains the text.
    case findField(field: String, text: String)
    /// The text the editor gave back for an `editor` line (`FrontEndCommand.editor`), applied as one change.
    case editorText(EditorSubmission)
    /// `refresh`: merge what other sessions saved into the list, keeping unsaved edits.
    case refresh
    /// `recover`: bring back the unsaved changes of a session that ended, from its journal;
    /// `recover!` lets the journal's version win where it conflicts with the list.
    case recover(force: Bool = false)
    /// `discard`: delete the journal of a session that ended, with its unsaved changes.
    case discard
    /// `merge [--keep] PATH|conflicts`: merge another copy of the list (or every conflict copy beside
    /// it) into this one as one change; `merge!` takes the copy's value on every conflict, and
    /// `--keep` keeps conflict copies that a save would remove once it holds the merge.
    case merge(MergeSource, force: Bool = false, keep: Bool = false)
    /// `conflicts`: the conflict copies beside the list, and what merging each would change.
    case conflicts
}

/// How a command names a record: by its number in `list`, a range of numbers, or its name.
public enum RecordReference: Equatable, Sendable {
    /// A 1-based number as shown by `list`.
    case number(Int)
    /// An inclusive range of numbers, `2-4`.
    case range(Int, Int)
    /// A record's name, matched case- and diacritic-insensitively.
    case name(String)
    /// `#ID`: the record whose id starts with these hex digits, which stays its name
    /// whatever `delete`, `sort` and `move` do to the numbers.
    case id(RecordIDPrefix)
}

/// What `merge` merges: one file, or every conflict copy beside the list.
public enum MergeSource: Equatable, Sendable {
    /// A file in any format the program reads.
    case path(String)
    /// Every conflict copy of the list that `conflicts` lists, oldest first.
    case conflicts
}
