/// The three-way merge of a list's order: each side's moves are changes like field edits,
/// so a move on one side and edits or moves of other records on the other both survive.
/// Every merge in which a side moved or added records asks it: a save or `refresh` beside
/// another session's save (through `RecordMerge.mergedOrder`, files and databases), and
/// `merge PATH`. After it in this file: the merge report's lines about order, and the order
/// `recover` puts back; the longest increasing runs it finds moves by are in `LongestRun.swift`.
///
/// A side's *moves* are the records whose place it changed against the base: those of its
/// records the base has that are not in a longest common subsequence of the two orders (the
/// fewest moves that explain the side's order). Records a side added are placed by it too.
///
/// The merged order starts from theirs (the stored list as it is now). Each record ours moved
/// or added, and each ours kept that theirs lacks, is taken out and put right after its
/// nearest predecessor in our order (first when it has none), walking our order front to
/// back: a run of records placed here stays together, and a record placed by this session
/// stays where it was placed relative to its neighbours. A record both sides moved to
/// different places (another neighbour before it and after it) is a conflict, which keeps
/// theirs, or with `preferringOurs` ours. "Moved" there means out of some longest common
/// subsequence: swapping two neighbours moves either, so a swap there of the record moved
/// here is a conflict whichever of the two the subsequence happened to keep.
package struct OrderMerge {
    /// A record both sides moved, to different places.
    struct Conflict: Equatable {
        /// The record.
        let key: RecordKey
        /// The record before it in this session's order (`nil`: it is first).
        let oursAfter: RecordKey?
        /// The record before it in the other side's order (`nil`: it is first).
        let theirsAfter: RecordKey?
    }

    /// The merged order, and what the merge found.
    struct Merged: Equatable {
        /// Every key of `theirs` or `ours`, in the merged order.
        var order: [RecordKey]
        /// The records both sides moved to different places.
        var conflicts: [Conflict] = []
        /// The records the other side moved, in its order.
        var theirMoves: [RecordKey] = []
        /// How many records the other side moved whose moves were not taken, because `save!`
        /// kept this session's order whole (`keepingOursWhole`).
        var notTaken = 0
    }

    /// Merges the orders `ours` and `theirs`, both changed from `base`.
    ///
    /// `base == nil` says this side moved nothing (its records stand in the base's order),
    /// so only its additions (keys `theirs` lacks) are placed here, and nothing conflicts.
    ///
    /// Records both sides appended after the last record both hold stand theirs first (a save:
    /// the stored list's were saved before this session's), except those of ours in
    /// `appendedFirst` (a copy merge: what copies merged before this one by the same command
    /// added, so that copies merged oldest first add in that order).
    static func merge(
        base: [RecordKey]?, ours: [RecordKey], theirs: [RecordKey], preferringOurs: Bool,
        appendedFirst: Set<RecordKey> = []
    ) -> Merged {
        // The common case of a save beside another session's field edits: one order on both
        // sides, and nothing this side moved. One pass, no position tables.
        if base == nil, ours == theirs { return Merged(order: theirs) }
        let theirPosition = positions(of: theirs)
        var placed = Set<RecordKey>()
        var merged = Merged(order: [])
        guard let base else {
            // This side's order is the base's: the other's moves are its moves against it.
            let theirSide = Moves(of: theirs, base: positions(of: ours))
            merged.theirMoves = theirs.filter { theirSide.moved.contains($0) }
            for key in ours where theirPosition[key] == nil { placed.insert(key) }
            merged.order = place(placed, from: ours, into: theirs, appendedFirst: appendedFirst)
            return merged
        }
        let basePosition = positions(of: base)
        let ourSide = Moves(of: ours, base: basePosition)
        let theirSide = Moves(of: theirs, base: basePosition)
        merged.theirMoves = theirs.filter { theirSide.moved.contains($0) }
        let ourPosition = positions(of: ours)
        for key in ours where ourSide.moved.contains(key) || theirPosition[key] == nil {
            placed.insert(key)
        }
        // A record both moved: one moved it, and the other may have (a move of the record
        // next to it can explain the same order, so either side's choice is not the other's).
        var both = placed.filter { theirSide.mayHaveMoved.contains($0) && theirPosition[$0] != nil }
        for key in theirSide.moved where ourSide.mayHaveMoved.contains(key) && ourPosition[key] != nil {
            both.insert(key)
        }
        for key in ours where both.contains(key) {
            let oursAfter = neighbour(of: key, in: ours, at: ourPosition, step: -1)
            let theirsAfter = neighbour(of: key, in: theirs, at: theirPosition, step: -1)
            if oursAfter == theirsAfter
                || neighbour(of: key, in: ours, at: ourPosition, step: 1)
                    == neighbour(of: key, in: theirs, at: theirPosition, step: 1)
            {
                placed.remove(key)  // moved to the same place on both sides: theirs has it there
                continue
            }
            merged.conflicts.append(Conflict(key: key, oursAfter: oursAfter, theirsAfter: theirsAfter))
            if preferringOurs { placed.insert(key) } else { placed.remove(key) }
        }
        merged.order = place(placed, from: ours, into: theirs, appendedFirst: appendedFirst)
        return merged
    }

    /// `ours` whole, with the keys only `theirs` has put where `theirs` has them (each right
    /// after its nearest predecessor there): `save!`'s order when the two orders conflict.
    static func oursWinning(ours: [RecordKey], theirs: [RecordKey]) -> [RecordKey] {
        let ourKeys = Set(ours)
        return place(Set(theirs.filter { !ourKeys.contains($0) }), from: theirs, into: ours)
    }

    /// One side's order against the base.
    struct Moves {
        /// The side's keys, in its order.
        let order: [RecordKey]
        /// The fewest records whose moves explain the order: those out of one longest common
        /// subsequence with the base.
        var moved = Set<RecordKey>()
        /// The records out of at least one longest common subsequence: a move of any of them
        /// is one explanation of the order.
        var mayHaveMoved = Set<RecordKey>()

        init(of order: [RecordKey], base: RecordKeyMap<Int>) {
            self.order = order
            var keys: [RecordKey] = []
            var positions: [Int] = []
            for key in order {
                guard let position = base[key] else { continue }
                keys.append(key)
                positions.append(position)
            }
            let staying = OrderMerge.longestIncreasingRun(positions)
            guard staying.count < keys.count else { return }
            for offset in keys.indices where !staying.contains(offset) { moved.insert(keys[offset]) }
            for offset in OrderMerge.outOfSomeLongestRun(positions) { mayHaveMoved.insert(keys[offset]) }
        }
    }

    /// `theirs` with the keys of `placed` put where `ours` has them: each right after its
    /// nearest predecessor in `ours` that the result holds; those after the last record both
    /// hold (records appended there) last, those of `appendedFirst` before the records only
    /// `theirs` has at its end (its own appended ones).
    private static func place(
        _ placed: Set<RecordKey>, from ours: [RecordKey], into theirs: [RecordKey],
        appendedFirst: Set<RecordKey> = []
    ) -> [RecordKey] {
        guard !placed.isEmpty else { return theirs }
        // After whom each placed key goes (`nil`: first), in our order.
        var following: [RecordKey?: [RecordKey]] = [:]
        var anchor: RecordKey?
        var kept = Set<RecordKey>()
        kept.reserveCapacity(theirs.count)
        for key in theirs where !placed.contains(key) { kept.insert(key) }
        let lastShared = ours.lastIndex { kept.contains($0) } ?? -1
        var appended: [RecordKey] = []
        for (position, key) in ours.enumerated() {
            if placed.contains(key) {
                if position > lastShared { appended.append(key) } else { following[anchor, default: []].append(key) }
            } else if !kept.contains(key) {
                continue  // not in the result (only we had it, and did not place it)
            }
            anchor = key
        }
        var order: [RecordKey] = []
        order.reserveCapacity(theirs.count + placed.count)
        var waiting: [RecordKey] = []  // a stack: what to write next is last
        func append(_ keys: [RecordKey]) {
            waiting.append(contentsOf: keys.reversed())
            while let key = waiting.popLast() {
                order.append(key)
                if let next = following[key] { waiting.append(contentsOf: next.reversed()) }
            }
        }
        append(following[nil] ?? [])
        for key in theirs where kept.contains(key) { append([key]) }
        let first = appended.filter { appendedFirst.contains($0) }
        guard !first.isEmpty else { return order + appended }
        let ourKeys = Set(ours)
        let theirsAppended = order.reversed().prefix { !ourKeys.contains($0) }.count
        return Array(order.dropLast(theirsAppended)) + first + order.suffix(theirsAppended)
            + appended.filter { !appendedFirst.contains($0) }
    }

    /// The key next to `key` in `order` (`step` -1: before it; 1: after it), or `nil` at an end.
    private static func neighbour(
        of key: RecordKey, in order: [RecordKey], at positions: RecordKeyMap<Int>, step: Int
    ) -> RecordKey? {
        guard let position = positions[key], order.indices.contains(position + step) else { return nil }
        return order[position + step]
    }

    /// Each key's position in `order`.
    static func positions(of order: [RecordKey]) -> RecordKeyMap<Int> {
        var positions = RecordKeyMap<Int>(minimumCapacity: order.count)
        for (position, key) in order.enumerated() { positions[key] = position }
        return positions
    }
}

/// The merge report's lines about order, when `OrderMerge` found a move or a conflict.
extension RecordMerge {
    /// The merge report's lines about order: each conflict, each conflict settled this
    /// session's way, and the records the other side moved (one line when they are many).
    func orderLines(
        _ order: OrderMerge.Merged, theirs: [Record], rule: MergeRule
    ) -> (conflicts: [String], overruled: [String], moved: [String]) {
        var wanted = Set(order.conflicts.flatMap { [$0.key, $0.oursAfter, $0.theirsAfter].compactMap { $0 } })
        if order.theirMoves.count <= Self.movesNamed { wanted.formUnion(order.theirMoves) }
        var named: [RecordKey: Record] = [:]
        for record in theirs where wanted.contains(record.key) { named[record.key] = record }
        for record in ours where wanted.contains(record.key) { named[record.key] = record }
        var conflicts: [String] = []
        var overruled: [String] = []
        for conflict in order.conflicts {
            guard let record = named[conflict.key] else { continue }
            let oursAfter = conflict.oursAfter.flatMap { named[$0] }
            if preferringOurs {
                overruled.append(rule.moveOverruled(record, oursAfter: oursAfter))
            } else {
                conflicts.append(
                    rule.moveConflict(
                        record, oursAfter: oursAfter, theirsAfter: conflict.theirsAfter.flatMap { named[$0] }))
            }
        }
        let moved =
            order.theirMoves.count <= Self.movesNamed
            ? order.theirMoves.compactMap { named[$0].map(rule.moved) }
            : ["reordered the list (\(order.theirMoves.count) \(kind.pluralNoun) moved)"]
        return (conflicts, overruled, moved)
    }

    /// How many records the other side moved the merge report names one by one.
    static let movesNamed = 10
}

/// How the merge report words order: a move, a conflict of moves, `save!`'s order.
extension MergeRule {
    /// The conflict of a record both sides moved to different places: after `oursAfter` here
    /// (`nil`: first), after `theirsAfter` in the other version.
    func moveConflict(_ record: Record, oursAfter: Record?, theirsAfter: Record?) -> String {
        "\(title(record)): moved \(position(after: oursAfter)) here but \(position(after: theirsAfter)) in \(place)"
    }

    /// What the merge report says of a record both sides moved, kept where this session put it.
    func moveOverruled(_ record: Record, oursAfter: Record?) -> String {
        "\(title(record)): placed \(position(after: oursAfter)) as you moved it, though the other session moved it elsewhere"
    }

    /// What the merge report says when `save!` kept this session's order whole
    /// (`RecordMerge.mergedOrder`): how many of the other side's moves were not taken.
    func orderKept(notTaken: Int) -> String {
        "the list's order is this session's: the other session's moves of \(notTaken) "
            + "\(notTaken == 1 ? kind.noun : kind.pluralNoun) were not taken, as save! keeps your order"
    }

    /// "after 'Ann'", or "first".
    private func position(after record: Record?) -> String {
        record.map { "after \(title($0))" } ?? "first"
    }

    /// What the merge report says of a record the other side moved.
    func moved(_ record: Record) -> String { "moved \(title(record))" }
}

/// Putting back an order `recover` kept, around the records other sessions added since.
extension RecordMerge {
    /// `merged` in the order of `order` (the keys of a list): the records `order` names keep
    /// that order, and a record it does not name stays before the record it preceded in
    /// `merged` (or last, when nothing `order` names followed it).
    static func ordered(_ merged: [Record], byKeys order: [RecordKey]) -> [Record] {
        var ourPosition: [RecordKey: Int] = [:]
        ourPosition.reserveCapacity(order.count)
        for (position, key) in order.enumerated() { ourPosition[key] = position }
        var waiting: [Record] = []
        var preceding: [RecordKey: [Record]] = [:]
        var shared: [Record] = []
        for record in merged {
            if ourPosition[record.key] != nil {
                shared.append(record)
                if !waiting.isEmpty { preceding[record.key] = waiting }
                waiting = []
            } else {
                waiting.append(record)
            }
        }
        shared.sort { (ourPosition[$0.key] ?? 0) < (ourPosition[$1.key] ?? 0) }
        var result: [Record] = []
        result.reserveCapacity(merged.count)
        for record in shared {
            result += preceding[record.key] ?? []
            result.append(record)
        }
        return result + waiting
    }
}
