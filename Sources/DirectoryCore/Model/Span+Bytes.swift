/// Safe reads and writes of bytes and words on spans, for code that parses or copies bytes
/// without holding a pointer: the one place, with the rooms that own memory, where the
/// standard library's unchecked views are used.
///
/// The standard library marks every typed load `unsafe` because a type may not be valid for
/// every bit pattern; `UInt8`, `UInt32` and `UInt64` are, so these bounds-checked loads are safe.
/// It marks typed stores `unsafe` because a type may have padding; these have none.
extension RawSpan {
    /// The byte at `offset`; traps when it is outside the span.
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        unsafe unsafeLoad(fromByteOffset: offset, as: UInt8.self)
    }

    /// The four bytes from `offset` on, as a word in memory order; traps outside the span.
    @inline(__always)
    func word32(at offset: Int) -> UInt32 {
        unsafe unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    /// The eight bytes from `offset` on, as a word in memory order; traps outside the span.
    @inline(__always)
    func word64(at offset: Int) -> UInt64 {
        unsafe unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// The eight bytes from `offset` on, as a word in memory order, or `nil` when they are
    /// not all inside the span: a word-at-a-time loop's test and load with one bounds check.
    @inline(__always)
    func word64(ifFitsAt offset: Int) -> UInt64? {
        // `byteCount - 8` cannot overflow; below 0 no offset fits.
        guard offset >= 0, offset <= byteCount &- 8 else { return nil }
        // Checked just above: the eight bytes are inside the span.
        return unsafe unsafeLoadUnaligned(fromUncheckedByteOffset: offset, as: UInt64.self)
    }
}

extension Span where Element == UInt8 {
    /// The same bytes as a `RawSpan`. The standard library marks `bytes` `unsafe` for spans
    /// of any type, which may have padding; bytes have none.
    @inlinable
    package var rawBytes: RawSpan {
        @_lifetime(copy self) get { unsafe bytes }
    }

    /// Calls `body` with the same bytes as a `RawSpan`. The standard library marks `bytes`
    /// `unsafe` for spans of any type, which may have padding; bytes have none.
    @inline(__always)
    package func withRawBytes<Result, Failure: Error>(_ body: (RawSpan) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try body(unsafe bytes)
    }

    /// The eight bytes from `offset` on, as a word in memory order; traps outside the span.
    @inline(__always)
    func word64(at offset: Int) -> UInt64 {
        unsafe bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Whether `other` holds the same bytes as this span; `other` is at least as long.
    @inline(__always)
    func hasSameBytes(as other: Span<UInt8>) -> Bool {
        for index in indices where self[index] != other[index] { return false }
        return true
    }

    /// The eight bytes from `offset` on, as a word in memory order, or `nil` when they are
    /// not all inside the span: a word-at-a-time loop's test and load with one bounds check.
    @inline(__always)
    func word64(ifFitsAt offset: Int) -> UInt64? {
        unsafe bytes.word64(ifFitsAt: offset)
    }
}

extension OutputRawSpan {
    /// Appends the eight bytes of `word` in memory order; traps when they do not fit.
    @inline(__always)
    mutating func append(word64 word: UInt64) {
        unsafe append(word, as: UInt64.self)
    }

    /// Appends the four bytes of `word` in memory order; traps when they do not fit.
    @inline(__always)
    mutating func append(word32 word: UInt32) {
        unsafe append(word, as: UInt32.self)
    }
}

extension String {
    /// The text of the UTF-8 bytes in `utf8`, ill-formed sequences replaced as
    /// `String(decoding:as:)` does.
    @inline(__always)
    init(utf8: Span<UInt8>) {
        self = unsafe utf8.withUnsafeBufferPointer { unsafe String(decoding: $0, as: UTF8.self) }
    }
}

extension Array where Element == UInt8 {
    /// Appends the bytes of `bytes`, in one copy.
    @inline(__always)
    mutating func append(_ bytes: Span<UInt8>) {
        unsafe bytes.withUnsafeBufferPointer { unsafe append(contentsOf: $0) }
    }

    /// Appends the bytes `body` writes to the `OutputRawSpan` it is given, which has room
    /// for `count` bytes (writing more traps).
    @inline(__always)
    mutating func append(atMost count: Int, _ body: (inout OutputRawSpan) -> Void) {
        append(addingCapacity: count) { (output: inout OutputSpan<UInt8>) in
            // The raw span covers exactly the free room the output span lends, and the
            // bytes it initialises are handed back to the output span's count.
            unsafe output.withUnsafeMutableBufferPointer { buffer, initialized in
                let free = unsafe UnsafeMutableRawBufferPointer(
                    UnsafeMutableBufferPointer(rebasing: buffer[initialized...]))
                var raw = unsafe OutputRawSpan(buffer: free, initializedCount: 0)
                body(&raw)
                initialized += unsafe raw.finalize(for: free)
            }
        }
    }
}
