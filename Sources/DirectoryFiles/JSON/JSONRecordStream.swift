import DirectoryCore

/// Reads a JSON list file through a `ReadWindow`: the records in the window are read
/// in one go, then the window moves on past them, so a file of any size is read
/// through a few megabytes. What it accepts and every error it reports (with offsets
/// in the whole file) are those of `JSONRecordReader`, whose steps it runs.
///
/// A step (the opening `[`, or a `,` and the record after it) either completes inside
/// the window or fails; a failure before the end of the file may only mean the window
/// cut the step short, so the window moves to the step's start, reads on (growing when
/// one step is bigger than it), and the step runs again. At the end of the file a
/// failure is the file's.
enum JSONRecordStream {
    /// Reads every record of the JSON file in `window` into `builder`.
    static func read(_ window: inout ReadWindow, into builder: inout RecordBuilder) throws(FileFormatError) {
        var position = 0
        var stage = JSONRecordReader.Stage.opening
        while stage != .done {
            let fromFileStart = window.start == 0 && position == 0
            let atEnd = window.atEnd
            var failure: FileFormatError?
            window.withBytes { raw in
                do throws(FileFormatError) {
                    try JSONRecordReader.readSteps(
                        Span<UInt8>(_bytes: raw), fromFileStart: fromFileStart, atEnd: atEnd, position: &position,
                        stage: &stage, into: &builder)
                } catch {
                    failure = error
                }
            }
            if var failure {
                guard !atEnd else {
                    failure.offset = failure.offset.map { $0 + window.start }
                    throw failure
                }
            } else if stage == .done {
                return
            }
            window.more(keepingFrom: position)
            position = 0
        }
    }
}
