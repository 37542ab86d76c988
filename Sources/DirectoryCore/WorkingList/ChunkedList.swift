/// A list that grows and shrinks only at its end, kept in chunks of 64 KiB: an
/// append never copies what the list holds, and each page it fills is touched once.
///
/// A script of 100,000 `new` and `set` notes a change, an added key and an undo entry a line
/// (`ChangeNotes`, `AddedKeys`, `UndoHistory`). In arrays, each doubling copied the notes into pages touched for the first
/// time and left the old ones behind: 8 % of the script's time went to those copies and
/// page faults (`perf record`), for lists that are read only when the journal is written or a
/// key is looked up.
///
/// A value, as an array is: a copy shares the chunks until one of the two changes them.
struct ChunkedList<Element>: Sequence {
    /// The chunks before the last, `chunkSize` elements each.
    private var full: [[Element]] = []
    /// The last chunk, with room for `chunkSize` elements: empty only when the list is, so
    /// that an append, the last element and a change to it are an array's own.
    private var tail: [Element] = []

    /// Elements per chunk: 64 KiB of them, under glibc's threshold (128 KiB) for mapping an
    /// allocation apart.
    @inline(__always)
    static var chunkSize: Int { Swift.max(1, (64 << 10) / MemoryLayout<Element>.stride) }

    /// An empty list.
    init() {}

    /// Whether it holds no element.
    var isEmpty: Bool { tail.isEmpty }

    /// How many elements it holds.
    var count: Int { full.count * Self.chunkSize + tail.count }

    /// The last element, or `nil` when it is empty.
    var last: Element? { tail.last }

    /// Adds `element` at the end.
    @inline(__always)
    mutating func append(_ element: Element) {
        if tail.count == Self.chunkSize { startChunk() }
        tail.append(element)
    }

    /// Moves the full last chunk to `full` and starts another.
    private mutating func startChunk() {
        full.append(tail)
        tail = []
        tail.reserveCapacity(Self.chunkSize)
    }

    /// The element at `position`, which must be less than `count`.
    subscript(position: Int) -> Element {
        let chunk = position / Self.chunkSize
        let offset = position - chunk * Self.chunkSize
        return chunk == full.count ? tail[offset] : full[chunk][offset]
    }

    /// Removes the last element and returns it; `nil` when it is empty.
    mutating func popLast() -> Element? {
        let element = tail.popLast()
        if tail.isEmpty, let previous = full.popLast() { tail = previous }
        return element
    }

    /// Puts `element` in the last element's place; the list must not be empty.
    @inline(__always)
    mutating func replaceLast(with element: Element) {
        tail[tail.count - 1] = element
    }

    /// Removes every element.
    mutating func removeAll() {
        full = []
        tail = []
    }

    /// Calls `body` with each element from the one at `start` on, in order (none when
    /// `start` is `count` or more).
    func forEach(from start: Int, _ body: (Element) -> Void) {
        let start = Swift.max(start, 0)
        guard start < count else { return }
        var chunk = start / Self.chunkSize
        var offset = start - chunk * Self.chunkSize
        while chunk < full.count {
            for element in full[chunk][offset...] { body(element) }
            chunk += 1
            offset = 0
        }
        for element in tail[offset...] { body(element) }
    }

    /// The elements in order.
    func makeIterator() -> FlattenSequence<[[Element]]>.Iterator {
        (full + [tail]).joined().makeIterator()
    }
}

extension ChunkedList: Equatable where Element: Equatable {
    /// Whether the two hold the same elements in the same order.
    static func == (left: ChunkedList, right: ChunkedList) -> Bool {
        left.count == right.count && left.elementsEqual(right)
    }
}
