/// A growable byte buffer written through a pointer: a writer makes room for a whole
/// record once (`reserve`), then stores its bytes without a bounds or capacity check
/// each, where `[UInt8].append` checks both for every byte.
///
/// It owns the memory it writes through and frees it in `deinit`; the pointer never leaves it.
@safe
struct ByteSink: ~Copyable {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    /// An empty sink with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        unsafe storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { unsafe storage.deallocate() }

    /// Makes sure `extra` more bytes fit.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        unsafe newStorage.copyMemory(from: storage, byteCount: count)
        unsafe storage.deallocate()
        unsafe storage = unsafe newStorage
        capacity = newCapacity
    }

    /// Stores one byte; room must have been reserved.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        unsafe storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Stores `bytes`; room must have been reserved.
    @inline(__always)
    mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, unsafe !bytes.isEmpty else { return }
        unsafe (storage + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    /// Reserves room for `bytes` and stores them.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        unsafe put(bytes)
    }

    /// The position of the next byte, for a writer that stores several at once; it must
    /// then `advance` past them. Room must have been reserved.
    @inline(__always)
    var cursor: UnsafeMutableRawPointer { unsafe storage + count }

    /// Moves past `written` bytes stored at `cursor`.
    @inline(__always)
    mutating func advance(_ written: Int) { count &+= written }

    /// The bytes written.
    var bytes: UnsafeRawBufferPointer { unsafe UnsafeRawBufferPointer(start: storage, count: count) }

    /// Forgets the bytes written, keeping the room.
    mutating func removeAll() { count = 0 }
}
