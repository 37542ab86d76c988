import Foundation
import Synchronization
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The lease a save holds on the version it replaces: a writer that opens that version
/// for writing waits until the save lets it go, and the save can tell.
@Suite("WriterLease: a writer that truncates in place waits for the save")
struct WriterLeaseTests {
    /// A scratch file holding `text`, and its folder.
    static func file(_ text: String) -> (folder: String, path: String) {
        let folder = FileStoreTests.scratchFolder()
        let path = folder + "/list.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return (folder, path)
    }

    static func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    /// Opens `path` as `Data.write(to:)` does (truncating) in a thread of its own, writes
    /// `text`, and closes it; `done` is signalled after the close.
    static func writeInPlace(_ path: String, _ text: String, done: DispatchSemaphore) {
        Thread.detachNewThread {
            let descriptor = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = DescriptorWrite.all(text.utf8.span, to: descriptor)
            close(descriptor)
            done.signal()
        }
    }

    /// Waits until `condition` holds (the event a test needs), for at most a minute.
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    @Test("a writer that opens the leased file waits, unwritten, until the lease is given up; then it writes")
    func writerWaitsForTheLease() throws {
        let (folder, path) = Self.file("old")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lease = try #require(try WriterLease.take(path, shown: path, wait: LockWait(seconds: 1)))
        #expect(!lease.isBroken)
        let done = DispatchSemaphore(value: 0)
        Self.writeInPlace(path, "new", done: done)
        #expect(Self.waitUntil { lease.isBroken }, "the writer's open shows")
        #expect(Self.contents(path) == "old", "nothing written while the lease is held")
        lease.release()
        done.wait()
        #expect(Self.contents(path) == "new")
    }

    @Test("while another program has the file open for writing, the lease waits for it to close the file")
    func leaseWaitsForAnOpenWriter() throws {
        let (folder, path) = Self.file("old")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = unsafe open(path, O_WRONLY)
        #expect(throws: StorageError.self, "no lease, and no save, while a writer has it open") {
            try WriterLease.take(path, shown: path, wait: LockWait(seconds: 0.05))
        }
        let closed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // The lease below must see what the writer wrote before it closed the file.
            _ = DescriptorWrite.all("new".utf8.span, to: writer)
            close(writer)
            closed.signal()
        }
        let lease = try #require(try WriterLease.take(path, shown: path, wait: LockWait(seconds: 60)))
        closed.wait()
        #expect(lease.status.st_size == 3)
        #expect(Self.contents(path) == "new")
    }

    @Test("a wait for an open writer cancelled by Ctrl-C says it was cancelled, not that the wait ran out")
    func cancelledWaitSaysSo() throws {
        let (folder, path) = Self.file("old")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = unsafe open(path, O_WRONLY)
        defer { close(writer) }
        // As the prompt's Ctrl-C is: taken by the first question, gone for the next.
        let interrupt = Mutex(true)
        let wait = LockWait(
            seconds: 60,
            isCancelled: {
                interrupt.withLock { was in
                    defer { was = false }
                    return was
                }
            })
        do {
            _ = try WriterLease.take(path, shown: path, wait: wait)
            Issue.record("a lease was taken while a writer had the file open")
        } catch {
            #expect(error.message.contains("the wait for it was cancelled"), "\(error.message)")
            #expect(!error.message.contains("60 seconds"), "\(error.message)")
        }
    }

    @Test("a writer that opened the file before it was removed writes into it after: what it wrote is copied beside")
    func lateWriteIsCopied() throws {
        let (folder, path) = Self.file("old")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lease = try #require(try WriterLease.take(path, shown: path, wait: LockWait(seconds: 1)))
        let done = DispatchSemaphore(value: 0)
        Self.writeInPlace(path, "late", done: done)
        #expect(Self.waitUntil { lease.isBroken })
        unsafe unlink(path)  // the save removed the version it replaced; the writer already has it
        let kept = folder + "/kept"
        #expect(lease.releaseKeepingLateWrite(as: kept, waitingUpTo: 60))
        done.wait()
        #expect(Self.contents(kept) == "late")
        var status = stat()
        unsafe #expect(stat(kept, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }
}
