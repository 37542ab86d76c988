/// A growable byte buffer for the file writers: a writer makes room for a whole record
/// once (`reserve`), then stores its bytes, spans of bytes, or what it writes to an
/// `OutputRawSpan` over the room (`write(atMost:_:)`), each checked against the room with
/// one comparison, where `[UInt8].append` checks capacity and uniqueness for every byte.
///
/// It owns the memory it writes to and frees it in `deinit`; the memory never leaves it:
/// its bytes are lent out as a span (`bytes`).
@safe
struct ByteSink: ~Copyable {
    /// The memory: `count` bytes written, then free room up to `capacity`.
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

    @inline(never)
    private mutating func grow(to needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        unsafe newStorage.copyMemory(from: storage, byteCount: count)
        unsafe storage.deallocate()
        unsafe storage = unsafe newStorage
        capacity = newCapacity
    }

    /// Stores one byte, growing when there is no room left.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        // `count < capacity`: the byte is inside the memory.
        unsafe storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Stores `bytes`, growing when they do not fit. A run of 4 to 16 bytes (a key, a name,
    /// an office) is copied as two words that may overlap, not by a call to `memmove`.
    @inline(__always)
    mutating func put(_ bytes: Span<UInt8>) {
        let length = bytes.count
        reserve(length)
        // `count + length <= capacity`: every store below stays inside the memory, and the
        // words are read through bounds-checked loads inside `bytes`.
        if length >= 8, length <= 16 {
            let (head, tail) = (bytes.word64(at: 0), bytes.word64(at: length &- 8))
            unsafe storage.storeBytes(of: head, toByteOffset: count, as: UInt64.self)
            unsafe storage.storeBytes(of: tail, toByteOffset: count &+ length &- 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            let (head, tail) = (bytes.rawBytes.word32(at: 0), bytes.rawBytes.word32(at: length &- 4))
            unsafe storage.storeBytes(of: head, toByteOffset: count, as: UInt32.self)
            unsafe storage.storeBytes(of: tail, toByteOffset: count &+ length &- 4, as: UInt32.self)
        } else if length < 4 {
            for index in 0..<length {
                unsafe storage.storeBytes(of: bytes[index], toByteOffset: count &+ index, as: UInt8.self)
            }
        } else {
            unsafe bytes.withUnsafeBytes { source in
                guard let base = source.baseAddress else { return }
                unsafe (storage + count).copyMemory(from: base, byteCount: length)
            }
        }
        count &+= length
    }

    /// Stores the first `count` bytes (at most 16) of `head` then `tail`, the first byte
    /// lowest: a short literal in two word stores.
    @inline(__always)
    mutating func put(head: UInt64, tail: UInt64, count length: Int) {
        reserve(16)
        // `count + 16 <= capacity`: both words are inside the memory; only `length` bytes count.
        unsafe storage.storeBytes(of: head.littleEndian, toByteOffset: count, as: UInt64.self)
        unsafe storage.storeBytes(of: tail.littleEndian, toByteOffset: count &+ 8, as: UInt64.self)
        count &+= min(length, 16)
    }

    /// Stores what `body` writes to the `OutputRawSpan` it is given, which has room for
    /// `maximum` bytes (writing more traps).
    @inline(__always)
    mutating func write(atMost maximum: Int, _ body: (inout OutputRawSpan) -> Void) {
        reserve(maximum)
        // `count + maximum <= capacity`: the output span covers reserved free room only, and
        // the bytes it initialised are the ones counted.
        let free = unsafe UnsafeMutableRawBufferPointer(start: storage + count, count: maximum)
        var output = unsafe OutputRawSpan(buffer: free, initializedCount: 0)
        body(&output)
        count &+= unsafe output.finalize(for: free)
    }

    /// The bytes written.
    var bytes: Span<UInt8> {
        @_lifetime(borrow self)
        get {
            let span = unsafe Span(_unsafeStart: storage.assumingMemoryBound(to: UInt8.self), count: count)
            return unsafe _overrideLifetime(span, borrowing: self)
        }
    }

    /// Forgets the bytes written, keeping the room.
    mutating func removeAll() { count = 0 }
}
