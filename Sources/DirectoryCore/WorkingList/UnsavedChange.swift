/// One record that differs from the file.
public struct UnsavedChange: Equatable, Sendable {
    /// How the record differs.
    public enum Kind: Equatable, Sendable {
        /// Not in the file yet.
        case added
        /// In the file, gone from the list.
        case deleted
        /// Fields differ: each field's index with its saved value.
        case changed([(field: Int, saved: FieldValue)])
        /// In the file at another place: its number in the file.
        case moved(savedNumber: Int)

        /// Whether two kinds of change are the same, field values included.
        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.added, .added), (.deleted, .deleted): return true
            case (.moved(let a), .moved(let b)): return a == b
            case (.changed(let a), .changed(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.field == $1.field && $0.saved == $1.saved }
            default: return false
            }
        }
    }

    /// How it differs.
    public var kind: Kind
    /// The record as it is now (for a deletion, as it was saved).
    public var record: Record
    /// Its number in `list`, or `nil` when deleted.
    public var number: Int?
}

extension WorkingList {
    /// Every record that differs from the file, in list order (a deletion where the record
    /// stood, as far as the undo history tells), moves last.
    public func unsavedChanges() -> [UnsavedChange] {
        let moves = movedRecords().map { moved in
            UnsavedChange(
                kind: .moved(savedNumber: moved.savedNumber), record: records[moved.number - 1], number: moved.number)
        }
        let baseline = tracker.baseline
        guard !baseline.isEmpty else { return moves }
        var changes: [UnsavedChange] = []
        var present = Set<RecordKey>()
        for index in records.indices {
            let key = records.key(at: index)
            guard let base = baseline[key] else { continue }
            present.insert(key)
            let record = records[index]
            switch base {
            case .absent:
                changes.append(UnsavedChange(kind: .added, record: record, number: index + 1))
            case .present(let saved):
                let fields = saved.values.indices.filter { saved.values[$0] != record.values[$0] }
                // A change to keys another app keeps (a merged copy's) is a change too, with no field named.
                if !fields.isEmpty || saved.extras != record.extras {
                    let kind = UnsavedChange.Kind.changed(fields.map { ($0, saved.values[$0]) })
                    changes.append(UnsavedChange(kind: kind, record: record, number: index + 1))
                }
            }
        }
        var deleted: [RecordKey: Record] = [:]
        for case (let key, .present(let saved)) in baseline where !present.contains(key) { deleted[key] = saved }
        guard !deleted.isEmpty else { return changes + moves }
        // Where each deletion stood, in list order; those deleted before the undo history began
        // (a merge empties it) go last, in the order of their ids.
        var placed = Set<RecordKey>()
        var deletions: [(place: Int, change: UnsavedChange)] = (tracker.undo.deletionPlaces() ?? []).compactMap {
            place, key in
            guard let saved = deleted[key] else { return nil }
            placed.insert(key)
            return (place, UnsavedChange(kind: .deleted, record: saved, number: nil))
        }
        let unplaced = deleted.filter { !placed.contains($0.key) }.sorted {
            $0.key.id.description < $1.key.id.description
        }
        deletions += unplaced.map { (Int.max, UnsavedChange(kind: .deleted, record: $0.value, number: nil)) }
        var ordered: [UnsavedChange] = []
        ordered.reserveCapacity(changes.count + deletions.count + moves.count)
        var next = 0
        for change in changes {
            while next < deletions.count, deletions[next].place <= (change.number ?? 1) - 1 {
                ordered.append(deletions[next].change)
                next += 1
            }
            ordered.append(change)
        }
        ordered += deletions[next...].map(\.change)
        return ordered + moves
    }

    /// The `changes` report for the list called `name`, kept at `place` ("in directory.plist");
    /// `exists` says whether it is there yet.
    func changesText(name: String, place: String, exists: Bool) -> String {
        let changes = unsavedChanges()
        guard !changes.isEmpty else {
            if !exists {
                return "No changes. \(name) does not exist yet: save creates it with \(count(records.count))."
            }
            return "No unsaved changes."
        }
        var lines = ["\(changes.count == 1 ? "1 unsaved change" : "\(changes.count) unsaved changes") to \(name):"]
        let renderer = FieldText(kind: kind, utcOffset: environment.utcOffset)
        for change in changes {
            let title = renderer.title(of: change.record)
            switch change.kind {
            case .added:
                lines.append("  added    \(change.number ?? 0): \(renderer.summary(of: change.record))")
            case .deleted:
                lines.append("  deleted  \(renderer.summary(of: change.record))")
            case .moved(let savedNumber):
                lines.append(
                    "  moved    \(change.number ?? 0) \(title): was \(savedNumber) in \(place)")
            case .changed(let fields):
                if fields.isEmpty {
                    lines.append("  changed  \(change.number ?? 0) \(title): keys kept for other apps")
                }
                for (field, saved) in fields {
                    let name = kind.fields[field].name
                    let old = renderer.quoted(saved)
                    let new = renderer.quoted(change.record.values[field])
                    lines.append("  changed  \(change.number ?? 0) \(title): \(name) \(old) → \(new)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
