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

extension Session {
    /// Every record that differs from the file, in list order, deletions and then moves last.
    public func unsavedChanges() -> [UnsavedChange] {
        let moves = movedRecords().map { moved in
            UnsavedChange(
                kind: .moved(savedNumber: moved.savedNumber), record: records[moved.number - 1], number: moved.number)
        }
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
                if !fields.isEmpty {
                    let kind = UnsavedChange.Kind.changed(fields.map { ($0, saved.values[$0]) })
                    changes.append(UnsavedChange(kind: kind, record: record, number: index + 1))
                }
            }
        }
        for case (let key, .present(let saved)) in baseline where !present.contains(key) {
            changes.append(UnsavedChange(kind: .deleted, record: saved, number: nil))
        }
        return changes + moves
    }

    /// The `changes` report.
    func changesText() -> String {
        let changes = unsavedChanges()
        guard !changes.isEmpty else {
            if !fileExists {
                return "No changes. \(fileName) does not exist yet: save creates it with \(count(records.count))."
            }
            return "No unsaved changes."
        }
        var lines = ["\(changes.count == 1 ? "1 unsaved change" : "\(changes.count) unsaved changes") to \(fileName):"]
        let renderer = FieldText(schema: schema, utcOffset: environment.utcOffset)
        for change in changes {
            let title = renderer.title(of: change.record)
            switch change.kind {
            case .added:
                lines.append("  added    \(change.number ?? 0): \(renderer.summary(of: change.record))")
            case .deleted:
                lines.append("  deleted  \(renderer.summary(of: change.record))")
            case .moved(let savedNumber):
                lines.append(
                    "  moved    \(change.number ?? 0) \(title): was \(savedNumber) in \(StoreLocation.place(of: path))")
            case .changed(let fields):
                for (field, saved) in fields {
                    let name = schema.fields[field].name
                    let old = renderer.quoted(saved)
                    let new = renderer.quoted(change.record.values[field])
                    lines.append("  changed  \(change.number ?? 0) \(title): \(name) \(old) → \(new)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
