/// Commands of sqlite3 and psql that people type out of habit, with what does their work
/// here: `.mode csv` is `format csv`, `\o` is `export FORMAT -`. The aliases both share
/// (`.read`, `\i`, `\q`, `.quit`) are in `CommandTable`; these do something else here, so
/// they are not run but answered with a hint. So are the commands of libedit's editrc
/// (`bind -v`), which belong in `~/.editrc`, not at the prompt.
public enum ForeignCommand {
    /// What to type instead of `name` (compared without case), or `nil` for a word none of
    /// sqlite3, psql and editrc has.
    public static func hint(for name: String) -> String? {
        hints[name.lowercased()]
    }

    private static let format = "'format csv', 'format json' or 'format table' chooses how records are printed"
    private static let output =
        "'export csv -' (or json, vcard) writes the records to the screen, 'export csv PATH' to a file"
    private static let importing = "'import csv PATH' (or json, vcard) reads records; 'export csv PATH' writes them"
    private static let opening = "'open PATH' (or a postgresql:// URI) opens another list"
    private static let listing = "'list' shows the records, and 'help set' the fields"
    private static let editrc =
        "the line editor's commands (bind -v, bind -e, settc) go in ~/.editrc, which the prompt reads when it "
        + "starts (see man 5 editrc)"

    private static let hints: [String: String] = [
        // sqlite3
        ".mode": format, ".headers": format, ".separator": format,
        ".output": output, ".once": output, ".print": output,
        ".import": importing, ".open": opening, ".connection": opening,
        ".save": "'save as PATH' saves the list to another file", ".backup": "'save as PATH' saves a copy",
        ".tables": listing, ".schema": listing, ".dump": output, ".show": "'format' says how records are printed",
        ".help": "'help' lists the commands", ".edit": "'editor' edits records in $VISUAL",
        // psql
        "\\pset": format, "\\a": format, "\\x": format, "\\t": format, "\\h": "'help' lists the commands",
        "\\o": output, "\\out": output, "\\g": output, "\\w": output, "\\copy": importing,
        "\\c": opening, "\\connect": opening, "\\d": listing, "\\dt": listing, "\\l": listing,
        "\\e": "'editor' edits records in $VISUAL", "\\s": "'history' lists the lines typed",
        // libedit's editrc
        "bind": editrc, "settc": editrc, "setty": editrc, "telltc": editrc, "echotc": editrc,
    ]
}
