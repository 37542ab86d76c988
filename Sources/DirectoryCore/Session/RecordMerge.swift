/// Merges this session's edits into a file that another session saved in the
/// meantime, record by record and field by field (a three-way merge whose base
/// is the version of each record this session started from).
struct RecordMerge {
    /// The merged list and what came from the other session.
    struct Merged {
        /// The records to write.
        var records: [Record]
        /// One line per record the other session added, changed or deleted.
        var fromOthers: [String]
    }

    let schema: RecordSchema
    /// The saved version of each record this session touched.
    let baseline: BaselineTable
    /// This session's records.
    let ours: [Record]
    /// Whether conflicts go this session's way (`save!` on a database) instead of refusing
    /// the merge: its value of a field both changed, its deletion, its edit of a record the
    /// other session deleted (which comes back). Everything else the other session saved stays.
    var preferringOurs = false

    /// Merges with `theirs`, the records in the file at `path` now.
    /// Conflicts come back as lines naming the record, the field and both values.
    ///
    /// Records are matched by `RecordKey`: when ids repeat, the k-th record with an id
    /// in `theirs` (numbered by `RecordKey.numberOccurrences`) is the k-th here.
    func merge(theirs unmatched: [Record], path: String) -> Result<Merged, StorageError> {
        let theirs = matchingRepeatedIDs(unmatched)
        var oursByKey: [RecordKey: Record] = [:]
        for record in ours where baseline[record.key] != nil { oursByKey[record.key] = record }
        var conflicts: [String] = []
        var overruled: [String] = []
        let place = StoreLocation.place(of: path)
        var merged: [Record] = []
        merged.reserveCapacity(theirs.count + oursByKey.count)
        var theirKeys = Set<RecordKey>()
        for their in theirs {
            guard let base = baseline[their.key] else {
                merged.append(their)
                continue
            }
            theirKeys.insert(their.key)
            guard case .present(let baseRecord) = base else {
                merged.append(their)  // both added the same id: cannot happen with random ids
                continue
            }
            guard let mine = oursByKey[their.key] else {
                // This session deleted it.
                if their != baseRecord {
                    if preferringOurs {
                        overruled.append("\(title(their)): deleted as you did, though the other session changed it")
                        continue
                    }
                    conflicts.append("\(title(baseRecord)): you deleted it, but the other session changed it")
                    merged.append(their)
                }
                continue
            }
            var result = their
            for field in schema.fields.indices where mine.values[field] != baseRecord.values[field] {
                let theirValue = their.values[field]
                if theirValue == baseRecord.values[field] || theirValue == mine.values[field] {
                    result.values[field] = mine.values[field]
                } else if preferringOurs {
                    result.values[field] = mine.values[field]
                    overruled.append(
                        "\(title(mine)): your \(schema.fields[field].name) \(show(mine.values[field])) replaced "
                            + "\(show(theirValue))")
                } else {
                    conflicts.append(
                        "\(title(mine)): \(schema.fields[field].name) is \(show(mine.values[field])) here "
                            + "but \(show(theirValue)) in \(place)")
                }
            }
            merged.append(result)
        }
        for mine in ours {
            guard let base = baseline[mine.key], !theirKeys.contains(mine.key) else { continue }
            if case .present(let baseRecord) = base {
                if mine != baseRecord {
                    if preferringOurs {
                        overruled.append("\(title(mine)): kept with your changes, though the other session deleted it")
                        merged.append(mine)
                        continue
                    }
                    conflicts.append("\(title(mine)): you changed it, but the other session deleted it")
                }
                continue  // deleted in the file, untouched here: stays deleted
            }
            merged.append(mine)
        }
        guard conflicts.isEmpty else { return .failure(.conflict(location: path, details: conflicts)) }
        return .success(Merged(records: merged, fromOthers: summary(theirs: theirs) + overruled))
    }

    /// What the other session changed, compared with the file as this session loaded it
    /// (this session's records with its own edits taken back).
    private func summary(theirs: [Record]) -> [String] {
        var before: [RecordKey: Record] = [:]
        for record in ours where baseline[record.key] == nil { before[record.key] = record }
        for case (let key, .present(let record)) in baseline { before[key] = record }
        var lines: [String] = []
        for their in theirs {
            if let old = before.removeValue(forKey: their.key) {
                if old != their { lines.append("changed \(title(their))") }
            } else if baseline[their.key] == nil {
                lines.append("added \(title(their))")
            }
        }
        for old in before.values { lines.append("deleted \(title(old))") }
        return lines
    }

    private func title(_ record: Record) -> String { Self.title(record, schema: schema) }

    private func show(_ value: FieldValue) -> String { Self.show(value) }

    /// How a merge message names a record: its title in quotes, or "(unnamed …)".
    static func title(_ record: Record, schema: RecordSchema) -> String {
        let name = record.values[schema.titleField].text ?? ""
        return name.isEmpty ? "(unnamed \(schema.noun))" : "'\(VisibleText.of(name))'"
    }

    /// How a merge message shows a value: text in quotes, a date in ISO 8601.
    static func show(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return "\"" + VisibleText.of(text) + "\""
        case .date(let seconds): return DateText.iso8601(seconds)
        }
    }
}
