import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// `FileBytes.version(path:)` hashes a file in blocks, and agrees with hashing
/// the whole file read at once.
struct FileVersionTests {
    /// The size of the blocks `FileBytes.version` reads.
    static let block = 1 << 20

    @Test(
        "the version of a file read in blocks is that of the whole file",
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
        let version = try #require(try FileBytes.version(path: path))
        #expect(version.size == size)
        #expect(version.hash == ContentHash.of(read.bytes))
        #expect(version.modified == read.modified)
    }

    @Test("no file has no version; a folder is refused in words")
    func missingFileAndFolder() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try FileBytes.version(path: folder + "/none.plist") == nil)
        do throws(StorageError) {
            _ = try FileBytes.version(path: folder)
            Issue.record("a folder has no version")
        } catch {
            #expect(error.message.contains("it is a folder, not a file"))
        }
    }

    @Test("versions of files match by size and hash, counters by count, and a file never matches a counter")
    func sameContents() {
        let file = ListVersion.file(FileVersion(size: 10, modified: 1, hash: 7))
        #expect(file.sameContents(as: .file(FileVersion(size: 10, modified: 2, hash: 7))))
        #expect(!file.sameContents(as: .file(FileVersion(size: 10, modified: 1, hash: 8))))
        #expect(!file.sameContents(as: .file(FileVersion(size: 11, modified: 1, hash: 7))))
        #expect(ListVersion.counter(7).sameContents(as: .counter(7)))
        #expect(!ListVersion.counter(7).sameContents(as: .counter(8)))
        #expect(!file.sameContents(as: .counter(7)))
    }
}
