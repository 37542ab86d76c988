/// A growable byte buffer written through a pointer: a writer makes room for a whole
/// record once (`reserve`), then stores its bytes without a bounds or capacity check
/// each, where `[UInt8].append` checks both for every byte.
struct ByteSink: ~Copyable {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    /// An empty sink with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { storage.deallocate() }

    /// Makes sure `extra` more bytes fit.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        newStorage.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Stores one byte; room must have been reserved.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Stores `bytes`; room must have been reserved.
    @inline(__always)
    mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        (storage + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    /// Reserves room for `bytes` and stores them.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        put(bytes)
    }

    /// The position of the next byte, for a writer that stores several at once; it must
    /// then `advance` past them. Room must have been reserved.
    @inline(__always)
    var cursor: UnsafeMutableRawPointer { storage + count }

    /// Moves past `written` bytes stored at `cursor`.
    @inline(__always)
    mutating func advance(_ written: Int) { count &+= written }

    /// The bytes written.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    /// Forgets the bytes written, keeping the room.
    mutating func removeAll() { count = 0 }
}
