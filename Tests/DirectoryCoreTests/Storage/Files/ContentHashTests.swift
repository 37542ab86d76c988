import Testing

@testable import DirectoryCore

/// What both hashes of contents are tested for: fed in pieces, one value at the end.
protocol PieceHash {
    init()
    mutating func add(_ bytes: UnsafeRawBufferPointer)
    var value: UInt64 { get }
    static func of(_ bytes: [UInt8]) -> UInt64
}

extension ContentHash: PieceHash {}
extension FileHash: PieceHash {}

/// `ContentHash` (recovery journals' checksums) and `FileHash` (file fingerprints).
@Suite("Content hashes")
struct ContentHashTests {
    @Test("the content hash is the same in pieces of any size as in one piece")
    func contentPiecesMatchWhole() { Self.piecesMatchWhole(ContentHash.self) }

    @Test("the file hash is the same in pieces of any size, across its 32-byte blocks")
    func filePiecesMatchWhole() { Self.piecesMatchWhole(FileHash.self) }

    @Test("the content hash changes when any bit changes, and with the length")
    func contentSensitive() { Self.sensitive(ContentHash.self) }

    @Test("the file hash changes when any bit changes, with the length, and with trailing zeros")
    func fileSensitive() {
        Self.sensitive(FileHash.self)
        #expect(FileHash.of([UInt8](repeating: 0, count: 32)) != FileHash.of([UInt8](repeating: 0, count: 64)))
    }

    static func piecesMatchWhole<Hash: PieceHash>(_: Hash.Type) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = Hash.of(bytes)
        for pieceSize in [1, 3, 7, 8, 9, 31, 32, 33, 64, 999] {
            var hash = Hash()
            var start = 0
            while start < bytes.count {
                let end = min(start + pieceSize, bytes.count)
                bytes[start..<end].withUnsafeBytes { hash.add($0) }
                start = end
            }
            #expect(hash.value == whole, "pieces of \(pieceSize)")
        }
    }

    static func sensitive<Hash: PieceHash>(_: Hash.Type) {
        let bytes = Array("[{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"name\":\"Zoë\"}]".utf8)
        let original = Hash.of(bytes)
        var seen: Set<UInt64> = [original]
        for index in bytes.indices {
            for bit in 0..<8 {
                var changed = bytes
                changed[index] ^= 1 << bit
                seen.insert(Hash.of(changed))
            }
        }
        #expect(seen.count == bytes.count * 8 + 1)
        #expect(Hash.of(bytes + [0]) != original)
        #expect(Hash.of([]) != Hash.of([0]))
    }
}
