/// A piece of markup the XML property list scanner looks for (`<key>`, `</string>`),
/// held in two words (first byte lowest), so that `hasPrefix` compares eight bytes at a
/// time without a pointer to the literal's text, an array to retain, or a global to
/// initialise: the constants below are their bytes, checked by `XMLPlistLiteralTests`.
struct XMLPlistLiteral: Equatable {
    /// The number of bytes, 1 to 16.
    let count: Int
    /// Bytes 0 to 7 (zero past the end).
    let head: UInt64
    /// Bytes 8 to 15 (zero past the end).
    let tail: UInt64

    /// The literal of `count` bytes held in `head` and `tail`.
    @inline(__always)
    init(count: Int, head: UInt64, tail: UInt64) {
        self.count = count
        self.head = head
        self.tail = tail
    }

    /// The literal `text` (1 to 16 bytes of UTF-8).
    init(_ text: String) {
        var words: (UInt64, UInt64) = (0, 0)
        var count = 0
        for byte in text.utf8 {
            precondition(count < 16, "a literal holds at most 16 bytes")
            if count < 8 {
                words.0 |= UInt64(byte) << UInt64(8 * count)
            } else {
                words.1 |= UInt64(byte) << UInt64(8 * (count - 8))
            }
            count += 1
        }
        precondition(count > 0, "a literal holds at least one byte")
        self.init(count: count, head: words.0, tail: words.1)
    }

    /// The bits of `head` that hold bytes of the literal.
    @inline(__always)
    var headMask: UInt64 { count >= 8 ? ~0 : (1 << UInt64(8 &* count)) &- 1 }

    /// The bits of `tail` that hold bytes of the literal.
    @inline(__always)
    var tailMask: UInt64 { count >= 16 ? ~0 : count <= 8 ? 0 : (1 << UInt64(8 &* (count &- 8))) &- 1 }

    /// Byte `index` (below `count`).
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (index < 8 ? head : tail) >> UInt64(8 &* (index & 7)))
    }

    /// `<key>`
    static var key: Self { Self(count: 5, head: 0x3E_7965_6B3C, tail: 0x0) }
    /// `</key>`
    static var keyEnd: Self { Self(count: 6, head: 0x3E79_656B_2F3C, tail: 0x0) }
    /// `<string>`
    static var string: Self { Self(count: 8, head: 0x3E67_6E69_7274_733C, tail: 0x0) }
    /// `</string>`
    static var stringEnd: Self { Self(count: 9, head: 0x676E_6972_7473_2F3C, tail: 0x3E) }
    /// `<date>`
    static var date: Self { Self(count: 6, head: 0x3E65_7461_643C, tail: 0x0) }
    /// `</date>`
    static var dateEnd: Self { Self(count: 7, head: 0x3E_6574_6164_2F3C, tail: 0x0) }
    /// `<dict>`
    static var dict: Self { Self(count: 6, head: 0x3E74_6369_643C, tail: 0x0) }
    /// `</dict>`
    static var dictEnd: Self { Self(count: 7, head: 0x3E_7463_6964_2F3C, tail: 0x0) }
    /// `</`
    static var endTag: Self { Self(count: 2, head: 0x2F3C, tail: 0x0) }
    /// `<![CDATA[`
    static var cdata: Self { Self(count: 9, head: 0x4154_4144_435B_213C, tail: 0x5B) }
    /// `]]>`
    static var cdataEnd: Self { Self(count: 3, head: 0x3E_5D5D, tail: 0x0) }
    /// `<!--`
    static var comment: Self { Self(count: 4, head: 0x2D2D_213C, tail: 0x0) }
    /// `-->`
    static var commentEnd: Self { Self(count: 3, head: 0x3E_2D2D, tail: 0x0) }
    /// `<!DOCTYPE`
    static var doctype: Self { Self(count: 9, head: 0x5059_5443_4F44_213C, tail: 0x45) }
    /// `<?xml`
    static var declaration: Self { Self(count: 5, head: 0x6C_6D78_3F3C, tail: 0x0) }
    /// `?>`
    static var instructionEnd: Self { Self(count: 2, head: 0x3E3F, tail: 0x0) }
    /// `encoding`
    static var encoding: Self { Self(count: 8, head: 0x676E_6964_6F63_6E65, tail: 0x0) }
    /// `\t<dict>\n`, a record's first line.
    static var dictLine: Self { Self(count: 8, head: 0xA3E_7463_6964_3C09, tail: 0x0) }
    /// `\t</dict>\n`, a record's last line.
    static var dictEndLine: Self { Self(count: 9, head: 0x3E74_6369_642F_3C09, tail: 0xA) }
    /// `\t\t<string>`, before a record's text.
    static var stringValue: Self { Self(count: 10, head: 0x6E69_7274_733C_0909, tail: 0x3E67) }
    /// `</string>\n`, after it.
    static var stringValueEnd: Self { Self(count: 10, head: 0x676E_6972_7473_2F3C, tail: 0xA3E) }
    /// `\n\t\t`, what Foundation writes before each element of a record.
    static var lineIndent: Self { Self(count: 3, head: 0x09_090A, tail: 0x0) }
    /// `\n\t\t<string>`, between a record's `</key>` and its text.
    static var stringLine: Self { Self(count: 11, head: 0x6972_7473_3C09_090A, tail: 0x3E_676E) }
    /// `\t\t<date>`, before a record's date.
    static var dateValue: Self { Self(count: 8, head: 0x3E65_7461_643C_0909, tail: 0x0) }
    /// `</date>\n`, after it.
    static var dateValueEnd: Self { Self(count: 8, head: 0xA3E_6574_6164_2F3C, tail: 0x0) }
    /// `&amp;`, the entity a writer puts for `&`.
    static var ampersandEntity: Self { Self(count: 5, head: 0x3B_706D_6126, tail: 0x0) }
    /// `&lt;`, for `<`.
    static var lessThanEntity: Self { Self(count: 4, head: 0x3B74_6C26, tail: 0x0) }
    /// `&gt;`, for `>`.
    static var greaterThanEntity: Self { Self(count: 4, head: 0x3B74_6726, tail: 0x0) }

    /// Appends the bytes to `output`.
    @inline(__always)
    func append(to output: inout [UInt8]) {
        let literal = self
        output.append(addingCapacity: count) { bytes in
            for index in 0..<literal.count { bytes.append(literal[index]) }
        }
    }
}
