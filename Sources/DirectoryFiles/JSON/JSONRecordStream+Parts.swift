import DirectoryCore
import Dispatch
import Synchronization

/// A large JSON list read in two parts at once: the records from a record past the middle of
/// the file to the end (the tail) on a thread of its own, through a `JSONTailWindow`, while
/// the records before it are read through the `ReadWindow` as on one thread.
///
/// The tail starts at a `{` that follows `}` and `,` (with white space only between); text can
/// hold those bytes, so the split is kept only if the first part's steps, run up to that `{`,
/// end exactly there: after a record, with only white space and the `,` left. The first part's
/// steps are then exactly one thread's, and the tail's records read the same as after the `,`
/// on one thread. Whatever else happens (the first part ends elsewhere or fails, the tail
/// fails, the two tables cannot be joined: `RecordBuilder.append(contentsOf:)`), the first part
/// reads on from where it stopped on one thread, so every error is one thread's, with its
/// record number and offset.
///
/// The `ReadWindow` still reads and hashes the whole file in order (the version a load
/// keeps): once the tail is read, it reads on to the end, and the tail's records are taken
/// only if what it read from the tail's start sums to what the tail's window read
/// (`ByteChecksum`); when not (the file changed while it was read), the tail is read again
/// on this thread and must match.
extension JSONRecordStream {
    /// When a file is read in two parts.
    struct Split: Sendable {
        /// The smallest file read in two parts.
        let minimumBytes: Int

        /// One thread, whatever the file.
        static let oneThread = Split(minimumBytes: .max)

        /// Two parts from 32 MiB (about 330,000 people) on a machine with a second core. The
        /// second part costs a thread, a second table faulted in and copied by the join, and a
        /// second read of its bytes: measured at 100,000 people (9.7 MB), 9 % more CPU and no
        /// wall time won; at 1,000,000, a fifth of the load's wall time off for 13 % more CPU.
        static var automatic: Split {
            JSONRecordReader.hasCoresForParts ? Split(minimumBytes: 32 << 20) : .oneThread
        }
    }

    /// What the tail's thread read: its records, and the sum of the bytes it read them from;
    /// `nil` records when it failed.
    struct TailOutcome: Sendable {
        var builder: RecordBuilder?
        var checksum = ByteChecksum()
    }

    /// The tail read on a thread of its own.
    final class TailReading: Sendable {
        private let finished = DispatchSemaphore(value: 0)
        private let outcome = Mutex<TailOutcome?>(nil)

        /// Starts reading the records of the file open at `descriptor` from the `{` at `offset`
        /// on, as records of `kind` that follow the first `recordsBefore`.
        init(descriptor: Int32, from offset: Int, kind: ListKind, fallback: ListKind, recordsBefore: Int, size: Int) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                var builder = JSONRecordReader.tailBuilder(
                    kind: kind, fallback: fallback, recordsBefore: recordsBefore, sizeHint: max(size - offset, 0))
                var window = JSONTailWindow(descriptor: descriptor, from: offset)
                var cursor = Cursor(position: 0, stage: .firstRecord)
                var result = TailOutcome()
                do throws(FileFormatError) {
                    while try pass(&window, cursor: &cursor, into: &builder) != .done {}
                    if !window.failed {
                        result = TailOutcome(builder: builder, checksum: window.checksum)
                    }
                } catch {}
                let finishedOutcome = result
                outcome.withLock { $0 = finishedOutcome }
                finished.signal()
            }
        }

        /// Waits for the tail's thread and takes what it read (once).
        func wait() -> TailOutcome {
            finished.wait()
            return outcome.withLock { $0.take() } ?? TailOutcome()
        }
    }

    /// Where the tail of the file in `window` starts (the offset of a record's `{` past the
    /// middle and past the window), when `split` and what the first window read allow.
    static func tailStart(of window: borrowing ReadWindow, cursor: Cursor, builder: RecordBuilder, split: Split) -> Int?
    {
        let size = window.expectedSize
        guard size >= split.minimumBytes, cursor.stage == .nextRecord, builder.kind != nil, !window.atEnd else {
            return nil
        }
        let from = max(size / 2, window.start + window.count)
        guard from < size else { return nil }
        let look = JSONTailWindow(descriptor: window.descriptor, from: from, capacity: 64 << 10)
        return look.withBytes { raw in JSONRecordReader.recordStart(in: Span<UInt8>(_bytes: raw)).map { from + $0 } }
    }

    /// Reads the file in `window` from `cursor` on in two parts, the second from `tailStart`.
    /// Returns `false` when the first part did not end exactly at `tailStart`, or the tail
    /// failed: `cursor` is then where the first part's steps stopped, and the caller reads on
    /// from there on one thread.
    static func readInParts(
        _ window: inout ReadWindow, tailStart: Int, cursor: inout Cursor, into builder: inout RecordBuilder
    ) throws(FileFormatError) -> Bool {
        guard let kind = builder.kind else { return false }
        let reading = TailReading(
            descriptor: window.descriptor, from: tailStart, kind: kind, fallback: builder.fallback,
            recordsBefore: builder.recordNumber - 1, size: window.expectedSize)
        // The tail's thread reads through the window's descriptor: it is waited for before
        // this returns or throws, and so before the window can close it.
        var tail: TailOutcome?
        defer { if tail == nil { _ = reading.wait() } }
        var pass = Pass.more
        while pass == .more { pass = try self.pass(&window, limit: tailStart, cursor: &cursor, into: &builder) }
        if pass == .done { return true }
        let joint = tailStart - window.start
        guard cursor.stage == .nextRecord,
            window.withBytes({ JSONRecordReader.isJoint(Span<UInt8>(_bytes: $0), from: cursor.position, to: joint) })
        else { return false }
        let outcome = reading.wait()
        tail = outcome
        guard let part = outcome.builder else { return false }

        // The rest of the file through the window, for the file's hash, summed on its own.
        var rest = ByteChecksum()
        var from = joint
        while true {
            window.withBytes { raw in rest.add(raw.extracting(from..<raw.byteCount)) }
            if window.atEnd { break }
            window.more(keepingFrom: window.count)
            from = 0
        }
        // A failed read: the file store reports the window's failure in place of this.
        if window.failure != nil { throw FileFormatError("the file could not be read to its end") }
        cursor.stage = .done
        if rest.matches(outcome.checksum), JSONRecordReader.join(part, after: &builder) {
            return true
        }
        // The parts cannot be joined, or the file changed while it was read: the tail again,
        // here, into `builder`, and it must be what the window hashed.
        var again = JSONTailWindow(descriptor: window.descriptor, from: tailStart)
        var tailCursor = Cursor(position: 0, stage: .firstRecord)
        while try self.pass(&again, cursor: &tailCursor, into: &builder) != .done {}
        guard !again.failed, again.checksum.matches(rest) else {
            throw FileFormatError("the file changed while it was read; load it again")
        }
        return true
    }
}
