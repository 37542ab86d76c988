/// Safe reads of bytes and words from spans, for code that parses or copies bytes without
/// holding a pointer.
///
/// The standard library marks every typed load `unsafe` because a type may not be valid for
/// every bit pattern; `UInt8`, `UInt32` and `UInt64` are, so these bounds-checked loads are safe.
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
}

extension Span where Element == UInt8 {
    /// Calls `body` with the same bytes as a `RawSpan`. The standard library marks `bytes`
    /// `unsafe` for spans of any type, which may have padding; bytes have none.
    @inline(__always)
    func withRawBytes<Result, Failure: Error>(_ body: (RawSpan) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(unsafe bytes)
    }

    /// The eight bytes from `offset` on, as a word in memory order; traps outside the span.
    @inline(__always)
    func word64(at offset: Int) -> UInt64 {
        unsafe bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
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
}
