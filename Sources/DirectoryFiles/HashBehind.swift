import DirectoryCore
import Dispatch
import Synchronization

/// Hashing a file's bytes on a second thread as they are read (`ContentHash`, the version's),
/// while the reader parses them: on a machine with two cores the hash is off the load's path.
///
/// The parts are hashed in the order given. Their memory is lent: the caller neither changes
/// nor frees it until `wait` has returned (`ReadWindow` waits before it moves, grows or frees
/// its window, and before it tells the version).
final class HashBehind: Sendable {
    private let queue = DispatchQueue(label: "directory.hash-behind")
    private let hash = Mutex(ContentHash())

    /// Hashes `bytes` after every part given before, on the second thread.
    func add(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        let lent = unsafe LentBytes(bytes: bytes)
        queue.async { unsafe self.hash.withLock { $0.add(lent.bytes.bytes) } }
    }

    /// Waits until every part given is hashed.
    func wait() {
        queue.sync {}
    }

    /// The hash of every part given, once they are all hashed.
    var value: UInt64 {
        wait()
        return hash.withLock { $0.value }
    }
}

/// Bytes of a `ReadWindow` lent to `HashBehind`'s thread.
///
/// `@unchecked Sendable` because a raw buffer is not `Sendable`; it is safe because the memory
/// is only read on both threads while it is lent: the window writes into other bytes only
/// (it reads a file on after its end) and changes, moves or frees these only after
/// `HashBehind.wait`, which returns once the job that reads them has run (the queue orders the
/// two: happens-before).
@unsafe
struct LentBytes: @unchecked Sendable {
    /// The bytes lent.
    let bytes: UnsafeRawBufferPointer
}
