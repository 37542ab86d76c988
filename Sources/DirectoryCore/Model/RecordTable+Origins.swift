/// Where a table row was in the file it was read from, packed in a word: the offset of its
/// first byte (the `{` of a JSON object), its length, and whether the reader saw it written
/// in the writer's own form (`isPlain`). 0 means nowhere known.
///
/// A save that replaces the very file the rows were read from copies the bytes of rows it
/// would write the same, instead of encoding them again (`JSONRecordWriter.copyablePrefix`).
package struct RecordOrigin: Equatable {
    /// The packed word: offset in bits 25–63, length in bits 1–24, `isPlain` in bit 0.
    package let word: UInt64

    /// The largest length a packed origin holds; a longer row has none.
    static let lengthLimit = 1 << 24
    /// The largest offset a packed origin holds.
    static let offsetLimit = 1 << 39

    package init(word: UInt64) { self.word = word }

    /// The origin of `length` bytes at `offset`, or none (0) when either does not fit.
    @inline(__always)
    init(offset: Int, length: Int, isPlain: Bool) {
        guard length > 0, length < Self.lengthLimit, offset >= 0, offset < Self.offsetLimit else {
            word = 0
            return
        }
        word = UInt64(offset) << 25 | UInt64(length) << 1 | (isPlain ? 1 : 0)
    }

    /// Whether an origin is known.
    package var isKnown: Bool { word != 0 }
    /// The file offset of the row's first byte.
    package var offset: Int { Int(word >> 25) }
    /// The number of bytes the row took in the file.
    package var length: Int { Int(word >> 1 & 0xFF_FFFF) }
    /// Just past the row's last byte.
    package var end: Int { offset &+ length }
    /// Whether the reader saw the row as the writer writes it but for white space and escapes,
    /// which only lengthen it: every key of the kind once and no other, the id as 36 digits
    /// and hyphens in upper case, each text as a string read without a step over an escape.
    /// Such a row is its writer's bytes exactly when it is as long as they are (and the
    /// writer escapes none of its bytes); any other row must be compared byte by byte.
    package var isPlain: Bool { word & 1 != 0 }
}

/// The file a table's rows were read from, as far as a save needs it to copy them: its size
/// and content hash (its version), and the state of the hash at some offsets, so that the
/// hash of a new file that begins with the same bytes can go on from there.
package struct RecordSource: Sendable {
    /// The file's size when read.
    package let size: Int
    /// The file's content hash (`ContentHash`), its version's.
    package let hash: UInt64
    /// The hash's state after the file's first `offset` bytes, offsets in increasing order.
    package let checkpoints: [(offset: Int, state: ContentHash)]

    package init(size: Int, hash: UInt64, checkpoints: [(offset: Int, state: ContentHash)]) {
        self.size = size
        self.hash = hash
        self.checkpoints = checkpoints
    }

    /// The last checkpoint at or before `offset` (the empty hash at 0 when none is).
    package func checkpoint(atOrBefore offset: Int) -> (offset: Int, state: ContentHash) {
        checkpoints.last { $0.offset <= offset } ?? (0, ContentHash())
    }
}

extension RecordTable {
    /// Where `row` was in the file the table was read from (`RecordOrigin`); none when unknown.
    @inline(__always)
    package func origin(ofRow row: Int) -> RecordOrigin {
        row < origins.count ? RecordOrigin(word: origins[row]) : RecordOrigin(word: 0)
    }
}

extension RecordTable.Builder {
    /// Notes where row `row`, just added, was in the file; a row noted out of turn drops every
    /// origin (they are kept only for all rows).
    @inline(__always)
    mutating func noteOrigin(_ origin: RecordOrigin, row: Int) {
        if origins.count == row { origins.append(origin.word) }
    }
}
