/// `recover`: the journals of sessions that ended, replayed onto the list as one change that
/// `undo` takes back whole, `redo` makes again and `save` writes (as `restore` and `merge`
/// are). The journals it took in stay on disk until a save holds their changes, so an undone
/// `recover` loses nothing: they are offered again, to this session and the next.
extension Session {
    /// A journal of an ended session that a `recover` took in, until a save holds its changes.
    struct RecoveredJournal: Equatable {
        /// The journal, as found.
        var orphan: RecoveryOrphan
        /// Which `recover` took it in (the journals one command took in share it).
        var group: Int
        /// Whether `undo` took that `recover` back: then its journal is offered again.
        var undone = false
    }

    /// Whether changes that a `recover` in effect brought back are not saved yet: their journals
    /// are then their copy on disk, so a script that ends without saving them keeps its own
    /// journal, which holds them, for the next `recover` (`endScriptRecovery()`).
    var recoveredUnsaved: Bool { recoveredJournals.contains { !$0.undone } }

    mutating func recover(force: Bool) throws(SessionError) -> CommandOutput {
        findOrphans()
        // Oldest first, so that where two journals changed one field, the later change is the one kept.
        let readable = orphans.sorted { $0.modified < $1.modified }.compactMap { orphan in
            RecoveryJournal.decode(orphan.bytes).map { (orphan, $0) }
        }
        guard let store = recoveryStore, !readable.isEmpty else {
            let older = olderFormatOrphans
            guard older.count == 0 else {
                return .warning("Nothing recovered: " + olderFormatNote(count: older.count, last: older.last))
            }
            return .text("Nothing to recover: no journal of a session that ended holds changes to \(listName).")
        }
        let clashes = journalClashes(readable.map { (pid: $0.1.pid, modified: $0.0.modified, journal: $0.1) })
        if !clashes.isEmpty, !force { throw .recoveryJournalsConflict(file: listName, details: clashes) }
        // The journals are replayed on a copy; the list then becomes what they made of it in
        // one change, so that `undo` takes all of it back.
        var replayed = list
        var count = 0
        var order = false
        var damage: [String] = []
        for (_, journal) in readable {
            guard journal.kind == kind.name else {
                throw .recoveryFailed(
                    file: listName,
                    reason: "its journal holds \(journal.kind) records, and this is a \(kind.name) list")
            }
            if !force, !isListOf(journal) {
                throw .recoveryFailed(
                    file: listName,
                    reason: "the journal was written for another list at this location: none of the "
                        + "\(journal.witnesses.count) saved \(journal.witnesses.count == 1 ? kind.noun : kind.pluralNoun) it noted is in "
                        + "\(listName) (was the list replaced, or renamed after the crash?); 'recover!' brings its "
                        + "changes in all the same")
            }
            do {
                try replayed.replay(journal.changes, force: force, location: location, medium: medium)
            } catch .conflict(_, _, let details) {
                throw .recoveryConflict(file: listName, medium: medium, details: details)
            } catch {
                throw .storage(error)
            }
            if let order = journal.order { replayed.reorder(like: order) }
            count += journal.changes.count
            order = order || journal.order != nil
            damage += journal.damage
        }
        if list.change(into: replayed.records.array, by: .recover(force: force)) {
            let group = (recoveredJournals.map(\.group).max() ?? 0) + 1
            let names = Set(readable.map(\.0.name))
            recoveredJournals.removeAll { names.contains($0.orphan.name) }  // an undone recover's, taken in again
            recoveredJournals += readable.map { RecoveredJournal(orphan: $0.0, group: group) }
        } else {
            // The list holds all they hold already: nothing to undo, nothing to keep them for.
            for (orphan, _) in readable { store.remove(orphan) }
        }
        let problem = flushRecovery()
        findOrphans()
        let what = RecoveryJournal.describe(changes: count, order: order).replacingOccurrences(of: "unsaved ", with: "")
        var message = "Recovered \(what) to \(listName); "
        message += "'changes' lists them, 'save' writes them and 'undo' takes them back."
        let notes =
            clashes.map { $0 + ": the later journal's is kept" } + damage.map { "the journal was damaged: \($0)" }
            + (problem.map { [$0] } ?? [])
        guard !notes.isEmpty else { return feedback(message) }
        return .warning(message + "\n" + notes.map { "  " + $0 }.joined(separator: "\n"))
    }

    /// After `undo` took back (or `redo` made again) a `recover`: its journals are offered again
    /// (or no longer), and a save removes only those of a `recover` in effect.
    mutating func markLastRecover(undone: Bool) {
        let groups = recoveredJournals.filter { $0.undone != undone }.map(\.group)
        guard let group = undone ? groups.max() : groups.min() else { return }
        for index in recoveredJournals.indices where recoveredJournals[index].group == group {
            recoveredJournals[index].undone = undone
        }
        findOrphans()
    }

    /// Deletes the journals whose changes a `recover` in effect took in: a save wrote them, the
    /// session's own journal holds them, or the session ends discarding them (`quit!`).
    mutating func removeRecoveredJournals() {
        guard let store = recoveryStore else { return }
        for journal in recoveredJournals where !journal.undone { store.remove(journal.orphan) }
        recoveredJournals.removeAll { !$0.undone }
    }
}
