import DirectoryCore
import Dispatch
import Synchronization

/// A file's `ContentHash` made on a second thread while this one reads or copies the same
/// bytes: a large binary or XML property list's read (`ReadWindow.readToEnd`), hashed a piece
/// behind the read, and the old objects a binary plist's copied save moves
/// (`AtomicFile.Output.append(from:offset:length:buffer:)`), read and hashed while the kernel
/// copies them. The hash is the one this thread would make, of the same bytes in the same
/// order, only sooner: the second core is idle during a read or a copy.
///
/// The hash goes on from a copy of the state before the bytes (`ContentHash` is a value: a
/// copy is a snapshot), and `finish` waits for the thread, so nothing it reads outlives the
/// call that started it.
final class HashBehind: Sendable {
    /// The fewest bytes left to read for a read to be hashed behind: below, a thread's
    /// wake-up costs more than the hash saves (8 MiB take about 2 ms to hash).
    static let minimumBytes = 8 << 20
    /// How much is read before the second thread hashes it: the hash ends that far behind.
    static let pieceBytes = 4 << 20

    /// Whether a second core is there to hash on.
    static var hasSecondCore: Bool { JSONRecordReader.hasCoresForParts }

    /// How far the bytes to hash reach, and whether no more will come.
    private let published = Mutex<(end: Int, done: Bool)>((0, false))
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// The hash once finished; `nil` when a read of the second thread's own failed.
    private let result = Mutex<ContentHash?>(nil)

    /// Starts hashing, after `start`, the bytes of memory from the address `base` on, up to
    /// where `publish` says they are read. The memory must stay where it is, and those bytes
    /// unchanged, until `finish` returns.
    @unsafe init(from start: ContentHash, at base: UInt) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var hash = start
            var hashed = 0
            var done = false
            while !done {
                ready.wait()
                let end: Int
                (end, done) = published.withLock { $0 }
                if end > hashed, let first = unsafe UnsafeRawPointer(bitPattern: base) {
                    unsafe hash.add(UnsafeRawBufferPointer(start: first + hashed, count: end - hashed).bytes)
                    hashed = end
                }
            }
            let final = hash
            result.withLock { $0 = final }
            finished.signal()
        }
    }

    /// Starts reading (`pread`) and hashing, after `start`, `length` bytes of the open file
    /// `descriptor` from its byte `offset`, a megabyte at a time into a buffer of its own. The
    /// descriptor must stay open until `finish` returns.
    init(from start: ContentHash, reading descriptor: Int32, offset: Int, length: Int) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var hash: ContentHash? = start
            var buffer = [UInt8](repeating: 0, count: min(1 << 20, max(length, 1)))
            var done = 0
            while done < length {
                let count = min(buffer.count, length - done)
                guard DescriptorRead.exactly(into: &buffer, count: count, at: offset + done, from: descriptor) else {
                    hash = nil
                    break
                }
                buffer.span.extracting(0..<count).withRawBytes { hash?.add($0) }
                done += count
            }
            let final = hash
            result.withLock { $0 = final }
            finished.signal()
        }
    }

    /// Says that the bytes up to `end` (from the memory's start) are read and may be hashed.
    func publish(_ end: Int) {
        published.withLock { $0.end = end }
        ready.signal()
    }

    /// Waits for the second thread and returns the hash of everything published (or read),
    /// after the starting state; `nil` when its own read failed.
    func finish() -> ContentHash? {
        published.withLock { $0.done = true }
        ready.signal()
        finished.wait()
        return result.withLock { $0 }
    }
}
