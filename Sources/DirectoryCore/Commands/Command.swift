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
    /// `save as [--xml] LOCATION`: write elsewhere (a file or a database) and keep the list there
    /// from then on; `save! as LOCATION` replaces an existing list. `format` is the file format
    /// asked for (`--xml`), or `nil` for the one the name gives (`FileFormat.forNewFile(named:)`).
    case saveAs(location: String, force: Bool = false, format: FileFormat? = nil)
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
    /// `versions`: the versions of the list kept here, newest first, and how each differs from the list.
    case versions
    /// `restore N [RECORD…]`: the list made kept version `N` (as `versions` numbers them), or
    /// just the records named, as they are in that version, as one unsaved change.
    case restore(version: Int, records: [RecordReference])
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

/// Every command the program understands. The parser resolves names from this
/// table, `help` prints it, and completion offers its names.
public enum CommandTable {
    /// The commands, in the order `help` lists them.
    public static let all: [CommandSpec] = [
        CommandSpec(
            name: "list", aliases: ["ls"], usage: "list [N|RANGE|#ID…]",
            summary: "list every record (or just some), numbered",
            details: "Prints every record with its number. Numbers are what edit and delete take. "
                + "With numbers and ranges (list 10-20, list 5, list 1,3, list 290- to the end), prints "
                + "just those records, with their numbers in the whole list. #ID (the start of the id "
                + "that show prints) names a record whatever its number.",
            examples: ["list", "list 10-20", "list 5", "list 290-"], argument: .records),
        CommandSpec(
            name: "new", usage: "new [NAME]",
            summary: "add a record and make it the current one",
            details: "Appends a new record (with NAME as its name, when given) and makes it current, "
                + "so that the next set commands fill it in.",
            examples: ["new", "new Joe Gregg"], argument: .text),
        CommandSpec(
            name: "set", usage: "set FIELD VALUE",
            summary: "change a field of the current record",
            details: "VALUE is the rest of the line, taken literally; trailing spaces are dropped. "
                + "A value that begins with a quote is one quoted string, unquoted: inside \"…\" the "
                + "escapes \\\" \\\\ \\n \\t \\r, inside '…' none; text after its closing quote is an "
                + "error. Use set FIELD \"\" to clear a field.",
            examples: ["set name Joe Gregg", "set office Briggs 413", "set name O'Brien", "set office \"\""],
            argument: .field),
        CommandSpec(
            name: "edit", usage: "edit N|NAME|#ID",
            summary: "make record N (or the one called NAME) current",
            details: "Makes a record current, so that set changes it. N is its number in list; "
                + "a NAME must match one record's name (case and accents are ignored); #ID (the start "
                + "of the id that show prints) names a record whatever its number.",
            examples: ["edit 2", "edit Joe Gregg", "edit #e621"], argument: .records),
        CommandSpec(
            name: "editor", usage: "editor [N|RANGE|#ID…]",
            summary: "edit the records (or some) as text in $VISUAL or $EDITOR",
            details: "Opens the records in $VISUAL, else $EDITOR, else vi, as text: a header line naming "
                + "the columns, then one record a line, values separated by tabs, the id last; a tab, a "
                + "line break or a backslash in a value is written \\t, \\n or \\\\. When the editor exits, "
                + "a changed line changes its record, a removed line deletes it, a new line (the id left out) "
                + "adds one, and moved lines reorder: all as one change, which one undo takes back and "
                + "changes lists. Lines that cannot be used are named with their numbers: at the prompt you "
                + "can edit again or drop the text; in a script the command fails and nothing changes. The "
                + "temporary file is private to you and removed afterwards.",
            examples: ["editor", "editor 10-20", "editor 1,3 7-9"], argument: .records),
        CommandSpec(
            name: "show", usage: "show [N|NAME|#ID]",
            summary: "print the current record (or the one named)",
            details: "Prints every field of the current record, its id and any keys this program keeps "
                + "for other apps. With a number, a name or #ID (the start of its id), prints that record "
                + "instead, without making it current.",
            examples: ["show", "show 2", "show #e621"], argument: .records),
        CommandSpec(
            name: "delete", aliases: ["rm"], usage: "delete N|NAME|#ID [N…]",
            summary: "delete records by number or range",
            details: "Deletes the records with these numbers (as list shows them). Ranges such as 2-4 "
                + "and lists such as 1,3 work; numbers refer to the list before the deletion. A NAME must "
                + "match exactly one record's name; #ID (the start of the id that show prints) names a "
                + "record whatever its number. One undo brings them all back.",
            examples: ["delete 3", "delete 2-4 7", "delete Kurt Krebsbach", "delete #e621"], argument: .records),
        CommandSpec(
            name: "move", usage: "move N|#ID to M",
            summary: "move record N so that it becomes record M",
            details: "Changes the order of the list, which the file keeps and the apps show. "
                + "#ID (the start of a record's id) names the record to move whatever its number. "
                + "One undo puts it back.",
            examples: ["move 5 to 1", "move 2 to 4", "move #e621 to 1"], argument: .records),
        CommandSpec(
            name: "sort", usage: "sort FIELD [desc]",
            summary: "put the list in the order of a field",
            details: "Sorts by FIELD in the alphabet of your locale (LANG), ignoring case and accents "
                + "(é sorts with e), with numbers inside text "
                + "in their order (Room 9 before Room 10); dates oldest first, no date last; desc reverses (undated items stay last). "
                + "Records with equal values keep their order. The file keeps the new order; one undo puts "
                + "the old one back.",
            examples: ["sort name", "sort office desc"], argument: .fieldName),
        CommandSpec(
            name: "find", usage: "find TEXT | find FIELD:TEXT",
            summary: "list records whose fields contain TEXT",
            details: "Searches every text field, ignoring case and accents, and numbers the results as list "
                + "does. FIELD:TEXT searches one field (find office:briggs), a date as list shows it "
                + "(find completedDate:2026-05); when FIELD is no field, the whole text is searched for in "
                + "every text field.",
            examples: ["find briggs", "find zoe", "find office:briggs"], argument: .text),
        CommandSpec(
            name: "save", aliases: ["save!"], usage: "save | save! | save as [--xml] PATH",
            summary: "write the list to its file",
            details: "Writes the whole list atomically: a temporary file in the same folder, flushed to "
                + "disk, then renamed over the old one, keeping its permissions. When another session "
                + "changed the file since it was loaded, edits to different records are merged and a "
                + "conflict is refused; save! merges too but settles every conflict this session's way, "
                + "and writes over a file only when it holds no list (empty, damaged, not a list). "
                + "save as PATH writes to PATH and makes it the file from then on; it refuses a PATH that "
                + "already exists (other than the list's own file), and save! as PATH replaces it on purpose. "
                + "A PATH ending in .json is written as JSON, one ending in .xml as an XML property list, any "
                + "other as a binary property list (as the apps write it); --xml writes an XML property list "
                + "whatever the name, and save as --xml the list's own file turns it into one.",
            examples: [
                "save", "save as ~/backup/directory.plist", "save! as ~/backup/directory.plist",
                "save as --xml directory.plist",
            ],
            argument: .path),
        CommandSpec(
            name: "refresh", usage: "refresh",
            summary: "take in what other sessions saved, keeping your unsaved edits",
            details: "Reads the file again and merges the changes other sessions saved into this list, as save "
                + "does, but writes nothing: your unsaved edits stay unsaved and changes lists only them. It says "
                + "what came from the others, or that the list is already up to date. A conflict (the same field "
                + "changed here and there, or an edit of a record someone deleted) changes nothing here and is "
                + "reported as save reports it. Undo history is kept when the others added and deleted no record "
                + "and changed none that it refers to; otherwise it is cleared (a save that merges clears it the same way).",
            examples: ["refresh"]),
        CommandSpec(
            name: "merge", aliases: ["merge!"], usage: "merge[!] [--keep] PATH|conflicts",
            summary: "merge another copy of the list (or every conflict copy) into this one",
            details: "Merges the list in PATH (any format the program reads) into this one, record by record "
                + "and field by field, as one change: one undo takes it back, changes lists it and save writes it. "
                + "It says what it added, changed and deleted. Both sides are compared with the newest version "
                + "of the list this program kept (it keeps the last few it loaded or saved, in "
                + "~/.local/state/directory/versions) that both could have come from, so a record deleted on one "
                + "side is deleted and a field changed on one side takes that change; with no such version, "
                + "nothing is deleted and it says so. A field the copy's file lacks is no change of the copy's. "
                + "A merge taken back by undo can be merged again whole. A field both sides changed differently "
                + "keeps this list's value "
                + "and is listed with the other value and the commands that take it (in a script the command "
                + "then fails); merge! takes the copy's value instead. merge conflicts merges every conflict "
                + "copy that conflicts lists, oldest first; once the save that holds the merge succeeds, those "
                + "copies are removed, each named (--keep keeps them). A file that changes while it is read is "
                + "not merged.",
            examples: ["conflicts", "merge conflicts", "save", "merge ~/backup/directory.plist", "merge! old.json"],
            argument: .path),
        CommandSpec(
            name: "conflicts", usage: "conflicts",
            summary: "list the conflict copies sync tools left beside the list",
            details: "Lists the copies of the list that Syncthing, Nextcloud, ownCloud, Dropbox, iCloud Drive or "
                + "rclone bisync made when two versions met, and this program's own late and displaced copies, "
                + "oldest first, each with what merge would change (or why it cannot be read). merge conflicts "
                + "merges them all.",
            examples: ["conflicts", "merge conflicts"]),
        CommandSpec(
            name: "open", aliases: ["open!"], usage: "open PATH",
            summary: "switch to another file",
            details: "Loads PATH (a missing file starts a new list). Refuses while changes are unsaved; "
                + "open! discards them.",
            examples: ["open ~/Documents/bucketList.json"], argument: .path),
        CommandSpec(
            name: "import", usage: "import FORMAT [OPTIONS] PATH",
            summary: "add the records of a CSV, JSON or vCard file",
            details: "FORMAT is csv, json or vcard; OPTIONS are --partial and, for csv, --separator ; (or tab). "
                + "Adds the records in PATH to the list as unsaved changes: changes lists them, one undo "
                + "removes them all and revert discards them. CSV needs a header row naming the columns "
                + "(id and the fields, in any order; other columns are ignored); JSON is the app's own file "
                + "format; vCard 3.0 or 4.0 gives people, FN as the name and the work address as the office. "
                + "It says how many records it read and names every line it rejected; when any is rejected, "
                + "nothing is imported unless --partial imports the rest. --separator reads CSV separated "
                + "by ; or tabs.",
            examples: [
                "import csv people.csv", "import vcard contacts.vcf", "import csv --separator ; --partial sheet.csv",
            ],
            argument: .choice(ExchangeFormat.allCases.map(\.rawValue))),
        CommandSpec(
            name: "export", aliases: ["export!"], usage: "export FORMAT [OPTIONS] PATH",
            summary: "write the list to a CSV, JSON or vCard file",
            details: "FORMAT is csv, json or vcard; for csv, --separator ; (or tab) separates fields with "
                + "semicolons (or tabs). Writes every record to PATH atomically: CSV (RFC 4180, a header row, CRLF line ends), "
                + "JSON (the app's own file format, so the app can open it), or vCard 4.0 (people only). "
                + "The list and its file are not changed. It refuses a PATH that already exists; "
                + "export! replaces it on purpose.",
            examples: [
                "export csv people.csv", "export vcard contacts.vcf", "export json backup.json",
                "export! csv people.csv",
            ],
            argument: .choice(ExchangeFormat.allCases.map(\.rawValue))),
        CommandSpec(
            name: "changes", usage: "changes",
            summary: "list what is not saved yet",
            details: "Lists added and deleted records and each changed field, old value → new value.",
            examples: ["changes"]),
        CommandSpec(
            name: "undo", usage: "undo",
            summary: "undo the last change (repeatable)",
            details: "Reverts the last command that changed the list; repeat to go further back.",
            examples: ["undo"]),
        CommandSpec(
            name: "redo", usage: "redo",
            summary: "make again what undo took back (repeatable)",
            details: "Re-applies the change the last undo took back; repeat to go further. "
                + "Any new change forgets what could be redone.",
            examples: ["undo", "redo"]),
        CommandSpec(
            name: "revert", usage: "revert",
            summary: "discard all unsaved changes and reload the file",
            details: "Throws away every unsaved change and reads the file again.",
            examples: ["revert"]),
        CommandSpec(
            name: "recover", aliases: ["recover!"], usage: "recover | recover!",
            summary: "bring back the unsaved changes of a session that ended",
            details: "While changes are unsaved, each session keeps them in a recovery journal "
                + "(in ~/.local/state/directory/recovery). When a session ended without saving (a crash, "
                + "kill, a closed terminal), opening the list says so, and recover replays its changes onto "
                + "the list as it is now, with the same merge and conflict rules as save: they become "
                + "unsaved changes, which changes lists and save writes, as one change that undo takes back "
                + "(the journal stays until a save writes its changes, so an undone recover can be recovered "
                + "again). A conflict recovers nothing, and names "
                + "each record, field and both values; recover! then takes the journal's version of those, "
                + "as save! takes yours.",
            examples: ["recover", "changes", "save", "recover!"]),
        CommandSpec(
            name: "versions", usage: "versions",
            summary: "list the versions of the list kept here, newest first",
            details: "Each time the list is loaded or saved, its contents are kept as a version (the last 8, "
                + "of files up to 16 MiB, in ~/.local/state/directory/versions, private to you). versions "
                + "numbers them, newest first, with when each was kept, who wrote it (saved here, or read: "
                + "another program or session saved it), how many records it has, and what restore N would "
                + "change in the list as it is now.",
            examples: ["versions", "restore 2", "restore 2 Joe Gregg"]),
        CommandSpec(
            name: "restore", usage: "restore N [N|NAME|#ID…]",
            summary: "bring back kept version N (or records of it) as unsaved changes",
            details: "Makes the list what kept version N (as versions numbers it) holds: records it lacks "
                + "are deleted, its records come back as they were there, in its order. With records named "
                + "after N (their numbers in that version, a name, or #ID), only those come back: each "
                + "replaces the record with its id, or is added at its place in that version. Either is one "
                + "change, which changes lists, undo takes back and save writes; the kept versions are not "
                + "changed.",
            examples: ["versions", "restore 2", "restore 3 Joe Gregg", "restore 2 #A1B2"], argument: .text),
        CommandSpec(
            name: "discard", usage: "discard",
            summary: "delete the recovery journal of a session that ended",
            details: "Deletes the journal of unsaved changes that a session which ended left for this list, "
                + "without applying them. This session's own changes are not touched (revert discards those).",
            examples: ["discard"]),
        CommandSpec(
            name: "done", usage: "done [DATE]",
            summary: "mark the current item completed (today by default)",
            details: "Sets completedDate of the current bucket-list item. DATE is YYYY-MM-DD, an ISO 8601 "
                + "date-time, or today.",
            examples: ["done", "done 2026-05-01"], argument: .text, kinds: ["bucket"]),
        CommandSpec(
            name: "undone", usage: "undone",
            summary: "mark the current item not completed",
            details: "Clears completedDate of the current bucket-list item.",
            examples: ["undone"], kinds: ["bucket"]),
        CommandSpec(
            name: "autosave", usage: "autosave [on|off]",
            summary: "save after every change, as the Bucket List app does",
            details: "With autosave on, every command that changes the list saves it at once. "
                + "Off by default: changes wait for save. Without an argument, says which it is.",
            examples: ["autosave on", "autosave off"], argument: .choice(["on", "off"])),
        CommandSpec(
            name: "format", usage: "format [table|json|csv]",
            summary: "print records as a table, JSON or CSV from now on",
            details: "Sets how list, find and show print records for the rest of the session, as the "
                + "--format option does when the program starts (psql's \\pset format, sqlite3's .mode). "
                + "Without an argument, says which format is in use.",
            examples: ["format", "format csv", "format table"],
            argument: .choice(OutputFormat.allCases.map(\.rawValue))),
        CommandSpec(
            name: "source", aliases: [".read", "\\i"], usage: "source PATH",
            summary: "run the commands in a file, as a script",
            details: "Runs each line of PATH as a script runs it: an error names the file and line "
                + "(PATH:3: …) and the next line runs, unless the program was started with --bail, which "
                + "stops at the first error. sqlite3's .read and psql's \\i are the same as source.",
            examples: ["source setup.txt", ".read setup.txt"], argument: .path),
        CommandSpec(
            name: "history", usage: "history [N]",
            summary: "show the last N lines entered (interactive)",
            details: "Lists earlier lines with their numbers; !N runs line N again, !! the last line, "
                + "!TEXT the last line starting with TEXT.",
            examples: ["history", "history 20", "!!", "!12", "!set"]),
        CommandSpec(
            name: "help", aliases: ["?", "\\?"], usage: "help [COMMAND]",
            summary: "list the commands, or explain one",
            details: "Without an argument, lists every command. With one, explains it.",
            examples: ["help", "help set"], argument: .command),
        CommandSpec(
            name: "quit", aliases: ["exit", "quit!", "exit!", "\\q", ".quit", ".exit"], usage: "quit | quit!",
            summary: "leave (quit! discards unsaved changes)",
            details: "Refuses while changes are unsaved: save them first, or leave with quit! to discard them. "
                + "exit, and psql's \\q and sqlite3's .quit and .exit, are the same as quit.",
            examples: ["quit", "quit!", "\\q", ".quit"]),
        CommandSpec(
            name: "clear", usage: "clear",
            summary: "clear the screen",
            details: "Clears the terminal, as Ctrl-L does; does nothing in a script.",
            examples: ["clear"]),
    ]

    /// The command whose name or alias is `name`.
    public static func spec(named name: String) -> CommandSpec? {
        byName[name]
    }

    /// Every name and alias with its command, looked up once per script line.
    private static let byName: [String: CommandSpec] = {
        var table: [String: CommandSpec] = [:]
        for spec in all {
            for name in spec.allNames where table[name] == nil { table[name] = spec }
        }
        return table
    }()

    /// Every name and alias, for suggestions and completion.
    public static var allNames: [String] { all.flatMap(\.allNames) }
}
