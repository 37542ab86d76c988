import Foundation
import Synchronization
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FolderLock: a bounded wait for the folder's lock")
struct FolderLockTests {
    /// A scratch folder locked by another open file description, as another process would hold it.
    static func lockedFolder() -> (folder: String, descriptor: Int32) {
        let folder = FileStoreTests.scratchFolder()
        let descriptor = unsafe open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(flock(descriptor, LOCK_EX) == 0)
        return (folder, descriptor)
    }

    @Test("a lock that is never released fails the wait, saying who holds it and what it waited for")
    func boundedWait() throws {
        let (folder, descriptor) = Self.lockedFolder()
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let told = Mutex<[String]>([])
        let wait = LockWait(seconds: 1.5, waiting: { what in told.withLock { $0.append(what) } })
        do {
            _ = try FileStore(lockWait: wait).lock(location: folder + "/list.json")
            Issue.record("the lock was taken while held")
        } catch {
            #expect(error.message.contains("another program (process \(getpid()), "), "\(error.message)")
            #expect(error.message.contains("has held the lock on its folder for 1 seconds"))
        }
        #expect(told.withLock { $0 }.count == 1)
        #expect(told.withLock { $0.first ?? "" }.hasPrefix("the lock on \(folder), held by process \(getpid())"))
    }

    @Test("a cancelled wait ends at once; a free lock is taken and released")
    func cancelledAndFree() throws {
        let (folder, descriptor) = Self.lockedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cancelled = FileStore(lockWait: LockWait(seconds: 600, isCancelled: { true }))
        #expect(throws: StorageError.self) { _ = try cancelled.lock(location: folder + "/list.json") }
        close(descriptor)
        let lock = try cancelled.lock(location: folder + "/list.json")
        lock.unlock()
    }
}
