import Testing

@testable import DirectoryCore

@Suite("File hash")
struct FileHashTests {
    @Test("the same in pieces of any size as in one piece, across its 32-byte blocks")
    func piecesMatchWhole() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = FileHash.of(bytes)
        for pieceSize in [1, 3, 7, 8, 31, 32, 33, 64, 999] {
            var hash = FileHash()
            var start = 0
            while start < bytes.count {
                let end = min(start + pieceSize, bytes.count)
                bytes[start..<end].withUnsafeBytes { hash.add($0) }
                start = end
            }
            #expect(hash.value == whole, "pieces of \(pieceSize)")
        }
    }

    @Test("changes when any bit changes, with the length, and with trailing zeros")
    func sensitive() {
        let bytes = Array("[{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"name\":\"Zoë\"}]".utf8)
        let original = FileHash.of(bytes)
        var seen: Set<UInt64> = [original]
        for index in bytes.indices {
            for bit in 0..<8 {
                var changed = bytes
                changed[index] ^= 1 << bit
                seen.insert(FileHash.of(changed))
            }
        }
        #expect(seen.count == bytes.count * 8 + 1)
        #expect(FileHash.of(bytes + [0]) != original)
        #expect(FileHash.of([]) != FileHash.of([0]))
        #expect(FileHash.of([UInt8](repeating: 0, count: 32)) != FileHash.of([UInt8](repeating: 0, count: 64)))
    }
}
