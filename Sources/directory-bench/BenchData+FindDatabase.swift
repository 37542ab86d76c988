import DirectoryCore

/// The one-shot `find` and `list` rows: the text they search for, and the same people as the
/// large files in an SQLite database, for `sqlite3` to answer the same question with `LIKE`
/// (and `LIMIT`/`OFFSET`).
extension BenchData {
    /// A common surname: about one person in thirty has it, in ASCII, so `LIKE` (which folds
    /// only ASCII case) and `find` (which folds case and accents) match the same rows.
    static let findText = "Krebsbach"

    /// How many of `people` the find text matches in the name or the office.
    static func findMatches(in people: [Record]) -> Int {
        let matcher = TextMatcher(findText)
        return people.count(where: matcher.matches)
    }

    /// Writes `people` (id, name, office) into a new SQLite database at `path`, in one
    /// transaction; throws when sqlite3 fails. Without sqlite3 it writes nothing (its rows
    /// are then skipped as not installed).
    static func writeFindDatabase(_ people: [Record], to path: String, log: (String) -> Void) throws {
        remove(path)
        guard Invocation(program: "sqlite3", arguments: [":memory:", "select 1;"]).succeeds() else { return }
        log("writing \(people.count) people into SQLite: \(path)")
        let sqlPath = path + ".sql"
        defer { remove(sqlPath) }
        var sql = "CREATE TABLE people (id TEXT PRIMARY KEY, name TEXT NOT NULL, office TEXT NOT NULL);\nBEGIN;\n"
        for person in people {
            let name = person.values[0].text ?? ""
            let office = person.values[1].text ?? ""
            sql += "INSERT INTO people VALUES ('\(person.id)', '\(quoted(name))', '\(quoted(office))');\n"
        }
        sql += "COMMIT;\n"
        try write(Array(sql.utf8), to: sqlPath)
        let run = Invocation(program: "sqlite3", arguments: [path], input: sqlPath).runDirectly()
        guard run.status == 0 else { throw BenchUsageError("sqlite3 could not build \(path): \(run.errors)") }
    }

    /// How many people the one-shot `list` row lists, from the middle of the large files.
    static let listCount = 11

    /// `sqlite3`'s query for the `listCount` people from the `first`th on (counted from 1), in
    /// the order they were written: the rows `list` prints.
    static func listQuery(from first: Int) -> String {
        "SELECT id, name, office FROM people ORDER BY rowid LIMIT \(listCount) OFFSET \(first - 1);"
    }

    /// `sqlite3`'s query for the find text on both columns, printing the matching rows.
    static var findQuery: String {
        "SELECT id, name, office FROM people WHERE name LIKE '%\(findText)%' OR office LIKE '%\(findText)%';"
    }
}
