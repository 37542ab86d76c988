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
    /// The elements, `chunkSize` to a chunk but the last, which holds at least one and has
    /// room for `chunkSize`; no chunk when the list is empty.
    private var chunks: [[Element]] = []

    /// Elements per chunk: 64 KiB of them, under glibc's threshold (128 KiB) for mapping an
    /// allocation apart.
    @inline(__always)
    static var chunkSize: Int { Swift.max(1, (64 << 10) / MemoryLayout<Element>.stride) }

    /// An empty list.
    init() {}

    /// Whether it holds no element.
    var isEmpty: Bool { chunks.isEmpty }

    /// How many elements it holds.
    var count: Int {
        let last = chunks.count - 1
        return last < 0 ? 0 : last * Self.chunkSize + chunks[last].count
    }

    /// The last element, or `nil` when it is empty.
    var last: Element? {
        let last = chunks.count - 1
        return last < 0 ? nil : chunks[last][chunks[last].count - 1]
    }

    /// Adds `element` at the end.
    @inline(__always)
    mutating func append(_ element: Element) {
        let last = chunks.count - 1
        if last >= 0, chunks[last].count < Self.chunkSize {
            chunks[last].append(element)
        } else {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(element)
            chunks.append(chunk)
        }
    }

    /// The element at `position`, which must be less than `count`.
    subscript(position: Int) -> Element {
        let chunk = position / Self.chunkSize
        return chunks[chunk][position - chunk * Self.chunkSize]
    }

    /// Removes the last element and returns it; `nil` when it is empty.
    mutating func popLast() -> Element? {
        let last = chunks.count - 1
        guard last >= 0 else { return nil }
        let element = chunks[last].removeLast()
        if chunks[last].isEmpty { chunks.removeLast() }
        return element
    }

    /// Puts `element` in the last element's place; the list must not be empty.
    mutating func replaceLast(with element: Element) {
        let last = chunks.count - 1
        chunks[last][chunks[last].count - 1] = element
    }

    /// Removes every element.
    mutating func removeAll() {
        chunks = []
    }

    /// Calls `body` with each element from the one at `start` on, in order (none when
    /// `start` is `count` or more).
    func forEach(from start: Int, _ body: (Element) -> Void) {
        let start = Swift.max(start, 0)
        guard start < count else { return }
        var chunk = start / Self.chunkSize
        var offset = start - chunk * Self.chunkSize
        while chunk < chunks.count {
            for element in chunks[chunk][offset...] { body(element) }
            chunk += 1
            offset = 0
        }
    }

    /// The elements in order.
    func makeIterator() -> FlattenSequence<[[Element]]>.Iterator {
        chunks.joined().makeIterator()
    }
}

extension ChunkedList: Equatable where Element: Equatable {
    /// Whether the two hold the same elements in the same order.
    static func == (left: ChunkedList, right: ChunkedList) -> Bool {
        left.count == right.count && left.elementsEqual(right)
    }
}
