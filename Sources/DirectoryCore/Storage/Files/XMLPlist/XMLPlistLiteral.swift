/// A piece of markup the XML property list scanner looks for (`<key>`, `</string>`),
/// held as its bytes and its first eight bytes as one word, so that `hasPrefix` compares
/// eight bytes at a time without a pointer to the literal's text.
struct XMLPlistLiteral {
    /// The bytes, at most 16.
    let bytes: [UInt8]
    /// The first eight bytes (fewer, zero-padded), the first lowest.
    let head: UInt64
    /// The bits of `head` that hold bytes of the literal.
    let headMask: UInt64

    /// The literal `text` (at most 16 bytes of UTF-8).
    init(_ text: String) {
        bytes = Array(text.utf8)
        var head: UInt64 = 0
        var mask: UInt64 = 0
        for (index, byte) in bytes.prefix(8).enumerated() {
            head |= UInt64(byte) << UInt64(8 * index)
            mask |= 0xFF << UInt64(8 * index)
        }
        self.head = head
        self.headMask = mask
    }

    static let key = XMLPlistLiteral("<key>")
    static let keyEnd = XMLPlistLiteral("</key>")
    static let string = XMLPlistLiteral("<string>")
    static let stringEnd = XMLPlistLiteral("</string>")
    static let date = XMLPlistLiteral("<date>")
    static let dateEnd = XMLPlistLiteral("</date>")
    static let dict = XMLPlistLiteral("<dict>")
    static let dictEnd = XMLPlistLiteral("</dict>")
    static let endTag = XMLPlistLiteral("</")
    static let cdata = XMLPlistLiteral("<![CDATA[")
    static let cdataEnd = XMLPlistLiteral("]]>")
    static let comment = XMLPlistLiteral("<!--")
    static let commentEnd = XMLPlistLiteral("-->")
    static let doctype = XMLPlistLiteral("<!DOCTYPE")
    static let declaration = XMLPlistLiteral("<?xml")
    static let instructionEnd = XMLPlistLiteral("?>")
    static let encoding = XMLPlistLiteral("encoding")
}
