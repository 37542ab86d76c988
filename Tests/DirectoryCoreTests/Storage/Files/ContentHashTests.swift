import Testing

@testable import DirectoryCore

/// `ContentHash`: the hash of list files (their versions) and of recovery journal entries.
@Suite("Content hash")
struct ContentHashTests {
    @Test("the content hash is the same in pieces of any size, across its 32-byte blocks")
    func piecesMatchWhole() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = ContentHash.of(bytes)
        for pieceSize in [1, 3, 7, 8, 9, 31, 32, 33, 64, 999] {
            var hash = ContentHash()
            var start = 0
            while start < bytes.count {
                let end = min(start + pieceSize, bytes.count)
                bytes.span.extracting(start..<end).withRawBytes { hash.add($0) }
                start = end
            }
            #expect(hash.value == whole, "pieces of \(pieceSize)")
        }
    }

    @Test("the content hash changes when any bit changes, with the length, and with trailing zeros")
    func sensitive() {
        let bytes = Array("[{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"name\":\"Zoë\"}]".utf8)
        let original = ContentHash.of(bytes)
        var seen: Set<UInt64> = [original]
        for index in bytes.indices {
            for bit in 0..<8 {
                var changed = bytes
                changed[index] ^= 1 << bit
                seen.insert(ContentHash.of(changed))
            }
        }
        #expect(seen.count == bytes.count * 8 + 1)
        #expect(ContentHash.of(bytes + [0]) != original)
        #expect(ContentHash.of([]) != ContentHash.of([0]))
        #expect(
            ContentHash.of([UInt8](repeating: 0, count: 32)) != ContentHash.of([UInt8](repeating: 0, count: 64)))
    }

    @Test("the content hash keeps its values, which recovery journals store")
    func valuesAreStable() {
        #expect(ContentHash.of([]) == Self.emptyHash)
        #expect(ContentHash.of(Array("directory".utf8)) == Self.wordHash)
    }

    /// The values of format 2 of recovery journals: a change of the hash needs a new format.
    static let emptyHash: UInt64 = 4_090_420_385_083_453_793
    static let wordHash: UInt64 = 8_543_290_231_493_608_604
}
