import Dispatch
import Synchronization

/// A large file's one-shot `find` in two halves at once: the records from a record past the
/// middle to the end (the tail) scanned by a `JSONFindScan` of their own on another thread,
/// each half with its own window and builder, while this scan's steps run up to the tail's
/// start. The split is found and checked as the load's is (`JSONRecordStream+Parts.swift` in
/// DirectoryFiles): a `{` after `}` and `,` (`JSONRecordReader.recordStart(in:)`), kept only
/// when the first half's steps end exactly there (`endsAtJoint`). The tail's rows, numbers
/// and id fingerprints are then joined after the first half's (`join(_:)`), so a repeated id
/// across the halves is found as within one. Anything else (the first half ends elsewhere,
/// the tail fails or cannot be joined) and this scan reads on from where its steps stopped,
/// as one thread does.
extension JSONFindScan {
    /// When a file's scan is split in two halves.
    package struct Split: Sendable {
        /// The smallest file split.
        var minimumBytes: Int
        /// The file offset from which the tail's start is looked for; `nil` for the middle
        /// of the file (tests split small files at every offset).
        var lookFrom: Int?

        /// Files of `minimumBytes` or more split, looking for the tail's start from `lookFrom`.
        init(minimumBytes: Int, lookFrom: Int? = nil) {
            self.minimumBytes = minimumBytes
            self.lookFrom = lookFrom
        }

        /// One thread, whatever the file.
        package static let oneThread = Split(minimumBytes: .max)

        /// Two halves from 32 MiB (about 330,000 people) on a machine with a second core, as
        /// the load splits: measured at 100,000 people (9.7 MB), a tail (a thread, a window,
        /// a folding table) cost 6 % more CPU and won no wall time.
        package static var automatic: Split {
            JSONRecordReader.hasCoresForParts ? Split(minimumBytes: 32 << 20) : .oneThread
        }
    }

    /// How far past where it is looked for a tail's start must be; also how far the first
    /// record must end for a file to be split.
    static let lookLength = 64 << 10

    /// Where the tail of `file` starts, when `split` allows: the first `{` after `}` and `,`
    /// from the middle on (and from `offset`, where this scan's steps stand).
    static func tailStart(in file: some FindScanFile, after offset: Int, split: Split) -> Int? {
        guard file.size >= split.minimumBytes else { return nil }
        let from = max(split.lookFrom ?? file.size / 2, offset)
        guard from < file.size else { return nil }
        var look: [UInt8] = []
        while look.count < lookLength {
            guard file.read(at: from + look.count, atMost: lookLength - look.count, appendingTo: &look) > 0 else {
                break
            }
        }
        return JSONRecordReader.recordStart(in: look.span).map { from + $0 }
    }

    /// Reads `file` in two halves, the tail from `tailStart` on another thread, this scan's
    /// steps in `window` from `position` up to `tailStart`. `.done` when the halves are
    /// joined; `.unsure` when the first half cannot be read; otherwise `.needsMore`, and this
    /// scan's steps stopped at `position` in `window`, to read on alone (or, should the file
    /// have ended before `tailStart`, what they came to at its end).
    mutating func readInHalves(
        _ file: some FindScanFile, window: inout FindScanWindow, position: inout Int, tailStart: Int
    ) -> Progress {
        guard let made = tailParameters else { return .needsMore }
        let tail = TailScan(
            file, from: tailStart, text: made.text, kind: made.kind, fallback: made.fallback,
            windowSize: window.capacity)
        var progress = Progress.needsMore
        var readable = true
        while true {
            progress = pass(&window, position: &position, limit: tailStart)
            if progress != .needsMore || window.end >= tailStart || window.atEnd { break }
            window.moveOn(to: position)
            position = 0
            readable = window.fill(from: file)
            if !readable { break }
        }
        let joint =
            readable && progress == .needsMore && window.end >= tailStart
            && endsAtJoint(tailStart - window.start, in: window.bytes.span, position: position)
        if !joint { tail.stop() }
        // Waited for on every path: the tail reads through the caller's file.
        let part = tail.wait()
        guard readable else { return .unsure }
        if joint, let part, join(part) { return .done }
        return progress
    }
}

/// The tail of a file's one-shot `find`, scanned on a thread of its own.
private final class TailScan: Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Mutex<JSONFindScan.Tail?>(nil)
    private let stopping = Atomic<Bool>(false)

    /// A tail that starts inside a text may read as one long step: it gives up once its
    /// window would pass this, and the first half reads on alone.
    private static let largestWindow = 16 << 20

    /// Starts scanning the records of `file` from the `{` at `offset` on, for `text`, as
    /// records of `kind`.
    init(
        _ file: some FindScanFile, from offset: Int, text: String, kind: ListKind, fallback: ListKind, windowSize: Int
    ) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let found = scan(file, from: offset, text: text, kind: kind, fallback: fallback, windowSize: windowSize)
            outcome.withLock { $0 = found }
            finished.signal()
        }
    }

    /// Asks the scan to stop at its next window: its outcome is not wanted.
    func stop() { stopping.store(true, ordering: .relaxed) }

    /// Waits for the scan (once) and takes what it found: `nil` when it failed or stopped.
    func wait() -> JSONFindScan.Tail? {
        finished.wait()
        return outcome.withLock { $0.take() }
    }

    private func scan(
        _ file: some FindScanFile, from offset: Int, text: String, kind: ListKind, fallback: ListKind, windowSize: Int
    ) -> JSONFindScan.Tail? {
        var scan = JSONFindScan(tailFor: text, kind: kind, fallback: fallback)
        var window = FindScanWindow(from: offset, capacity: windowSize)
        var position = 0
        while !stopping.load(ordering: .relaxed) {
            guard window.fill(from: file) else { return nil }
            switch scan.pass(&window, position: &position) {
            case .done: return scan.finishedTail()
            case .unsure: return nil
            case .needsMore: break
            }
            guard !window.atEnd else { return nil }
            window.moveOn(to: position)
            position = 0
            guard window.capacity <= Self.largestWindow else { return nil }
        }
        return nil
    }
}
