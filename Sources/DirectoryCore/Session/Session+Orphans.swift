/// The recovery journals of sessions that ended with unsaved changes to this list
/// (orphans): the notice that names them, where two clash, and `discard` (`recover` is in
/// `Session+Recover`).
extension Session {
    /// What to say before the first prompt when journals of ended sessions exist, or `nil`.
    public var recoveryNotice: String? {
        guard !orphans.isEmpty else { return nil }
        var changes = 0
        var order = false
        var unreadable = 0
        var older = 0
        var lastOlder = -Double.infinity
        var last = -Double.infinity
        var pids: [String] = []
        var foreign = false
        for orphan in orphans {
            guard let journal = RecoveryJournal.decode(orphan.bytes) else {
                if RecoveryJournal.isOlderFormat(orphan.bytes) {
                    older += 1
                    lastOlder = max(lastOlder, orphan.modified)
                } else {
                    unreadable += 1
                }
                continue
            }
            changes += journal.changes.count
            order = order || journal.order != nil
            foreign = foreign || !isListOf(journal)
            last = max(last, orphan.modified)
            pids.append(String(journal.pid))
        }
        var lines: [String] = []
        if !pids.isEmpty {
            let what = RecoveryJournal.describe(changes: changes, order: order)
            let sessions =
                pids.count == 1 ? "a session that ended (pid \(pids[0]))" : "\(pids.count) sessions that ended"
            lines.append(
                "\(what) to \(listName) from \(sessions), last written \(localTime(last)), "
                    + "wait in a recovery journal: type 'recover' to bring them back as unsaved changes "
                    + "('changes' lists them, 'save' writes them), or 'discard' to delete them.")
        }
        if foreign {
            lines.append(
                "But none of the saved records the journal noted is in \(listName): it was written for another "
                    + "list at this location (replaced, or renamed after the crash?), so 'recover' refuses it.")
        }
        if unreadable > 0 {
            lines.append(
                "\(unreadable == 1 ? "a recovery journal" : "\(unreadable) recovery journals") of \(listName) "
                    + "could not be read at all; 'discard' deletes \(unreadable == 1 ? "it" : "them").")
        }
        if older > 0 { lines.append(olderFormatNote(count: older, last: lastOlder)) }
        return lines.joined(separator: "\n")
    }

    /// What to say of `count` journals of ended sessions in format 1, which this release does
    /// not read: which release does, and what to type instead.
    func olderFormatNote(count: Int, last: Double) -> String {
        let journals = count == 1 ? "a recovery journal" : "\(count) recovery journals"
        let them = count == 1 ? "it" : "them"
        return "\(journals) of \(listName), last written \(localTime(last)), "
            + "\(count == 1 ? "is" : "are") in the format of directory 1.1.0 and earlier releases, which this "
            + "release does not read: open the list with directory 1.1.0 to recover the changes, "
            + "or type 'discard' to delete \(them)."
    }

    /// How many journals of ended sessions are in format 1, and when the newest was written.
    var olderFormatOrphans: (count: Int, last: Double) {
        let older = orphans.filter { RecoveryJournal.isOlderFormat($0.bytes) }
        return (older.count, older.map(\.modified).max() ?? 0)
    }

    /// Looks again for journals of ended sessions for this list; empty, undamaged ones are deleted.
    /// Those a `recover` in effect took in are not offered again (they stay until a save holds them).
    mutating func findOrphans() {
        guard let store = recoveryStore else {
            orphans = []
            return
        }
        // A database's journals are named by the server and database reached; those of
        // releases before 1.12 by the location as it was typed, and are found that way too.
        var found = store.orphans(of: journalLocation)
        if journalLocation != location {
            found = (found + store.orphans(of: location)).sorted { $0.modified < $1.modified }
        }
        let taken = Set(recoveredJournals.filter { !$0.undone }.map(\.orphan.name))
        orphans = found.filter { orphan in
            guard !taken.contains(orphan.name) else { return false }
            guard let journal = RecoveryJournal.decode(orphan.bytes), journal.damage.isEmpty,
                journal.isEmpty
            else { return true }
            store.remove(orphan)
            return false
        }
    }

    /// After the list was (re)loaded: the old journal goes, and the new list's orphans are looked up.
    mutating func resetRecovery() {
        recoveredJournals = []  // their journals stay, offered again
        list.notes.clearPending()
        recoveryStore?.removeJournal()
        findOrphans()
    }

    /// Whether `journal` was written for this list: one of the saved records it noted
    /// (`RecoveryJournal.witnesses`) is in it, or it noted none (an empty list, an older release).
    func isListOf(_ journal: RecoveryJournal) -> Bool {
        journal.witnesses.isEmpty || journal.witnesses.contains { records.index(of: RecordKey(id: $0)) != nil }
    }

    /// Where two journals (oldest first) changed one record differently: one field to two
    /// values, or one deleted it and the other changed it; one line each, naming both sessions.
    func journalClashes(_ journals: [(pid: Int, modified: Double, journal: RecoveryJournal)]) -> [String] {
        guard journals.count > 1 else { return [] }
        var lines: [String] = []
        for (index, earlier) in journals.enumerated() {
            for later in journals[(index + 1)...] {
                var laterEntries: [RecordKey: RecoveryEntry] = [:]
                for entry in later.journal.changes { laterEntries[entry.key] = entry }
                let names = (
                    "pid \(earlier.pid), \(localTime(earlier.modified))",
                    "pid \(later.pid), \(localTime(later.modified))"
                )
                for first in earlier.journal.changes {
                    guard let second = laterEntries[first.key] else { continue }
                    lines += clashes(first, second, names: names)
                }
            }
        }
        return lines
    }

    /// The clashes of one record's entries in two journals, named `names`.
    private func clashes(_ first: RecoveryEntry, _ second: RecoveryEntry, names: (String, String)) -> [String] {
        func title(_ record: Record?) -> String {
            let name = record?.values[kind.titleField].text ?? ""
            return name.isEmpty ? "(unnamed \(kind.noun))" : "'\(VisibleText.of(name))'"
        }
        switch (first.now, second.now) {
        case (nil, nil):
            return []
        case (let changed?, nil), (nil, let changed?):
            // A deletion clashes with a change the other made, not with a record it only had.
            let other = first.now == nil ? second : first
            guard other.saved != changed else { return [] }
            let (deleter, changer) = first.now == nil ? names : (names.1, names.0)
            return ["\(title(changed)): deleted in the journal of \(deleter) but changed in that of \(changer)"]
        case (let one?, let two?):
            var lines: [String] = []
            for field in kind.fields.indices {
                let (a, b) = (one.values[field], two.values[field])
                guard a != b, a != first.saved?.values[field], b != second.saved?.values[field] else { continue }
                lines.append(
                    "\(title(two)): \(kind.fields[field].name) is \(MergeRule.show(a)) in the journal of \(names.0) "
                        + "but \(MergeRule.show(b)) in that of \(names.1)")
            }
            return lines
        }
    }

    mutating func discardRecovery() -> CommandOutput {
        findOrphans()
        guard let store = recoveryStore, !orphans.isEmpty else {
            return .text("Nothing to discard: no journal of a session that ended holds changes to \(listName).")
        }
        var count = 0
        var read = 0
        for orphan in orphans {
            if let journal = RecoveryJournal.decode(orphan.bytes) {
                count += journal.changes.count
                read += 1
            }
            store.remove(orphan)
        }
        let names = Set(orphans.map(\.name))
        recoveredJournals.removeAll { names.contains($0.orphan.name) }  // an undone recover's
        let unread = orphans.count - read
        orphans = []
        var deleted: [String] = []
        if read > 0 {
            let journals = read == 1 ? "the recovery journal" : "\(read) recovery journals"
            deleted.append("\(journals) of \(count == 1 ? "1 change" : "\(count) changes")")
        }
        if unread > 0 {
            deleted.append(
                unread == 1
                    ? "a recovery journal this release could not read"
                    : "\(unread) recovery journals this release could not read")
        }
        return feedback("Deleted " + deleted.joined(separator: " and ") + " to \(listName).")
    }

    /// `YYYY-MM-DD HH:MM` in local time.
    func localTime(_ seconds: Double) -> String {
        let offset = environment.utcOffset(seconds)
        let day = DateText.localDate(seconds, utcOffset: offset)
        let local = seconds + Double(offset)
        let minutes = Int((local - (local / 86_400).rounded(.down) * 86_400) / 60)
        let hour = minutes / 60
        let minute = minutes % 60
        return day + " " + (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
