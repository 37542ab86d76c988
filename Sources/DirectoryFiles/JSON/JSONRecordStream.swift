import DirectoryCore

/// What `JSONRecordStream` reads through: a window over a file that moves on (`ReadWindow`
/// from the file's start, `JSONTailWindow` from a record in its middle).
protocol JSONStreamWindow: ~Copyable {
    /// The file offset of the window's first byte.
    var start: Int { get }
    /// The number of bytes in the window.
    var count: Int { get }
    /// Whether the window reaches the end of the file.
    var atEnd: Bool { get }
    /// Calls `body` with the bytes in the window.
    func withBytes<Result, Failure: Error>(_ body: (RawSpan) throws(Failure) -> Result) throws(Failure) -> Result
    /// Drops the bytes before `offset` (an index into the window) and reads on.
    mutating func more(keepingFrom offset: Int)
}

extension ReadWindow: JSONStreamWindow {}

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
///
/// A large file is read in two parts at once where it can be (`JSONRecordStream+Parts.swift`).
enum JSONRecordStream {
    /// Where a read is between two steps.
    struct Cursor {
        /// Where the next step starts in the window.
        var position = 0
        /// The next step.
        var stage = JSONRecordReader.Stage.opening
    }

    /// What one pass of the steps over a window came to.
    enum Pass {
        /// The file is read.
        case done
        /// The window moved on: pass again.
        case more
        /// The steps reached the limit the pass was given; the window did not move.
        case atLimit
    }

    /// Reads every record of the JSON file in `window` into `builder`, in two parts at once
    /// when `split` allows; returns whether it did.
    @discardableResult
    static func read(
        _ window: inout ReadWindow, into builder: inout RecordBuilder, split: Split = .automatic
    ) throws(FileFormatError) -> Bool {
        var cursor = Cursor()
        // The first window alone: its first record decides the kind a second part is read as.
        if try pass(&window, cursor: &cursor, into: &builder) == .done { return false }
        if let tailStart = tailStart(of: window, cursor: cursor, builder: builder, split: split),
            try readInParts(&window, tailStart: tailStart, cursor: &cursor, into: &builder)
        {
            return true
        }
        while try pass(&window, cursor: &cursor, into: &builder) != .done {}
        return false
    }

    /// Runs the steps that complete in `window`, before the file offset `limit`, from
    /// `cursor`, and moves the window on unless the steps reached `limit` or the end. Throws a
    /// failure at the end of the file (with its offset in the whole file).
    static func pass<Window: JSONStreamWindow & ~Copyable>(
        _ window: inout Window, limit: Int = .max, cursor: inout Cursor, into builder: inout RecordBuilder
    ) throws(FileFormatError) -> Pass {
        let fromFileStart = window.start == 0 && cursor.position == 0
        let limited = limit - window.start < window.count
        let end = limited ? limit - window.start : window.count
        let atEnd = window.atEnd && !limited
        var failure: FileFormatError?
        builder.originBase = window.start
        window.withBytes { raw in
            do throws(FileFormatError) {
                try JSONRecordReader.readSteps(
                    Span<UInt8>(_bytes: raw.extracting(0..<end)), fromFileStart: fromFileStart, atEnd: atEnd,
                    position: &cursor.position, stage: &cursor.stage, into: &builder)
            } catch {
                failure = error
            }
        }
        if var failure {
            guard !atEnd else {
                failure.offset = failure.offset.map { $0 + window.start }
                throw failure
            }
        } else if cursor.stage == .done {
            return .done
        }
        if limited { return .atLimit }
        window.more(keepingFrom: cursor.position)
        cursor.position = 0
        return .more
    }
}
