/// `editor`: the records as text, and the edited text applied as one change.
extension WorkingList {
    /// The text `editor` opens: every record, or those `references` name.
    public func editorDocument(for references: [RecordReference]) throws(SessionError) -> EditorDocument {
        let indices = references.isEmpty ? Array(records.indices) : try resolve(references)
        if !repeatedIDs.isEmpty {
            let repeated = Set(repeatedIDs)
            let shared = indices.filter { repeated.contains(records[$0].id) }
            guard shared.isEmpty else { throw .editorRepeatedIDs(shared.map { $0 + 1 }) }
        }
        let written = indices.map { records[$0] }
        return EditorDocument(
            ids: written.map(\.id), text: EditorText.write(written, kind: kind), references: references)
    }

    /// Compares the edited text with the document and makes the differences as one change:
    /// changed lines change their records, removed lines delete them, new lines add records,
    /// moved lines reorder. Text that cannot be used changes nothing.
    mutating func applyEditorText(_ submission: EditorSubmission, command: Command) throws(SessionError)
        -> CommandOutput
    {
        var indexOf: [RecordID: Int] = [:]
        indexOf.reserveCapacity(records.count)
        for index in records.indices { indexOf[records.id(at: index)] = index }
        var written: [Record] = []
        for id in submission.document.ids {
            guard let index = indexOf[id] else { throw .editorListChanged }
            written.append(records[index])
        }
        let plan: EditorPlan
        switch EditorPlan.make(
            written: written, text: submission.edited, kind: kind, now: environment.now(),
            utcOffset: environment.utcOffset)
        {
        case .success(let made): plan = made
        case .failure(let failure): throw .editorTextInvalid(failure.problems)
        }
        guard !plan.isUnchanged else { return .feedback("No changes: the text is as it was written.") }
        let before = records.indices.map(records.id(at:))
        var steps: [ListStep] = []
        var changedRecords = 0
        var newRecords: [Record] = []
        for line in plan.lines {
            switch line {
            case .existing(let id, let values):
                guard let index = indexOf[id] else { continue }
                let old = records[index].values
                let fields = values.indices.filter { values[$0] != old[$0] }
                if !fields.isEmpty { changedRecords += 1 }
                steps += fields.map { .setField(index: index, field: $0, value: values[$0]) }
            case .new(let values):
                newRecords.append(Record(id: environment.makeID(), values: values))
            }
        }
        let removed = plan.deleted.compactMap { indexOf[$0] }.sorted()
        if !removed.isEmpty { steps.append(.remove(removed)) }
        let remaining = records.count - removed.count
        for (offset, record) in newRecords.enumerated() { steps.append(.insert(record, at: remaining + offset)) }
        let target = plan.order(of: before, written: submission.document.ids, newIDs: newRecords.map(\.id))
        let deleted = Set(plan.deleted)
        var afterSteps: [RecordID: Int] = [:]
        afterSteps.reserveCapacity(records.count + newRecords.count)
        var position = 0
        for id in before where !deleted.contains(id) {
            afterSteps[id] = position
            position += 1
        }
        for record in newRecords {
            afterSteps[record.id] = position
            position += 1
        }
        let order = target.compactMap { afterSteps[$0] }
        if order != Array(order.indices) { steps.append(.reorder(order)) }
        change(steps, by: command)
        var parts: [String] = []
        if changedRecords > 0 { parts.append("changed \(count(changedRecords))") }
        if !newRecords.isEmpty { parts.append("added \(newRecords.count)") }
        if !removed.isEmpty { parts.append("deleted \(removed.count)") }
        if order != Array(order.indices) { parts.append("reordered") }
        return feedback(parts.joined(separator: ", ").capitalizedFirst + " in one change ('undo' takes it back).")
    }
}

extension String {
    /// The text with its first letter upper-case.
    fileprivate var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
