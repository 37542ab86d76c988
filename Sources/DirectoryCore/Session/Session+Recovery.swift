/// The recovery journal: while changes are unsaved, the session writes the
/// current and saved version of every record it changed through its
/// `RecoveryStore`, so that after a crash `recover` can replay them.
///
/// Changes are noted as `apply` sees them (from the undo entries each command
/// adds or `undo` removes) and written by `flushRecovery()`, which the front end
/// calls before each prompt (in scripts, at most a second apart and before a
/// read that could wait).
extension Session {
    /// Starts keeping a recovery journal in `store`, and looks for journals of
    /// sessions that ended with unsaved changes to this list (see `recoveryNotice`).
    public mutating func keepRecoveryJournal(in store: RecoveryStore) {
        recovery.store = store
        findOrphans()
    }

    /// Whether changes are noted that the journal does not hold yet.
    public var hasPendingRecovery: Bool { !recovery.pending.isEmpty || recovery.orderChanged }

    /// Writes the noted changes to the journal and makes it durable; returns a
    /// problem to report once (the journal cannot be kept), if any.
    @discardableResult
    public mutating func flushRecovery() -> String? {
        guard let store = recovery.store else { return nil }
        if !recovery.pending.isEmpty || recovery.orderChanged {
            // Written in pieces of about a megabyte, so a long script's first write never holds
            // its whole journal as bytes (a piece cut short by a crash loses only whole entries).
            let (path, kind) = (self.path, schema.name)
            var bytes: [UInt8] = []
            forEachRecoveryEntry { entry in
                RecoveryJournal.encode(entry, into: &bytes)
                if bytes.count >= Self.recoveryPieceSize {
                    store.append(bytes, path: path, kind: kind)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            if recovery.orderChanged {
                // After move, sort or editor the whole order is kept (new records' places too).
                RecoveryJournal.encodeOrder(savedOrder != nil ? records.keys : nil, into: &bytes)
            }
            recovery.pending = []
            recovery.orderChanged = false
            if !bytes.isEmpty { store.append(bytes, path: path, kind: schema.name) }
        }
        return store.sync()
    }

    /// The session ends in an orderly way (`quit`, the end of a script, a deliberate
    /// discard): its journal goes.
    public mutating func endRecovery() {
        recovery.pending = []
        recovery.orderChanged = false
        recovery.store?.removeJournal()
    }

    /// Before a command: what is needed to tell afterwards which records it changed.
    func recoveryMark(for command: Command) -> RecoveryMark {
        var mark = RecoveryMark(journalCount: journal.count, undone: nil)
        guard recovery.store != nil, command == .undo, let last = journal.last, Self.notedOneByOne(last)
        else { return mark }
        var undone: [(key: RecordKey, index: Int)] = []
        for edit in last {
            switch edit {
            case .inserted(let index): undone.append((records[index].key, -1))
            case .fieldChanged(let index, _, _): undone.append((records[index].key, index))
            case .removed(let items): undone += items.map { ($0.record.key, $0.index) }
            case .moved, .reordered: continue  // not reached: `notedOneByOne` is false
            }
        }
        mark.undone = undone
        return mark
    }

    /// After a command: notes the records it changed, or removes the journal when nothing is unsaved.
    mutating func noteRecovery(since mark: RecoveryMark) {
        guard let store = recovery.store else { return }
        if baseline.isEmpty, savedOrder == nil || !isReordered {
            recovery.pending = []
            recovery.orderChanged = false
            store.removeJournal()
            return
        }
        if journal.count > mark.journalCount {
            for position in mark.journalCount..<journal.count {
                if let index = journal.recordChanged(at: position) {
                    note(changedAt: index)
                    continue
                }
                guard Self.notedOneByOne(journal[position]) else {
                    noteEveryChange()
                    continue
                }
                for edit in journal[position] {
                    switch edit {
                    case .inserted(let index), .fieldChanged(let index, _, _):
                        note(changedAt: index)
                    case .removed(let items):
                        for item in items { recovery.pending.append((item.record.key, -1)) }
                    case .moved, .reordered:
                        continue  // not reached: `notedOneByOne` is false
                    }
                }
            }
        } else if journal.count < mark.journalCount {
            guard let undone = mark.undone else {
                noteEveryChange()
                return
            }
            recovery.pending += undone
        }
    }

    /// Notes the record at `index` as changed.
    private mutating func note(changedAt index: Int) {
        // The id and occurrence alone: copying the record would retain its arrays.
        let key = RecordKey(id: records[index].id, occurrence: records[index].occurrence)
        if recovery.pending.last?.key == key {
            recovery.pending[recovery.pending.count - 1].index = index  // `new` then `set`: one note
        } else {
            recovery.pending.append((key, index))
        }
    }

    /// Whether the records an entry changed can be found from its edits' positions: its
    /// edits are all of one kind (`new`, `set`, `delete`, `import`). In an entry that mixes
    /// kinds or reorders (`editor`, `move`, `sort`), a later edit shifts the positions an
    /// earlier one names, so every change is noted instead. The order itself is not
    /// journaled (docs/safety.md).
    static func notedOneByOne(_ edits: [Edit]) -> Bool {
        guard let first = edits.first else { return true }
        for edit in edits {
            switch (first, edit) {
            case (.inserted, .inserted), (.fieldChanged, .fieldChanged), (.removed, .removed): continue
            default: return false
            }
        }
        return true
    }

    /// Notes every record that differs from the file (after a merge or `recover`).
    mutating func noteEveryChange() {
        for key in baseline.keys { recovery.pending.append((key, -2)) }
        recovery.orderChanged = true
    }

    /// How many bytes of journal entries are written at a time.
    static var recoveryPieceSize: Int { 1 << 20 }

    /// Calls `body` with the journal entry of each noted record, as it is now.
    private func forEachRecoveryEntry(_ body: (RecoveryEntry) -> Void) {
        var latest: [RecordKey: Int] = [:]
        for (key, hint) in recovery.pending { latest[key] = hint }
        var positions: [RecordKey: Int]?
        for (key, hint) in latest {
            guard let base = baseline[key] else { continue }
            var index: Int?
            if hint >= 0, hint < records.count, records.key(at: hint) == key {
                index = hint
            } else if hint != -1 {
                if positions == nil {
                    var map: [RecordKey: Int] = [:]
                    records.forEachKey { position, key in
                        if baseline[key] != nil { map[key] = position }
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
}
