/// The steps of reading a JSON list, run on as much of the file as a reader holds at a
/// time (`JSONRecordStream` in DirectoryFiles reads a window at a time): the opening `[`,
/// each record with the `,` before it, the closing `]`. The loop over the records of a
/// window is here, beside the steps it runs, so that it is compiled with them.
extension JSONRecordReader {
    /// The step a reader is at between two parts of a file.
    package enum Stage: Sendable {
        case opening, firstRecord, nextRecord, closing, done
    }

    /// Runs the steps that complete inside `bytes`, from `position` (from a byte order mark
    /// or the first byte when `fromFileStart`), moving `stage` on and `position` past each
    /// step that completed; the closing step completes only `atEnd`. Throws the failure of
    /// the step that did not complete: one that `bytes` may only have cut short unless `atEnd`.
    package static func readSteps(
        _ bytes: Span<UInt8>, fromFileStart: Bool, atEnd: Bool, position: inout Int, stage: inout Stage,
        into builder: inout RecordBuilder
    ) throws(FileFormatError) {
        var scanner = fromFileStart ? JSONScanner(bytes) : JSONScanner(bytes, at: position)
        var guesses = JSONKeyGuesses()
        while stage != .done {
            switch stage {
            case .opening:
                try readOpening(&scanner)
                // Whether the list is empty shows only after the `[`: run the step again with more.
                if !atEnd, scanner.peekSignificant() == nil { throw scanner.error("cut short") }
                stage = scanner.consume(UInt8(ascii: "]")) ? .closing : .firstRecord
            case .firstRecord:
                try readRecord(&scanner, into: &builder, guesses: &guesses)
                stage = .nextRecord
            case .nextRecord:
                if try continueRecords(&scanner, after: builder.recordNumber - 1) {
                    try readRecord(&scanner, into: &builder, guesses: &guesses)
                } else {
                    stage = .closing
                }
            case .closing:
                try readClosing(&scanner)
                position = scanner.position
                // Only white space so far; the end of the file decides.
                guard atEnd else { return }
                stage = .done
            case .done:
                break
            }
            position = scanner.position
        }
    }
}
