/// The record numbers `list N|RANGE…` names (`list 10-20`, `list 5`, `list 1,3 7-9`), for a
/// one-shot `list` (`JSONFindScan(numbers:kind:fallback:)`), which builds only these records
/// and must print what `list` prints after a full load (`WorkingList.resolve` of
/// `WorkingList.clampingRanges`): a range that starts within the list ends at its end, a
/// number or a range's start past the end is an error, and each record is listed once, in
/// list order.
package struct RecordNumbers: Sendable {
    /// The numbers, as `[first, last]` pairs, sorted and neither overlapping nor touching.
    private let ranges: [(first: Int, last: Int)]
    /// The largest number that must be in the list (a number, or a range's start).
    private let needed: Int

    /// The numbers `references` name; `nil` when one of them is a name or an id, which only
    /// the whole list can resolve.
    package init?(_ references: [RecordReference]) {
        var pairs: [(first: Int, last: Int)] = []
        var needed = 0
        for reference in references {
            switch reference {
            case .number(let number):
                pairs.append((number, number))
                needed = max(needed, number)
            case .range(let first, let last):
                pairs.append((first, last))
                needed = max(needed, first)
            case .name, .id:
                return nil
            }
        }
        guard !pairs.isEmpty else { return nil }
        pairs.sort { $0.first < $1.first }
        var merged: [(first: Int, last: Int)] = []
        for pair in pairs {
            // `first - 1` cannot overflow: numbers start at 1.
            if let previous = merged.last, pair.first - 1 <= previous.last {
                merged[merged.count - 1].last = max(previous.last, pair.last)
            } else {
                merged.append(pair)
            }
        }
        ranges = merged
        self.needed = needed
    }

    /// Whether `number` is one of the numbers.
    func contains(_ number: Int) -> Bool {
        // The last range whose first number is at most `number`, by halving.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].first <= number { low = middle + 1 } else { high = middle }
        }
        return low > 0 && number <= ranges[low - 1].last
    }

    /// Whether `list` lists these numbers in a list of `count` records rather than saying
    /// that one is past its end.
    func fit(count: Int) -> Bool { needed <= count }
}
