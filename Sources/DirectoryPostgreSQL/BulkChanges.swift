import DirectoryCore

/// A save of many changes in a few statements, as psql would write them: every change goes
/// to the server in one `COPY` into a temporary table, then one `DELETE … USING`, one
/// `UPDATE … FROM` and one `INSERT … SELECT` apply them. It keeps the per-row save's rules:
/// rows are stamped with the claimed version (so the triggers skip them), a row changed or
/// deleted by someone else since the known version makes it fail, and new rows get the
/// positions `RowPositions` would give them, in the same order.
struct BulkChanges {
    /// From how many changed, added and deleted records a save goes this way: below it, the
    /// per-row statements are as quick (creating the temporary table costs a few of them).
    static let threshold = 32

    let table: DirectoryTable
    let statements: TableStatements
    let connection: PostgreSQLConnection
    /// The version this transaction claimed.
    let revision: Int64

    /// Whether `changes` are many enough, with no record twice, for one statement per kind.
    static func suits(_ changes: ListChanges) -> Bool {
        let count = changes.added.count + changes.changed.count + changes.deleted.count
        guard count >= threshold else { return false }
        var ids = Set<RecordID>(minimumCapacity: count)
        for id in changes.changed.map(\.id) + changes.added.map(\.record.id) + changes.deleted {
            guard ids.insert(id).inserted else { return false }
        }
        return true
    }

    /// Whether this role may create the temporary table (`TEMPORARY` on the database).
    static func allowed(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> Bool {
        try connection.run("SELECT has_database_privilege(current_database(), 'TEMPORARY')")
            .value(row: 0, column: 0) == "t"
    }

    /// Writes the deletions, changes and additions (not the order); `false` when a row was
    /// changed or deleted by someone else, `nil` when a gap between rows is too narrow for
    /// the additions (the caller then adds them row by row, which spaces rows out).
    func write(_ changes: ListChanges) throws(PostgreSQLError) -> Bool? {
        let known = String(revision - 1)
        let anchors = try anchorPositions(for: changes)
        let ends = try connection.run(statements.ends)
        let positions = InsertedPositions.plan(
            changes.added, anchors: anchors, first: ends.value(row: 0, column: 0).flatMap(Double.init),
            last: ends.value(row: 0, column: 1).flatMap(Double.init))
        try connection.run(statements.createBulk)
        try connection.copyIn(statements.copyBulk) { send in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 17)
            func flush(_ force: Bool) {
                guard force || buffer.count >= 1 << 16 else { return }
                send(buffer.span)
                buffer.removeAll(keepingCapacity: true)
            }
            for id in changes.deleted {
                appendRow(change: "d", id: id, position: nil, record: nil, to: &buffer)
                flush(false)
            }
            for record in changes.changed {
                appendRow(change: "u", id: record.id, position: nil, record: record, to: &buffer)
                flush(false)
            }
            if let positions {
                for addition in changes.added {
                    let id = addition.record.id
                    appendRow(change: "i", id: id, position: positions[id], record: addition.record, to: &buffer)
                    flush(false)
                }
            }
            flush(true)
        }
        if !changes.deleted.isEmpty {
            let deleted = try connection.run(statements.deleteBulk, [known]).affectedRows
            // A row already gone was deleted by both: only a row changed since is a conflict.
            if deleted < changes.deleted.count, try connection.run(statements.bulkDeletionsLeft).rowCount > 0 {
                return false
            }
        }
        if !changes.changed.isEmpty {
            let updated = try connection.run(statements.updateBulk, [known, String(revision)]).affectedRows
            if updated != changes.changed.count { return false }
        }
        guard positions != nil else { return nil }
        if !changes.added.isEmpty { try connection.run(statements.insertBulk, [String(revision)]) }
        return true
    }

    /// The positions of the saved rows the additions follow, and of the rows after them; a row
    /// deleted in this save is left out, like one deleted meanwhile (its followers go last).
    private func anchorPositions(for changes: ListChanges) throws(PostgreSQLError)
        -> [RecordID: InsertedPositions.Anchor]
    {
        let deleted = Set(changes.deleted)
        let ids = InsertedPositions.anchors(of: changes.added).filter { !deleted.contains($0) }
        guard !ids.isEmpty else { return [:] }
        let array = "{" + ids.map(\.description).joined(separator: ",") + "}"
        let result = try connection.run(statements.anchors, [array])
        var anchors: [RecordID: InsertedPositions.Anchor] = [:]
        for row in 0..<result.rowCount {
            guard let id = result.value(row: row, column: 0).flatMap(RecordID.init),
                let position = result.value(row: row, column: 1).flatMap(Double.init)
            else { continue }
            anchors[id] = .init(position: position, next: result.value(row: row, column: 2).flatMap(Double.init))
        }
        return anchors
    }

    /// Appends a `COPY` row of the temporary table: change (`d`, `u`, `i`), id, position, the
    /// columns and extra (`NULL` for a deletion).
    private func appendRow(change: String, id: RecordID, position: Double?, record: Record?, to output: inout [UInt8]) {
        output.append(contentsOf: change.utf8)
        output.append(UInt8(ascii: "\t"))
        id.appendUTF8(to: &output)
        output.append(UInt8(ascii: "\t"))
        if let position { output.append(contentsOf: String(position).utf8) } else { CopyText.appendNull(to: &output) }
        for column in table.columns {
            output.append(UInt8(ascii: "\t"))
            if let record, let text = table.parameter(record.values[column.field], column: column) {
                CopyText.appendText(text, to: &output)
            } else {
                CopyText.appendNull(to: &output)
            }
        }
        output.append(UInt8(ascii: "\t"))
        if let record {
            var json: [UInt8] = []
            ExtrasJSON.encode(record.extras, to: &json)
            CopyText.appendEscaped(json, to: &output)
        } else {
            CopyText.appendNull(to: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }
}
