/// Where a table row was in the file it was read from, packed in 32 bits: the offset of its
/// first byte (the `{` of a JSON object), and whether the reader saw it written in the
/// writer's own form (`isPlain`). 0 means nowhere known (no record starts a file). Its end
/// is where the next row starts, less the `,` between (or the file's end, less its `]`):
/// a row is copied only when that is exactly its writer's length.
///
/// A save that replaces the very file the rows were read from copies the bytes of rows it
/// would write the same, instead of encoding them again (`JSONRecordWriter.copyablePrefix`).
package struct RecordOrigin: Equatable {
    /// The packed word: the offset in bits 0–30, `isPlain` in bit 31.
    package let word: UInt32

    /// The largest offset a packed origin holds (files are at most 1 GiB).
    static let offsetLimit = 1 << 31

    package init(word: UInt32) { self.word = word }

    /// The origin of a row at `offset`, or none (0) when it does not fit.
    @inline(__always)
    init(offset: Int, isPlain: Bool) {
        guard offset > 0, offset < Self.offsetLimit else {
            word = 0
            return
        }
        word = UInt32(truncatingIfNeeded: offset) | (isPlain ? 1 << 31 : 0)
    }

    /// Whether an origin is known.
    package var isKnown: Bool { word != 0 }
    /// The file offset of the row's first byte.
    package var offset: Int { Int(word & 0x7FFF_FFFF) }
    /// Whether the reader saw the row as the writer writes it but for white space and escapes,
    /// which only lengthen it: every key of the kind once and no other, the id as 36 digits
    /// and hyphens in upper case, each text as a string read without a step over an escape.
    /// Such a row is its writer's bytes exactly when the file gives it as many bytes as the
    /// writer writes (and the writer escapes none of them); any other row must be compared
    /// byte by byte.
    package var isPlain: Bool { word & 0x8000_0000 != 0 }
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
