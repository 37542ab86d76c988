/// What the text from `editor` asks for, compared with the records that were written:
/// the lines in their new order (each an existing record with its values, or a new
/// record) and the records whose lines were removed.
public struct EditorPlan: Equatable, Sendable {
    /// One record line of the edited text.
    public enum Line: Equatable, Sendable {
        /// A line with the id of a written record, and its values now.
        case existing(RecordID, [FieldValue])
        /// A line without an id: a record to add.
        case new([FieldValue])
    }

    /// The record lines, in the order of the text.
    public var lines: [Line]
    /// The written records whose lines are gone, in the order they were written.
    public var deleted: [RecordID]
    /// Whether the text asks for nothing: same records, same values, same order.
    public var isUnchanged: Bool

    /// Compares `text` with `written`, the records it was made from (by `EditorText.write`).
    ///
    /// A cell left as it was written keeps the record's exact value (a date keeps its
    /// fractions of a second); a changed cell is read: text unescaped, a date parsed
    /// with `now` and `utcOffset` (empty or `none` for no date). Every line that cannot
    /// be used is reported, with its number.
    public static func make(
        written: [Record], text: String, kind: ListKind, now: Double, utcOffset: @escaping (Double) -> Int
    ) -> Result<EditorPlan, EditorTextProblems> {
        var byID: [RecordID: Record] = [:]
        byID.reserveCapacity(written.count)
        for record in written { byID[record.id] = record }
        let reader = EditorLineReader(kind: kind, now: now, utcOffset: utcOffset)
        let header = EditorText.header(for: kind)
        var lines: [Line] = []
        var problems: [EditorTextProblem] = []
        var seen: [RecordID: Int] = [:]
        seen.reserveCapacity(written.count)
        var sawRecordOrHeader = false
        // Split on scalars: as characters, "\r\n" is one, and a tab before a combining mark too.
        for (offset, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = Substring(raw.last == "\r" ? raw.dropLast() : raw)
            if line.isEmpty { continue }
            if !sawRecordOrHeader {
                sawRecordOrHeader = true
                if line == header { continue }
                if line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init)
                    == "id"
                {
                    problems.append(.init(line: number, reason: .changedHeader(expected: header)))
                    continue
                }
            }
            switch reader.read(line, written: byID) {
            case .success(let parsed):
                if case .existing(let id, _) = parsed {
                    if let first = seen[id] {
                        problems.append(.init(line: number, reason: .repeatedID(id.description, firstLine: first)))
                        continue
                    }
                    seen[id] = number
                }
                lines.append(parsed)
            case .failure(let reason):
                problems.append(EditorTextProblem(line: number, reason: reason))
            }
        }
        guard problems.isEmpty else { return .failure(EditorTextProblems(problems: problems)) }
        let deleted = written.map(\.id).filter { seen[$0] == nil }
        let unchanged =
            deleted.isEmpty && lines.count == written.count
            && zip(lines, written).allSatisfy { $0 == .existing($1.id, $1.values) }
        return .success(EditorPlan(lines: lines, deleted: deleted, isUnchanged: unchanged))
    }

    /// The ids of the whole list after the plan, given `list` (the ids in list order now),
    /// `written` (the edited records' ids, in list order) and the ids given to the new lines.
    ///
    /// Records that were not edited keep their places. The kept lines fill the places of
    /// the edited records in the text's order; a new line goes after the line above it
    /// (or first, at the top); places left over by deleted lines close up.
    public func order(of list: [RecordID], written: [RecordID], newIDs: [RecordID]) -> [RecordID] {
        var groups: [[RecordID]] = [[]]  // groups[0]: new lines above every kept line
        var newIndex = 0
        for line in lines {
            switch line {
            case .existing(let id, _): groups.append([id])
            case .new:
                groups[groups.count - 1].append(newIDs[newIndex])
                newIndex += 1
            }
        }
        let kept = groups.count - 1
        var slots: [RecordID: Int] = [:]
        for (slot, id) in written.enumerated() { slots[id] = slot }
        var result: [RecordID] = []
        result.reserveCapacity(list.count + newIDs.count)
        for id in list {
            guard let slot = slots[id] else {
                result.append(id)
                continue
            }
            if slot == 0 { result += groups[0] }
            if slot < kept { result += groups[slot + 1] }
        }
        if written.isEmpty { result += groups.joined() }
        return result
    }
}
