import DirectoryCore
import Foundation
import Synchronization
import Testing

@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// An import's read of a stream that waits for its writer (a FIFO the writer holds open and
/// writes no more to) stops when the interruption is asked for, instead of waiting until the
/// writer closes; a FIFO no program writes to still ends at once, and a regular file is read
/// without asking. The interruption here answers yes from its `stopAt`-th question on, so no
/// test waits on a clock or another thread.
@Suite("FileStore.readBytes: an interruption stops a read that waits")
struct StreamReadInterruptionTests {
    /// An interruption that counts how often it is asked, and is asked for from the `stopAt`-th time on.
    final class CountedInterruption: Sendable {
        let asked = Atomic<Int>(0)
        let stopAt: Int

        init(stopAt: Int) { self.stopAt = stopAt }

        var interruption: Interruption {
            Interruption { [self] in asked.add(1, ordering: .relaxed).newValue >= stopAt }
        }
    }

    /// A FIFO in a new folder, held open for reading and writing by the test (so that the
    /// reader's reads wait rather than end), with `text` written into it.
    private static func heldFIFO(holding text: String) throws -> (path: String, writer: Int32) {
        let folder = NSTemporaryDirectory() + "stream-read-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/people.json"
        guard unsafe mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
        let writer = unsafe open(path, O_RDWR | O_CLOEXEC)
        guard writer >= 0 else { throw POSIXError(.EIO) }
        let bytes = Array(text.utf8)
        _ = unsafe bytes.withUnsafeBytes { unsafe write(writer, $0.baseAddress, $0.count) }
        return (path, writer)
    }

    @Test("a FIFO whose writer pauses: the read stops once interrupted, with what it had read")
    func interruptionStopsAReadThatWaitsForTheWriter() throws {
        let fifo = try Self.heldFIFO(holding: #"[{"name": "Half"#)
        defer {
            close(fifo.writer)
            try? FileManager.default.removeItem(atPath: (fifo.path as NSString).deletingLastPathComponent)
        }
        let counted = CountedInterruption(stopAt: 3)
        let bytes = try FileStore().readBytes(path: fifo.path, stoppingWhen: counted.interruption)
        #expect(String(decoding: bytes, as: UTF8.self) == #"[{"name": "Half"#)
        // Asked before the first read, and between the waits after it, until it said yes.
        #expect(counted.asked.load(ordering: .relaxed) == 3)
    }

    @Test("a FIFO whose writer has closed: read whole, never stopped")
    func aClosedWriterEndsTheRead() throws {
        let fifo = try Self.heldFIFO(holding: #"[{"name": "Whole"}]"#)
        defer { try? FileManager.default.removeItem(atPath: (fifo.path as NSString).deletingLastPathComponent) }
        // The program that reads opens it while the writer holds it; the writer then closes.
        let reader = unsafe open(fifo.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        defer { close(reader) }
        close(fifo.writer)
        var bytes: [UInt8] = []
        let counted = CountedInterruption(stopAt: 1000)
        let failure = DescriptorRead.appendRest(of: reader, to: &bytes) { counted.interruption.isRequested }
        #expect(failure == 0)
        #expect(String(decoding: bytes, as: UTF8.self) == #"[{"name": "Whole"}]"#)
    }

    @Test("a FIFO no program writes to is refused at once, as without an interruption")
    func aFIFOWithoutAWriterIsRefusedAtOnce() throws {
        let fifo = try Self.heldFIFO(holding: "")
        defer { try? FileManager.default.removeItem(atPath: (fifo.path as NSString).deletingLastPathComponent) }
        close(fifo.writer)
        // Ten seconds of waits at most: a read that waited for a writer would be stopped, not refused.
        let counted = CountedInterruption(stopAt: 40)
        #expect {
            try FileStore().readBytes(path: fifo.path, stoppingWhen: counted.interruption)
        } throws: { error in
            guard case .unreadable(_, let reason)? = error as? StorageError else { return false }
            return reason.contains("no program was writing to")
        }
        #expect(counted.asked.load(ordering: .relaxed) < 40)
    }

    @Test("a regular file is read without asking the interruption")
    func aRegularFileIsReadWithoutAsking() throws {
        let path = NSTemporaryDirectory() + "stream-read-\(UUID().uuidString).json"
        try #"[{"name": "Plain"}]"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counted = CountedInterruption(stopAt: 1)
        let bytes = try FileStore().readBytes(path: path, stoppingWhen: counted.interruption)
        #expect(String(decoding: bytes, as: UTF8.self) == #"[{"name": "Plain"}]"#)
        #expect(counted.asked.load(ordering: .relaxed) == 0)
    }
}
