/// The three-way merge of a list's order: each side's moves are changes like field edits,
/// so a move on one side and edits or moves of other records on the other both survive.
/// Every merge of order asks it: a save or `refresh` beside another session's save (files
/// and databases), and `merge PATH`.
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

    /// The order of a save or `refresh` beside another session's save, on every store: a
    /// database's delta never merges order (`DeltaMerge` leaves any move to the whole list),
    /// so every such merge of order comes here, through `RecordMerge`.
    ///
    /// As `merge`, except that `save!` (`preferringOurs`) after orders that conflict keeps
    /// this session's order whole (`oursWinning`): the other side's moves kept around this
    /// side's would make an order neither side made (two sorts). (`merge PATH` settles its
    /// conflicts one by one instead.)
    static func mergeKeepingOursWhole(
        base: [RecordKey]?, ours: [RecordKey], theirs: [RecordKey], preferringOurs: Bool
    ) -> Merged {
        var merged = merge(base: base, ours: ours, theirs: theirs, preferringOurs: preferringOurs)
        guard preferringOurs, !merged.conflicts.isEmpty else { return merged }
        merged.order = oursWinning(ours: ours, theirs: theirs)
        merged.notTaken = merged.theirMoves.count
        merged.theirMoves = []
        return merged
    }

    /// Merges the orders `ours` and `theirs`, both changed from `base`.
    ///
    /// `base == nil` says this side moved nothing (its records stand in the base's order),
    /// so only its additions (keys `theirs` lacks) are placed here, and nothing conflicts.
    static func merge(
        base: [RecordKey]?, ours: [RecordKey], theirs: [RecordKey], preferringOurs: Bool
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
            merged.order = place(placed, from: ours, into: theirs)
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
        merged.order = place(placed, from: ours, into: theirs)
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

        init(of order: [RecordKey], base: [RecordKey: Int]) {
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
    /// hold (records appended there) last.
    private static func place(
        _ placed: Set<RecordKey>, from ours: [RecordKey], into theirs: [RecordKey]
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
        return order + appended
    }

    /// The key next to `key` in `order` (`step` -1: before it; 1: after it), or `nil` at an end.
    private static func neighbour(
        of key: RecordKey, in order: [RecordKey], at positions: [RecordKey: Int], step: Int
    ) -> RecordKey? {
        guard let position = positions[key], order.indices.contains(position + step) else { return nil }
        return order[position + step]
    }

    /// Each key's position in `order`.
    static func positions(of order: [RecordKey]) -> [RecordKey: Int] {
        var positions: [RecordKey: Int] = [:]
        positions.reserveCapacity(order.count)
        for (position, key) in order.enumerated() { positions[key] = position }
        return positions
    }

    /// The offsets of a longest increasing subsequence of `values` (patience sorting).
    package static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // offsets of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (offset, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[offset] = tails[low - 1] }
            if low == tails.count { tails.append(offset) } else { tails[low] = offset }
        }
        var result = Set<Int>()
        var offset = tails.last ?? -1
        while offset >= 0 {
            result.insert(offset)
            offset = previous[offset]
        }
        return result
    }

    /// The offsets of a longest increasing subsequence of `values` (distinct, not negative)
    /// that holds as many offsets `preferred` names as any: where several runs are longest,
    /// the one that keeps those. O(n log n), by a Fenwick tree over the values.
    static func longestIncreasingRun(_ values: [Int], preferring preferred: (Int) -> Bool) -> Set<Int> {
        guard let top = values.max() else { return [] }
        typealias Run = (length: Int, preferred: Int, last: Int)
        func better(_ one: Run, _ other: Run) -> Bool {
            one.length != other.length ? one.length > other.length : one.preferred > other.preferred
        }
        // tree[i]: the best run ending at a value in the range Fenwick index i covers.
        var tree = [Run](repeating: (0, 0, -1), count: top + 2)
        var previous = [Int](repeating: -1, count: values.count)
        var best: Run = (0, 0, -1)
        for (offset, value) in values.enumerated() {
            var below: Run = (0, 0, -1)
            var index = value
            while index > 0 {
                if better(tree[index], below) { below = tree[index] }
                index -= index & -index
            }
            let run: Run = (below.length + 1, below.preferred + (preferred(offset) ? 1 : 0), offset)
            previous[offset] = below.last
            if better(run, best) { best = run }
            index = value + 1
            while index < tree.count {
                if better(run, tree[index]) { tree[index] = run }
                index += index & -index
            }
        }
        var result = Set<Int>()
        var offset = best.last
        while offset >= 0 {
            result.insert(offset)
            offset = previous[offset]
        }
        return result
    }

    /// The offsets of `values` that some longest increasing subsequence leaves out: all but
    /// those every one of them holds (each the only one of its length on a longest run).
    static func outOfSomeLongestRun(_ values: [Int]) -> [Int] {
        let ending = runLengths(values)  // the longest run ending at each offset
        let starting = Array(runLengths(values.reversed().map { -$0 }).reversed())  // starting at each
        let longest = ending.max() ?? 0
        var onALongest = [Int: Int]()  // how many offsets on a longest run have each length there
        for offset in values.indices where ending[offset] + starting[offset] - 1 == longest {
            onALongest[ending[offset], default: 0] += 1
        }
        return values.indices.filter {
            ending[$0] + starting[$0] - 1 != longest || onALongest[ending[$0]] != 1
        }
    }

    /// The length of the longest increasing run of `values` that ends at each offset.
    private static func runLengths(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // the smallest last value of a run of each length
        var lengths = [Int](repeating: 0, count: values.count)
        for (offset, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
            lengths[offset] = low + 1
        }
        return lengths
    }
}
