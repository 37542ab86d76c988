@testable import DirectoryCore

// What the targets share, kept to the few calls into DirectoryCore that they need,
// so a changed signature is adapted here once. `scripts/fuzz check` (run by CI)
// builds every target, so such a change cannot go unnoticed.

/// The input libFuzzer hands a target, as bytes.
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}

/// The list in `bytes` read as `format`, as a store reads a file.
func decodeList(
    _ bytes: [UInt8], format: FileFormat, kind: ListKind?, fallback: ListKind = .person
) throws(FileFormatError) -> (kind: ListKind, records: RecordList) {
    try RecordCodec.decode(bytes.span.bytes, format: format, kind: kind, fallback: fallback)
}

/// The format `bytes` are in, as a store tells it when it reads a file.
func sniffFormat(_ bytes: [UInt8]) -> FileFormat? {
    FileFormat.sniff(bytes.span.bytes)
}

/// What every reader target checks: reading never crashes, and a list that
/// was read can be written in the same format and read back to the same records.
enum ReaderProperty {
    /// Decodes `bytes` as `format` with each way of choosing the kind, and
    /// checks the round trip of whatever decodes.
    static func check(_ bytes: [UInt8], format: FileFormat) {
        for kind in [nil, ListKind.person, ListKind.bucket] {
            guard let decoded = try? decodeList(bytes, format: format, kind: kind) else { continue }
            let written = RecordCodec.encode(decoded.records, kind: decoded.kind, format: format)
            guard let again = try? decodeList(written, format: format, kind: decoded.kind) else {
                fatalError("a written \(format) list does not read back")
            }
            if again.records.map(\.id) != decoded.records.map(\.id) {
                fatalError("a round trip through \(format) changed the records' ids")
            }
            if format != .binaryPlist {
                checkPieces(decoded.records, kind: decoded.kind, format: format, whole: written)
            }
        }
    }

    /// A save writes JSON and XML property lists in pieces and hashes them as they come:
    /// small pieces must add up to the same bytes, and the same hash, as the file written whole.
    static func checkPieces(_ records: RecordList, kind: ListKind, format: FileFormat, whole: [UInt8]) {
        var pieces: [[UInt8]] = []
        let keep = { (span: Span<UInt8>) in
            var piece: [UInt8] = []
            piece.append(span)
            pieces.append(piece)
        }
        if format == .json {
            JSONRecordWriter.write(records, kind: kind, pieceSize: 7, emit: keep)
        } else {
            XMLPlistRecordWriter.write(records, kind: kind, pieceSize: 7, emit: keep)
        }
        var hash = ContentHash()
        for piece in pieces { piece.span.withRawBytes { hash.add($0) } }
        if Array(pieces.joined()) != whole {
            fatalError("the \(format) written in pieces differs from the file written whole")
        }
        if hash.value != ContentHash.of(whole) { fatalError("the hash of the pieces differs from the whole's") }
    }
}
