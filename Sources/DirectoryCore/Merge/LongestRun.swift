/// The longest increasing runs that order merges by: the records outside one are the fewest
/// moves that explain an order (`OrderMerge`, `WorkingList.isReordered`, a database's moved rows).
extension OrderMerge {
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
