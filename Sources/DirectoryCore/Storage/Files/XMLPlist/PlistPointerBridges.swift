/// The pointer signatures other rooms still call or offer while issue 26's point 3 is
/// split between helpers: the plist readers and writers themselves take spans, and this
/// file goes once `RecordCodec` hands them a `RawSpan`, `RecordBuilder` takes a field's
/// text as a span, and `ExtrasJSON` decodes base64 from a span.
extension RecordBuilder {
    /// Adds the checked UTF-8 `text` of the file being read (lent for the whole read, so it
    /// outlives the record) as the value of text field `index`, without making a string.
    @inline(__always)
    mutating func add(field index: Int, fileText text: Span<UInt8>) throws(FileFormatError) {
        // `add(field:utf8:)` keeps the pointer until the record ends: the file's bytes,
        // which `RecordCodec.decode` lends for the whole read, outlive it.
        try unsafe text.withUnsafeBufferPointer { (buffer) throws(FileFormatError) in
            try unsafe add(field: index, utf8: buffer)
        }
    }
}

extension BinaryPlistRecordReader {
    /// `read(_:into:)` for `RecordCodec.decode`, which still lends the file as a pointer.
    @unsafe
    static func read(_ bytes: UnsafeRawBufferPointer, into builder: inout RecordBuilder) throws(FileFormatError) {
        try read(unsafe bytes.bytes, into: &builder)
    }
}

extension XMLPlistRecordReader {
    /// `read(_:into:)` for `RecordCodec.decode`, which still lends the file as a pointer.
    @unsafe
    static func read(_ bytes: UnsafeRawBufferPointer, into builder: inout RecordBuilder) throws(FileFormatError) {
        try read(unsafe bytes.bytes, into: &builder)
    }
}

extension XMLPlistBase64 {
    /// `decode(_:)` for `ExtrasJSON`, which still hands the text as a pointer.
    @unsafe
    static func decode(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        decode(Span(_bytes: unsafe text.bytes))
    }
}
