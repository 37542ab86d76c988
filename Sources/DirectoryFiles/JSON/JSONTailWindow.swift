import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A window over a file from an offset on, read with `pread(2)` through the descriptor a
/// `ReadWindow` holds open, so that it moves no offset the `ReadWindow` reads from: the
/// second part of a JSON list, read on another thread while the first is read
/// (`JSONRecordStream`). It sums what it reads (`ByteChecksum`), so a reader can tell that the
/// bytes it read here are the bytes the `ReadWindow` read and hashed.
///
/// It owns the memory of the window and frees it in `deinit`, not the descriptor; the bytes
/// are lent out as a `RawSpan` (`withBytes`).
@safe
struct JSONTailWindow: ~Copyable, JSONStreamWindow {
    /// The window's memory: `count` bytes of the file, from `start` on, then free room.
    private var storage: UnsafeMutableRawPointer
    /// The number of bytes in the window.
    private(set) var count = 0
    /// The file offset of the window's first byte.
    private(set) var start: Int
    /// Whether the window reaches the end of the file (or reading failed: `failed`).
    private(set) var atEnd = false
    /// Whether a read failed.
    private(set) var failed = false
    /// The sum of every byte read, from the first offset on.
    private(set) var checksum = ByteChecksum()
    private let descriptor: Int32
    private var capacity: Int

    /// Reads the file open at `descriptor` from `offset` on, `capacity` bytes at a time.
    init(descriptor: Int32, from offset: Int, capacity: Int = 4 << 20) {
        self.descriptor = descriptor
        start = offset
        self.capacity = max(capacity, 1)
        unsafe storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
        fill()
    }

    deinit { unsafe storage.deallocate() }

    /// Calls `body` with the bytes in the window.
    func withBytes<Result, Failure: Error>(_ body: (RawSpan) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(unsafe UnsafeRawBufferPointer(start: storage, count: count).bytes)
    }

    /// Drops the bytes before `offset` (an index into the window) and reads on; when what is
    /// kept fills the window, the window grows, as `ReadWindow.more(keepingFrom:)` does.
    mutating func more(keepingFrom offset: Int) {
        guard !atEnd else { return }
        if offset > 0 {
            unsafe storage.copyMemory(from: storage + offset, byteCount: count - offset)
            count -= offset
            start += offset
        }
        if count * 2 > capacity {
            let newCapacity = capacity * 2
            let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
            unsafe newStorage.copyMemory(from: storage, byteCount: count)
            unsafe storage.deallocate()
            unsafe storage = unsafe newStorage
            capacity = newCapacity
        }
        fill()
    }

    /// Reads until the window is full or the file ends.
    private mutating func fill() {
        while count < capacity, !atEnd {
            let free = unsafe UnsafeMutableRawBufferPointer(start: storage + count, count: capacity - count)
            let read = unsafe DescriptorRead.some(into: free, from: descriptor, at: off_t(start + count))
            guard read > 0 else {
                failed = read < 0
                atEnd = true
                break
            }
            unsafe checksum.add(UnsafeRawBufferPointer(start: storage + count, count: read).bytes)
            count += read
            if checksum.length > FileBytes.largestFile {
                failed = true
                atEnd = true
            }
        }
    }
}

/// A sum of bytes, to tell that two reads of a part of a file got the same bytes (the file did
/// not change between them): 64-bit words summed, and the sums summed (Fletcher's checksum),
/// whatever pieces the bytes come in. An eighth of the cost of `ContentHash`, which names a
/// version; this only compares two reads of one file a moment apart.
struct ByteChecksum {
    private var sum: UInt64 = 0
    private var sumOfSums: UInt64 = 0
    /// Bytes not yet making up a word, the first lowest.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    /// The number of bytes added.
    private(set) var length = 0

    /// Adds the next bytes.
    mutating func add(_ bytes: RawSpan) {
        length += bytes.byteCount
        var index = 0
        let count = bytes.byteCount
        while pendingCount > 0, index < count {
            takeByte(unsafe bytes.unsafeLoad(fromByteOffset: index, as: UInt8.self))
            index += 1
        }
        while index + 8 <= count {
            mix(UInt64(littleEndian: unsafe bytes.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < count {
            takeByte(unsafe bytes.unsafeLoad(fromByteOffset: index, as: UInt8.self))
            index += 1
        }
    }

    /// The sum of everything added.
    var value: (UInt64, UInt64, Int) {
        var copy = self
        if copy.pendingCount > 0 { copy.mix(copy.pending) }
        return (copy.sum, copy.sumOfSums, length)
    }

    /// Whether `other` summed the same bytes.
    func matches(_ other: ByteChecksum) -> Bool { value == other.value }

    private mutating func takeByte(_ byte: UInt8) {
        pending |= UInt64(byte) << (8 * pendingCount)
        pendingCount += 1
        if pendingCount == 8 {
            mix(pending)
            pending = 0
            pendingCount = 0
        }
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        sum &+= word
        sumOfSums &+= sum
    }
}
