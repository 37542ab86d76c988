/// `versions` and `restore`: the versions of the list kept here (the bases `merge` compares
/// copies with), listed, and brought back as an unsaved change.
extension Session {
    /// Seconds from 1970-01-01 (a kept version's time) to 2001-01-01 (the apps' dates).
    private static let secondsTo2001 = 978_307_200.0

    /// The list's own kept versions, newest first (the copies read for merges left out), as
    /// `versions` numbers them; throws when there is none, saying why.
    func keptVersionsOfList() throws(SessionError) -> [KeptVersion] {
        guard store.medium == .file else {
            throw .noKeptVersions(
                list: listName,
                reason: "versions are kept of files, not of a database (PostgreSQL's own backups keep its history)")
        }
        let kept = keptVersions?.versions(of: location).filter { !$0.isCopy } ?? []
        guard kept.isEmpty else { return kept }
        if let keptVersions, case .file(let file)? = version, let why = keptVersions.notKept(size: file.size) {
            throw .noKeptVersions(
                list: listName, reason: why + " (this one is \(file.size >> 20) MiB); keep copies of it yourself")
        }
        throw .noKeptVersions(
            list: listName,
            reason: "a version is kept each time the list is read or saved, in the state folder "
                + "(~/.local/state/directory/versions, or under $XDG_STATE_HOME), and none is there; "
                + "the folder may not be writable")
    }

    /// `versions`: each kept version, numbered newest first, with when it was kept, who wrote
    /// it, its records, and what `restore` of it would change in the list as it is now.
    func listVersions() throws(SessionError) -> CommandOutput {
        let kept = try keptVersionsOfList()
        let current = version?.keptKey
        var rows: [[String]] = []
        for (offset, entry) in kept.enumerated() {
            let when = entry.kept.map { localTime($0 - Self.secondsTo2001) } ?? "-"
            let who = entry.parents.isEmpty ? "read" : "saved here"
            guard let records = keptVersions?.records(of: entry.key, kind: kind) else {
                rows.append(["\(offset + 1)", when, who, "-", "(its kept copy cannot be read)"])
                continue
            }
            var numbered = records
            RecordKey.numberOccurrences(in: &numbered)
            let difference = VersionDifference(from: list.records, to: numbered.array)
            var note =
                difference.isNone
                ? "the same as the list now" : "restore would " + difference.text(count: count, wouldBe: true)
            if entry.key == current { note += " (the file as last read or saved here)" }
            rows.append(["\(offset + 1)", when, who, count(numbered.count), note])
        }
        var widths = [Int](repeating: 0, count: 4)
        for row in rows {
            for column in 0..<4 { widths[column] = max(widths[column], row[column].count) }
        }
        var lines = [
            "Versions of \(listName) kept here, newest first ('restore N' brings one back as unsaved "
                + "changes, 'restore N NAME' one record of it):"
        ]
        for row in rows {
            var line = "  " + String(repeating: " ", count: widths[0] - row[0].count) + row[0]
            for column in 1..<4 {
                line += "  " + row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }
            lines.append(line + "  " + row[4])
        }
        return .text(lines.joined(separator: "\n"))
    }

    /// `restore N [RECORD…]`: the list made kept version `number` (or the records named, as
    /// they are there) as one unsaved change.
    mutating func restore(version number: Int, records references: [RecordReference], command: Command)
        throws(SessionError) -> CommandOutput
    {
        let kept = try keptVersionsOfList()
        guard number <= kept.count else { throw .noSuchVersion(number, count: kept.count) }
        guard var records = keptVersions?.records(of: kept[number - 1].key, kind: kind) else {
            throw .versionUnreadable(number, list: listName)
        }
        RecordKey.numberOccurrences(in: &records)
        guard let difference = try list.restore(records, only: references, command: command) else {
            let what = references.isEmpty ? "the list is" : "the records named are"
            return feedback("Nothing changed: \(what) as version \(number) holds.")
        }
        return feedback(
            "Restored version \(number): \(difference.text(count: count)), in one change ('undo' takes it back, "
                + "'save' writes it).")
    }
}
