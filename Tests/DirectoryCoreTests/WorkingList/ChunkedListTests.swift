import Testing

@testable import DirectoryCore

/// `ChunkedList`, the append-only list kept in chunks: checked against `Array` through
/// appends, replacements and removals that cross the chunks' edges, and through copies.
@Suite("Working list: the chunked list of notes and undo entries")
struct ChunkedListTests {
    /// An element of 512 bytes, so that a chunk holds 128 and a test crosses many edges.
    typealias Wide = SIMD64<UInt64>

    /// The element standing for `number`.
    static func wide(_ number: Int) -> Wide {
        Wide(repeating: UInt64(number))
    }

    @Test("append, popLast, replaceLast, the subscript and forEach(from:) answer as an array does")
    func matchesArray() {
        #expect(ChunkedList<Wide>.chunkSize == 128)
        var generator = SeededGenerator(state: 29)
        var list = ChunkedList<Wide>()
        var reference: [Wide] = []
        for step in 0..<6_000 {
            switch generator.next() % 10 {
            case 0, 1:
                #expect(list.popLast() == reference.popLast())
            case 2 where !reference.isEmpty:
                list.replaceLast(with: Self.wide(step + 100_000))
                reference[reference.count - 1] = Self.wide(step + 100_000)
            default:
                list.append(Self.wide(step))
                reference.append(Self.wide(step))
            }
            #expect(list.count == reference.count)
            #expect(list.isEmpty == reference.isEmpty)
            #expect(list.last == reference.last)
            if step % 97 == 0 {
                #expect(Array(list) == reference)
                #expect(reference.indices.allSatisfy { list[$0] == reference[$0] })
                let start = reference.isEmpty ? 0 : Int(generator.next() % UInt64(reference.count + 2))
                var seen: [Wide] = []
                list.forEach(from: start) { seen.append($0) }
                #expect(seen == Array(reference.dropFirst(start)))
            }
        }
        list.removeAll()
        #expect(list.isEmpty && list.count == 0 && list.last == nil && Array(list).isEmpty)
    }

    @Test("a copy keeps what it was made with while the other is changed, at a chunk's edge too")
    func copiesAreValues() {
        var list = ChunkedList<Wide>()
        for number in 0..<128 { list.append(Self.wide(number)) }
        let copy = list
        list.append(Self.wide(128))
        list.replaceLast(with: Self.wide(500))
        _ = list.popLast()
        _ = list.popLast()
        #expect(copy.count == 128)
        #expect(Array(copy) == (0..<128).map(Self.wide))
        #expect(list.count == 127)
        #expect(list != copy)
        list.append(Self.wide(127))
        #expect(list == copy)
    }
}
