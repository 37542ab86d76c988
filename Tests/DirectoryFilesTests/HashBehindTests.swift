import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A hash made on a second thread behind a read or a copy (`HashBehind`) is the hash one
/// thread makes of the same bytes, and the bytes read or copied are the file's.
@Suite("HashBehind")
struct HashBehindTests {
    /// `count` seeded random bytes.
    static func randomBytes(_ count: Int, generator: inout SeededGenerator) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var index = 0
        while index < count {
            var word = generator.next()
            for _ in 0..<8 where index < count {
                bytes[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        return bytes
    }

    @Test(
        "a file read to its end with the hash behind the read holds its bytes and their whole hash",
        arguments: [1, 7, 32, 4096, 65_537])
    func readHashedBehind(piece: Int) throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 34 + UInt64(piece))
        for size in [1, 31, 32, 33, 1_000, 100_003, 300_000] {
            let bytes = Self.randomBytes(size, generator: &generator)
            let path = folder + "/list-\(size).plist"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            for first in [1, 100, 4_096] {
                guard var window = try ReadWindow(path: path, capacity: first) else {
                    Issue.record("no file at \(path)")
                    return
                }
                window.readToEnd(hashedBehindFrom: 0, piece: piece)
                let atEnd = window.atEnd
                let failed = window.failure != nil
                let readSize = window.readSize
                let hash = window.contentHash
                let read = window.withBytes { raw in unsafe raw.withUnsafeBytes { unsafe [UInt8]($0) } }
                #expect(atEnd && !failed)
                #expect(readSize == size)
                #expect(hash == ContentHash.of(bytes))
                #expect(read == bytes)
            }
        }
    }

    @Test("a large read to its end is hashed behind and gives the version one thread gives")
    func largeReadGivesTheSameVersion() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 341)
        let bytes = Self.randomBytes(HashBehind.minimumBytes + 4_097, generator: &generator)
        let path = folder + "/large.plist"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        guard var behind = try ReadWindow(path: path, capacity: 1 << 20) else {
            Issue.record("no file at \(path)")
            return
        }
        behind.readToEnd(hashedBehindFrom: 0, piece: HashBehind.pieceBytes)
        guard var alone = try ReadWindow(path: path, capacity: 1 << 20) else {
            Issue.record("no file at \(path)")
            return
        }
        alone.readToEnd(hashedBehindFrom: .max, piece: HashBehind.pieceBytes)
        let hashes = (behind: behind.contentHash, alone: alone.contentHash)
        let sizes = (behind: behind.readSize, alone: alone.readSize)
        let offsets = (behind: behind.checkpoints.map(\.offset), alone: alone.checkpoints.map(\.offset))
        let states = (behind: behind.checkpoints.map(\.state.value), alone: alone.checkpoints.map(\.state.value))
        #expect(hashes.behind == hashes.alone)
        #expect(hashes.behind == ContentHash.of(bytes))
        #expect(sizes.behind == bytes.count && sizes.alone == bytes.count)
        #expect(offsets.behind == offsets.alone)
        #expect(states.behind == states.alone)
    }

    @Test("bytes a save copies with the hash behind the copy are the source's, hashed after what came before")
    func copyHashedBehind() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 342)
        let source = Self.randomBytes(3 << 20, generator: &generator)
        let sourcePath = folder + "/old.plist"
        try Data(source).write(to: URL(fileURLWithPath: sourcePath))
        let input = unsafe open(sourcePath, O_RDONLY | O_CLOEXEC)
        try #require(input >= 0)
        defer { close(input) }
        for (offset, length) in [(0, 1), (5, 1 << 20), (1_000, (2 << 20) + 3), (17, source.count - 17)] {
            let path = folder + "/new-\(offset).plist"
            let descriptor = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            try #require(descriptor >= 0)
            var output = AtomicFile.Output(descriptor: descriptor)
            let before = Self.randomBytes(45, generator: &generator)
            let after = Self.randomBytes(10, generator: &generator)
            before.span.withRawBytes { output.write($0) }
            let copied = output.appendHashedBehind(from: input, offset: offset, length: length)
            #expect(copied)
            after.span.withRawBytes { output.write($0) }
            let finished = output.finish()
            close(descriptor)
            let expected = before + source[offset..<(offset + length)] + after
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
            #expect(finished.failure == 0)
            #expect(finished.size == expected.count)
            #expect(finished.hash == ContentHash.of(expected))
        }
    }

    @Test("a copy with the hash behind it that runs past the source's end fails")
    func copyPastTheEndFails() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sourcePath = folder + "/old.plist"
        try Data(repeating: 7, count: 5_000).write(to: URL(fileURLWithPath: sourcePath))
        let input = unsafe open(sourcePath, O_RDONLY | O_CLOEXEC)
        try #require(input >= 0)
        defer { close(input) }
        let descriptor = unsafe open(folder + "/new.plist", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var output = AtomicFile.Output(descriptor: descriptor)
        let copied = output.appendHashedBehind(from: input, offset: 4_000, length: 2_000)
        #expect(!copied)
    }
}
