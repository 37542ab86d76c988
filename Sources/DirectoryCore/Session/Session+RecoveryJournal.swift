/// Keeping the recovery journal: while changes are unsaved, the session writes the
/// current and saved version of every record it changed through its `RecoveryStore`,
/// so that after a crash `recover` can replay them (see `Session+Orphans`).
///
/// The step runner notes each change as it makes it (`SessionRecovery`);
/// `flushRecovery()` writes them, which the front end calls before each prompt (in
/// scripts, at most a second apart and before a read that could wait).
extension Session {
    /// Starts keeping a recovery journal in `store`, and looks for journals of
    /// sessions that ended with unsaved changes to this list (see `recoveryNotice`).
    public mutating func keepRecoveryJournal(in store: RecoveryStore) {
        recoveryStore = store
        list.notes.isOn = true
        findOrphans()
    }

    /// Whether changes are noted that the journal does not hold yet.
    public var hasPendingRecovery: Bool { list.notes.hasPending }

    /// Writes the noted changes to the journal and makes it durable; returns a
    /// problem to report once (the journal cannot be kept), if any.
    @discardableResult
    public mutating func flushRecovery() -> String? {
        guard let store = recoveryStore else { return nil }
        if list.notes.hasPending {
            // Written in pieces of about a megabyte, so a long script's first write never holds
            // its whole journal as bytes (a piece cut short by a crash loses only whole entries).
            let (location, kindName) = (self.location, kind.name)
            var bytes: [UInt8] = []
            forEachRecoveryEntry { entry in
                RecoveryJournal.encode(entry, into: &bytes)
                if bytes.count >= Self.recoveryPieceSize {
                    store.append(bytes, location: location, kind: kindName)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            if list.notes.orderChanged {
                // After move, sort or editor the whole order is kept (new records' places too).
                RecoveryJournal.encodeOrder(list.tracker.savedOrder != nil ? records.keys : nil, into: &bytes)
            }
            list.notes.clearPending()
            if !bytes.isEmpty { store.append(bytes, location: location, kind: kindName) }
        }
        return store.sync()
    }

    /// The session ends in an orderly way (`quit`, the end of a script, a deliberate
    /// discard): its journal goes.
    public mutating func endRecovery() {
        list.notes.clearPending()
        recoveryStore?.removeJournal()
    }

    /// A script ends without a deliberate discard (its input ran out, or it stopped at an
    /// error): when changes that `recover` brought back are still unsaved, the journal is
    /// written and kept, for the next `recover` (it was their only copy); else it goes, as
    /// `endRecovery()` does. Returns whether the journal was kept.
    public mutating func endScriptRecovery() -> Bool {
        guard recoveredUnsaved, hasUnsavedChanges, recoveryStore != nil else {
            endRecovery()
            return false
        }
        return flushRecovery() == nil
    }

    /// After a command: when nothing is unsaved any more, the journal goes.
    mutating func dropRecoveryWhenSaved() {
        guard let store = recoveryStore, list.isSaved else { return }
        recoveredUnsaved = false
        list.notes.clearPending()
        store.removeJournal()
    }

    /// How many bytes of journal entries are written at a time.
    static var recoveryPieceSize: Int { 1 << 20 }

    /// Calls `body` with the journal entry of each noted record, as it is now.
    private func forEachRecoveryEntry(_ body: (RecoveryEntry) -> Void) {
        if let indices = notedIndicesInPlace() {
            for index in indices {
                let key = records.key(at: index)
                guard let base = list.tracker.baseline[key] else { continue }
                let saved: Record?
                if case .present(let record) = base { saved = record } else { saved = nil }
                body(RecoveryEntry(key: key, saved: saved, now: records[index], position: index))
            }
            return
        }
        var latest: [RecordKey: ChangeNotes.Place] = [:]
        for (key, place) in list.notes.pending { latest[key] = place }
        var positions: [RecordKey: Int]?
        for (key, place) in latest {
            guard let base = list.tracker.baseline[key] else { continue }
            var index: Int?
            if case .at(let hint) = place, hint < records.count, records.key(at: hint) == key {
                index = hint
            } else if place != .gone {
                if positions == nil {
                    var map: [RecordKey: Int] = [:]
                    records.forEachKey { position, key in
                        if list.tracker.baseline[key] != nil { map[key] = position }
                    }
                    positions = map
                }
                index = positions?[key]
            }
            let saved: Record?
            if case .present(let record) = base { saved = record } else { saved = nil }
            body(RecoveryEntry(key: key, saved: saved, now: index.map { records[$0] }, position: index ?? -1))
        }
    }

    /// The indices of the noted records, each once, when every note names the index where
    /// its record still stands (a script's `new` and `set`): the index then tells the records
    /// apart, and every note of a record gives the same entry, so no table of keys is needed.
    /// `nil` when a note names a record that moved or left.
    private func notedIndicesInPlace() -> [Int]? {
        var seen = [UInt64](repeating: 0, count: (records.count + 63) / 64)
        var indices: [Int] = []
        for (key, place) in list.notes.pending {
            guard case .at(let index) = place, index < records.count, records.key(at: index) == key else { return nil }
            let (word, bit) = (index >> 6, UInt64(1) << UInt64(index & 63))
            guard seen[word] & bit == 0 else { continue }
            seen[word] |= bit
            indices.append(index)
        }
        return indices
    }
}
