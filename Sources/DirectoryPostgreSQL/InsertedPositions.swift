import DirectoryCore

/// The positions of many rows inserted at once, in the order the per-row save
/// (`RowPositions`) would give them: a row added after a saved row goes right after it
/// (before rows added there earlier in the same save), one added after another new row
/// goes right after that one, one added first goes before everything, and one whose row
/// is gone goes last. Rows that share a gap split it evenly. Pure: the saved rows'
/// positions are asked for first (`anchors`), and the answer is plain numbers.
struct InsertedPositions {
    /// A saved row new rows follow: its position and the next saved row's (`nil`: it is last).
    struct Anchor {
        var position: Double
        var next: Double?
    }

    /// The saved rows the additions follow (ids that are not themselves added), each once,
    /// in the order first met: the rows whose positions `plan` needs.
    static func anchors(of additions: [ListChanges.Addition]) -> [RecordID] {
        let added = Set(additions.map(\.record.id))
        var seen = Set<RecordID>()
        var anchors: [RecordID] = []
        for addition in additions {
            guard let after = addition.after, !added.contains(after), seen.insert(after).inserted else { continue }
            anchors.append(after)
        }
        return anchors
    }

    /// Each added id's position; `nil` when some gap is too narrow to split (the per-row save
    /// then spaces the rows out). `anchors` holds the saved rows that are still there; `first`
    /// and `last` are the list's first and last positions (`nil` when it is empty).
    static func plan(
        _ additions: [ListChanges.Addition], anchors: [RecordID: Anchor], first: Double?, last: Double?
    ) -> [RecordID: Double]? {
        let added = Set(additions.map(\.record.id))
        // Each gap's new rows as a chain: its head, and the row after each new row.
        var heads: [Gap: RecordID] = [:]
        var next: [RecordID: RecordID] = [:]
        var gapOf: [RecordID: Gap] = [:]
        var endTail: RecordID?
        for addition in additions {
            let id = addition.record.id
            let gap: Gap
            if let after = addition.after, added.contains(after), let owner = gapOf[after] {
                gap = owner
                next[id] = next[after]
                next[after] = id
                if gap == .end, endTail == after { endTail = id }
            } else {
                if let after = addition.after, anchors[after] != nil {
                    gap = .after(after)
                } else if addition.after == nil {
                    gap = .first
                } else {
                    gap = .end
                }
                if gap == .end {
                    if let tail = endTail { next[tail] = id } else { heads[.end] = id }
                    endTail = id
                } else {
                    next[id] = heads[gap]
                    heads[gap] = id
                }
            }
            gapOf[id] = gap
        }
        var positions: [RecordID: Double] = [:]
        var highest = last
        for (gap, head) in heads where gap != .end {
            let chain = Self.chain(from: head, next: next)
            let low: Double
            let high: Double?
            switch gap {
            case .after(let id):
                guard let anchor = anchors[id] else { return nil }
                (low, high) = (anchor.position, anchor.next)
            case .first:
                let start = first ?? 1
                (low, high) = (start - Double(chain.count + 1), start)
            case .end:
                continue
            }
            guard let placed = Self.spread(chain, above: low, below: high) else { return nil }
            positions.merge(placed) { old, _ in old }
            if high == nil, let top = placed[chain[chain.count - 1]] { highest = max(highest ?? top, top) }
        }
        if let head = heads[.end] {
            let chain = Self.chain(from: head, next: next)
            guard let placed = Self.spread(chain, above: highest ?? 0, below: nil) else { return nil }
            positions.merge(placed) { old, _ in old }
        }
        return positions
    }

    /// Where a chain of new rows goes.
    private enum Gap: Hashable {
        case first
        case after(RecordID)
        case end
    }

    /// The chain's ids in order.
    private static func chain(from head: RecordID, next: [RecordID: RecordID]) -> [RecordID] {
        var chain = [head]
        var current = head
        while let following = next[current] {
            chain.append(following)
            current = following
        }
        return chain
    }

    /// `chain`'s positions strictly between `low` and `high` (1 apart after `low` when there is
    /// no `high`); `nil` when the gap is too narrow.
    private static func spread(_ chain: [RecordID], above low: Double, below high: Double?) -> [RecordID: Double]? {
        let step = high.map { ($0 - low) / Double(chain.count + 1) } ?? 1
        if let high, step <= max(1, abs(low), abs(high)) * 1e-9 { return nil }
        var positions: [RecordID: Double] = [:]
        var previous = low
        for (offset, id) in chain.enumerated() {
            let position = low + step * Double(offset + 1)
            guard position > previous, high.map({ position < $0 }) ?? true else { return nil }
            positions[id] = position
            previous = position
        }
        return positions
    }
}
