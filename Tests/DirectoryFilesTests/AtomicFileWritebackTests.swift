import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A save asks the kernel to start writing its new file to disk as it goes
/// (`AtomicFile.Output`): a hint that may change neither the bytes, their order, the hash nor
/// the outcome.
@Suite("AtomicFile writeback")
struct AtomicFileWritebackTests {
    /// `count` bytes that differ from piece to piece (the `count` itself, then a counter every
    /// 4 KiB), so a piece or a part of one written twice, skipped or out of order shows.
    static func pattern(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: count), count: count)
        for (number, index) in stride(from: 0, to: count, by: 4096).enumerated() {
            bytes[index] = UInt8(truncatingIfNeeded: number &* 31 &+ count >> 8)
        }
        return bytes
    }

    @Test("a file written in pieces of every size, some over the writeback step, holds exactly its bytes")
    func piecesAroundTheStep() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        let step = AtomicFile.Output.writebackStep
        let sizes = [1, step - 1, 3, step, step + 1, step * 2 + 5, 1_000_003, 0, 17, step]
        let pieces = sizes.map(Self.pattern)
        var finished: (size: Int, hash: UInt64, failure: Int32) = (0, 0, -1)
        _ = try AtomicFile.write(to: path) { output in
            for piece in pieces { piece.span.withRawBytes { output.write($0) } }
            finished = output.finish()
        }
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == Array(pieces.joined()))
        #expect(finished.failure == 0)
        #expect(finished.size == written.count)
        #expect(finished.hash == ContentHash.of(written))
    }

    @Test("a descriptor that refuses the writeback hint (a device) still takes every byte, and is not asked again")
    func refusedHintChangesNothing() throws {
        let descriptor = unsafe open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var output = AtomicFile.Output(descriptor: descriptor)
        let bytes = Self.pattern(AtomicFile.Output.writebackStep * 2 + 1)
        bytes.span.withRawBytes { output.write($0) }
        let finished = output.finish()
        #expect(finished.failure == 0)
        #expect(finished.size == bytes.count)
        // `sync_file_range` refuses anything but a file (ESPIPE); elsewhere there is no such call.
        #expect(!output.hintsWriteback)
    }

    @Test("the version a large save returns is the hash of the bytes on disk")
    func versionOfALargeSave() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        let records = (0..<60_000).map { index in
            Record(
                id: RecordID(high: 3, low: UInt64(index)),
                values: [.text("Person \(index)"), .text("Room \(index % 97)")])
        }
        let store = FileStore()
        let version = try store.save(RecordList(records), kind: .person, format: .json, to: path)
        guard case .file(let file) = version else {
            Issue.record("a file's version is not a file version")
            return
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count > AtomicFile.Output.writebackStep)
        #expect(file.size == bytes.count)
        #expect(file.hash == ContentHash.of(bytes))
    }
}

extension AtomicFileWritebackTests {
    @Test("a write that fails stops the rest, and the save reports it with the old file untouched")
    func failedWriteStopsTheSave() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        // A descriptor open for reading only: every write to it fails with EBADF.
        let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var output = AtomicFile.Output(descriptor: descriptor)
        for size in [10, AtomicFile.Output.writebackStep * 3, 7] {
            Self.pattern(size).span.withRawBytes { output.write($0) }
        }
        let finished = output.finish()
        #expect(finished.failure == EBADF)
        #expect(finished.size == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }
}
