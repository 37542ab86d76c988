/// A set of row numbers below a fixed count, one bit per row: what a search of a
/// `CaseFoldedIndex` finds, tested once per record of a list.
struct RowSet: Sendable {
    private var words: [UInt64]

    /// An empty set of rows below `count`.
    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Adds `row`.
    @inline(__always)
    mutating func insert(_ row: Int) {
        words[row &>> 6] |= 1 &<< UInt64(row & 63)
    }

    /// Whether `row` is in the set.
    @inline(__always)
    func contains(_ row: Int) -> Bool {
        words[row &>> 6] & (1 &<< UInt64(row & 63)) != 0
    }

    /// The number of rows in the set.
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}
