import Foundation
import Testing

@testable import DirectoryCore

/// `FileBytes.fingerprint(path:)` hashes a file in blocks, and agrees with hashing
/// the whole file read at once.
struct FileFingerprintTests {
    /// The size of the blocks `FileBytes.fingerprint` reads.
    static let block = 1 << 20

    @Test(
        "the fingerprint of a file read in blocks is that of the whole file",
        arguments: [
            0, 1, 7, Self.block - 1, Self.block, 3 * Self.block + 5,
        ])
    func blocksAgreeWithTheWholeFile(size: Int) throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.plist"
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try #require(try FileBytes.read(path: path))
        let fingerprint = try #require(try FileBytes.fingerprint(path: path))
        #expect(fingerprint.size == size)
        #expect(fingerprint.hash == ContentHash.of(read.bytes))
        #expect(fingerprint.modified == read.modified)
    }

    @Test("no file has no fingerprint; a folder is refused in words")
    func missingFileAndFolder() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try FileBytes.fingerprint(path: folder + "/none.plist") == nil)
        do throws(StorageError) {
            _ = try FileBytes.fingerprint(path: folder)
            Issue.record("a folder has no fingerprint")
        } catch {
            #expect(error.message.contains("it is a folder, not a file"))
        }
    }
}
