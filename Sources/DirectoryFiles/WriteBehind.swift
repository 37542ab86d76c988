import CFileSystem
import DirectoryCore
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a new file on a second thread, behind the encoder that makes its bytes: the
/// encoder copies each piece into one of two buffers and goes on encoding, while the second
/// thread hashes the buffer before (`ContentHash`, the new version's), writes it, and asks
/// the kernel to start putting what was written on the disk (`directory_start_writeback`).
/// On a machine with two cores the hash and the kernel's copies are off the encoder's path,
/// and the disk writes while the rest of the file is made.
///
/// The pieces are written in the order given, as one thread would write them; the first
/// failed write stops the rest, and is what `finish` reports.
final class WriteBehind: Sendable {
    /// The most bytes copied into one buffer (an encoder's piece of a megabyte and a bit
    /// fits); a larger piece is handed over in parts.
    static let bufferSize = 2 << 20
    /// How many written bytes make the kernel be asked to start writing them: large enough
    /// that the calls cost nothing against the copies, small enough to start the disk early.
    static let writebackStep = 4 << 20

    private let descriptor: Int32
    private let queue = DispatchQueue(label: "directory.write-behind")
    /// Signalled each time the second thread is done with a buffer.
    private let freeBuffers = DispatchSemaphore(value: 2)
    private let buffers: (LentBuffer, LentBuffer)
    /// Everything the second thread learns: read by the encoder only in `finish`, after
    /// every job has run.
    private let state = Mutex(Progress())

    /// What has been written so far.
    struct Progress {
        /// The `errno` of the first failed write, or 0; later pieces are dropped.
        var failure: Int32 = 0
        /// The bytes written.
        var size = 0
        /// Where the bytes the kernel was not yet asked to write begin.
        var unhinted = 0
        /// Whether to ask the kernel to start writing (false once it refused).
        var hintsWriteback = true
        /// The hash of the bytes written.
        var hash = ContentHash()
    }

    /// A writer of the open file `descriptor`, from its current offset.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffers = (LentBuffer(count: Self.bufferSize), LentBuffer(count: Self.bufferSize))
    }

    deinit {
        // Every job holds this object: none is left by now.
        buffers.0.deallocate()
        buffers.1.deallocate()
    }

    /// Hands `bytes` over to be written, a buffer at a time, waiting only while both buffers
    /// are still being written; `next` is the buffer to use, kept by the caller.
    func write(_ bytes: RawSpan, next: inout Int) {
        var start = 0
        while start < bytes.byteCount {
            let end = min(bytes.byteCount, start + Self.bufferSize)
            freeBuffers.wait()
            let buffer = next == 0 ? buffers.0 : buffers.1
            next ^= 1
            buffer.fill(from: bytes.extracting(start..<end))
            queue.async { self.writeOut(buffer) }
            start = end
        }
    }

    /// Waits for every piece handed over to be written, and tells what was.
    func finish() -> Progress {
        queue.sync {}
        return state.withLock { $0 }
    }

    /// On the second thread: hashes and writes what `buffer` holds, then gives it back.
    private func writeOut(_ buffer: LentBuffer) {
        defer { freeBuffers.signal() }
        state.withLock { progress in
            guard progress.failure == 0 else { return }
            buffer.withBytes { bytes in
                progress.hash.add(bytes)
                progress.failure = DescriptorWrite.all(bytes, to: descriptor)
            }
            guard progress.failure == 0 else { return }
            progress.size += buffer.count
            guard progress.hintsWriteback, progress.size - progress.unhinted >= Self.writebackStep else { return }
            // Only a hint: the `fsync` before the swap is what makes the file durable.
            let from = Int64(progress.unhinted)
            let length = Int64(progress.size - progress.unhinted)
            if directory_start_writeback(descriptor, from, length) != 0 { progress.hintsWriteback = false }
            progress.unhinted = progress.size
        }
    }
}

/// One of `WriteBehind`'s buffers: memory that the encoding thread fills and the writing
/// thread reads, in turns.
///
/// `@unchecked Sendable` because a raw pointer is not `Sendable`; it is safe because the two
/// threads never touch the memory at once: the encoder fills it only after taking a free
/// buffer from `WriteBehind.freeBuffers` and before handing it to the queue with `async`, the
/// writing thread reads it only in that job and signals `freeBuffers` after its last read, and
/// the semaphore and the queue order each turn before the next (happens-before). `count`
/// changes only in `fill`, under the same turns. The memory is freed in `WriteBehind.deinit`,
/// after the last job (which holds the `WriteBehind`) has run.
@safe
struct LentBuffer: @unchecked Sendable {
    private let storage: UnsafeMutableRawPointer
    private let filled: UnsafeMutablePointer<Int>
    private let capacity: Int

    /// Room for `count` bytes.
    init(count: Int) {
        capacity = count
        unsafe storage = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        unsafe filled = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        unsafe filled.initialize(to: 0)
    }

    /// The number of bytes it holds.
    var count: Int { unsafe filled.pointee }

    /// Copies `bytes` (at most its capacity) in, replacing what it held.
    func fill(from bytes: RawSpan) {
        precondition(bytes.byteCount <= capacity)
        unsafe bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { unsafe storage.copyMemory(from: base, byteCount: source.count) }
        }
        unsafe filled.pointee = bytes.byteCount
    }

    /// Calls `body` with the bytes it holds.
    func withBytes<Result>(_ body: (RawSpan) -> Result) -> Result {
        body(unsafe UnsafeRawBufferPointer(start: storage, count: filled.pointee).bytes)
    }

    /// Frees the memory.
    func deallocate() {
        unsafe storage.deallocate()
        unsafe filled.deallocate()
    }
}
