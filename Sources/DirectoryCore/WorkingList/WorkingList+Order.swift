import Foundation

/// `move` and `sort`, and noticing that the order differs from the file's.
extension WorkingList {
    /// `move N to M`: record N (or the one `#ID` names) becomes record M.
    mutating func move(_ reference: RecordReference, to: Int, command: Command) throws(SessionError) -> CommandOutput {
        let from = try resolve([reference])[0] + 1
        for number in [from, to] where number > records.count {
            throw .noSuchRecord(number, count: records.count)
        }
        guard from != to else { return feedback("\(kind.noun.capitalized) \(from) is already there.") }
        change(.move(from: from - 1, to: to - 1), by: command)
        let name = FieldText(kind: kind, utcOffset: environment.utcOffset).title(of: records[to - 1])
        return feedback("Moved \(name) from \(from) to \(to).")
    }

    /// `sort FIELD [desc]`: the list in the order of a field, ignoring case and accents;
    /// records with equal values keep their order.
    mutating func sort(by name: String, descending: Bool, command: Command) throws(SessionError) -> CommandOutput {
        let field = try fieldIndex(named: name)
        guard
            let order = RecordOrder(
                field: field, kind: kind, descending: descending,
                locale: Locale(identifier: environment.collationLocale)
            ).sorted(records, interruption: environment.interruption)
        else { throw .interrupted(command: CommandDescription.text(of: command)) }
        let fieldName = kind.fields[field].name
        guard order != Array(records.indices) else {
            return feedback("Already in order of \(fieldName); nothing moved.")
        }
        change(.reorder(order), by: command)
        return feedback("Sorted \(count(records.count)) by \(fieldName)\(descending ? ", descending" : "").")
    }

    /// The records in the file that are out of the file's order, each with its number now
    /// and its number in the file: the fewest records whose moves explain the new order.
    func movedRecords() -> [(number: Int, savedNumber: Int)] {
        guard let savedPosition = savedPositions() else { return [] }
        var indices: [Int] = []
        var positions: [Int] = []
        for index in records.indices {
            if let position = savedPosition[records.key(at: index)] {
                indices.append(index)
                positions.append(position)
            }
        }
        // Of the orders that explain it with the fewest moves, the one that keeps in place the
        // records whose number did not change.
        let staying = OrderMerge.longestIncreasingRun(positions) { indices[$0] == positions[$0] }
        return positions.indices.filter { !staying.contains($0) }.map { (indices[$0] + 1, positions[$0] + 1) }
    }

    /// Whether records in the file are in another order than the file's.
    var isReordered: Bool {
        guard let savedPosition = savedPositions() else { return false }
        return Self.outOfOrder(records, positions: savedPosition)
    }

    /// Whether the records that `positions` names stand in `records` in another order
    /// than their positions; records it does not name are passed over.
    static func outOfOrder(_ records: RecordList, positions: RecordKeyMap<Int>) -> Bool {
        var last = -1
        for index in records.indices {
            guard let position = positions[records.key(at: index)] else { continue }
            if position < last { return true }
            last = position
        }
        return false
    }

    /// Each record's position in the file's order, when the list was reordered since the last load or save.
    private func savedPositions() -> RecordKeyMap<Int>? {
        tracker.savedOrder.map(OrderMerge.positions(of:))
    }
}
