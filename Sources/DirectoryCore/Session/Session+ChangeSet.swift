/// Saving only what changed: the change set a database store writes row by row,
/// and the loop that merges again when another session saved in between.
extension Session {
    /// How many times a save merges and tries again when other sessions keep saving first.
    static let saveAttempts = 200

    /// What `open` says of a database that has no tables yet.
    static let noTablesNote = " (the database has no directory tables yet: save creates them)"

    /// The records added, changed and deleted since the last load or save, from `baseline`.
    ///
    /// Looks from the end of the list, where new records are, and stops once every
    /// record the baseline names has been found.
    public var listChanges: ListChanges {
        var changes = ListChanges()
        let baseline = tracker.baseline
        if isReordered { changes.order = records.indices.map(records.id(at:)) }
        guard !baseline.isEmpty else { return changes }
        var found = Set<RecordKey>()
        var additions: [ListChanges.Addition] = []
        var index = records.count
        while index > 0, found.count < baseline.count {
            index -= 1
            // By key first: the record itself is made only for the few the baseline names.
            let key = records.key(at: index)
            guard let base = baseline[key] else { continue }
            found.insert(key)
            let record = records[index]
            switch base {
            case .absent:
                additions.append(.init(record: record, after: index > 0 ? records.id(at: index - 1) : nil))
            case .present(let saved):
                if saved != record { changes.changed.append(record) }
            }
        }
        changes.added = additions.reversed()
        for case (let key, .present) in baseline where !found.contains(key) { changes.deleted.append(key.id) }
        return changes
    }

    /// Merges with what others saved and writes this session's changes, again and again
    /// while others save in between; returns what came from the others. `preferringOurs`
    /// (`save!`) resolves conflicts this session's way.
    mutating func mergeAndWriteChanges(preferringOurs: Bool = false) throws(SessionError) -> [String] {
        var notes: [String] = []
        // A failure after a merge says what the merge took in: the list holds it now.
        func failure(_ error: StorageError) -> SessionError {
            notes.isEmpty ? .storage(error) : .notSavedAfterMerge(error, merged: notes)
        }
        for _ in 0..<Self.saveAttempts {
            do {
                notes += try mergeBeforeSave(preferringOurs: preferringOurs)
            } catch .storage(let error) {
                throw failure(error)
            } catch {
                throw error
            }
            do {
                let changes = store.savesChangeSet(to: path) ? listChanges : ListChanges()
                fingerprint = try store.save(
                    changes, giving: records, schema: schema, format: format, to: path, known: fingerprint)
                markSaved()
                return notes
            } catch .changedMeanwhile {
                continue
            } catch {
                throw failure(error)
            }
        }
        throw failure(.changedMeanwhile(location: path))
    }
}
