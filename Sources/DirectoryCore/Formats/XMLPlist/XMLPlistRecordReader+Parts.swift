import Dispatch
import Synchronization

/// A large XML property list's records read in two parts at once: those from a record past
/// the middle of the file to `</array>` (the tail) on a thread of their own, while those
/// before it are read as on one thread. The whole file is in memory, so both parts read the
/// same bytes from the start.
///
/// The tail starts at a `<dict>` that follows `</dict>` with white space only between. Text,
/// a comment, a CDATA section or a nested dictionary can hold those bytes, so the tail is kept
/// only if the first part's steps, run up to it, end exactly there: at the top array's next
/// element, after a record. The first part's steps are then exactly one thread's, and the tail's
/// records read as they read there on one thread (`XMLPlistRecordRun`). Whatever else happens
/// (the first part ends elsewhere, the tail fails, the two tables cannot be joined:
/// `RecordBuilder.append(contentsOf:)`), the first part reads on from where it stopped on one
/// thread, so every error is one thread's, with its record number and offset.
extension XMLPlistRecordReader {
    /// When a file is read in two parts.
    struct Split: Sendable {
        /// The smallest file read in two parts.
        let minimumBytes: Int

        /// One thread, whatever the file.
        static let oneThread = Split(minimumBytes: .max)

        /// Two parts from 64 MiB (about 340,000 people) on a machine with a second core. The
        /// tail costs a thread, a second table faulted in and copied by the join: measured on a
        /// quiet machine, a load of 200,000 people (39 MB) took 2 % less wall time for 19 % more
        /// CPU, one of 350,000 (68 MB) 16 % less, one of 1,000,000 (196 MB) 13 % less
        /// (docs/performance.md, "the XML plist's records in two parts").
        static var automatic: Split {
            RecordReadSplit.automatic.parts > 1 ? Split(minimumBytes: 64 << 20) : .oneThread
        }
    }

    /// How far past the middle of a file a record's start is looked for: past it, the file
    /// is read on one thread.
    static let tailSearchBytes = 1 << 20

    /// What `readInParts` did.
    enum PartsOutcome: Equatable {
        /// The tail was kept: every record is read, and the top array's `</array>`, which ends
        /// at this offset.
        case joined(through: Int)
        /// The first part read every record (the tail started after them), and the top
        /// array's `</array>`, which ends at this offset.
        case read(through: Int)
        /// The first part stopped at this offset (at the top array's next element), from
        /// which one thread reads on.
        case readOn(from: Int)
    }

    /// What one part read.
    private struct PartOutcome: Sendable {
        /// The part's records: the first part's always, the tail's when it read them all.
        var builder: RecordBuilder?
        /// What the first part's steps carry on to the next record.
        var run: XMLPlistRecordRun?
        /// The first part's error.
        var error: FileFormatError?
        /// Why the first part stopped.
        var stop: XMLPlistRecordRun.Stop?
        /// Where the part stopped.
        var position = 0
    }

    /// Reads the top array's records and its `</array>`, in two parts when `split` allows and
    /// the tail can be kept. Returns whether it was.
    static func readArray(
        from scanner: inout XMLPlistScanner, into builder: inout RecordBuilder, split: Split
    ) throws(FileFormatError) -> Bool {
        var run = XMLPlistRecordRun()
        // The first record decides the kind, which the tail's records need.
        guard try readRecords(from: &scanner, into: &builder, run: &run, before: 0) == .limit else { return false }
        if let tail = tailStart(in: scanner.bytes, after: scanner.position, split: split) {
            switch try readInParts(scanner.bytes, from: scanner.position, tail: tail, run: &run, into: &builder) {
            case .joined(let end):
                scanner.position = end
                return true
            case .read(let end):
                scanner.position = end
                return false
            case .readOn(let position):
                scanner.position = position
            }
        }
        _ = try readRecords(from: &scanner, into: &builder, run: &run, before: .max)
        return false
    }

    /// Where the tail of `bytes` may start, when `split` allows two parts: the offset of a
    /// `<dict>` that follows `</dict>` and white space, past the middle and past `position`.
    static func tailStart(in bytes: Span<UInt8>, after position: Int, split: Split) -> Int? {
        guard bytes.count >= split.minimumBytes else { return nil }
        let scanner = XMLPlistScanner(bytes)
        var index = max(bytes.count / 2, position + 1)
        let end = min(bytes.count, index + tailSearchBytes)
        while index < end {
            if bytes[index] == UInt8(ascii: "<"), scanner.hasPrefix(.dict, at: index) {
                var before = index - 1
                while before >= 0, XMLPlistScanner.isSpace(bytes[before]) { before -= 1 }
                if scanner.hasPrefix(.dictEnd, at: before - 6) { return index }
            }
            index += 1
        }
        return nil
    }

    /// Reads the records of the top array of `bytes` from `position` (the first part, with
    /// what `run` and `builder` carry) and from `tail` (the tail) at once. Throws the first
    /// part's error, which is one thread's; returns where one thread reads on when the tail
    /// cannot be kept, `run` and `builder` then as the first part left them.
    static func readInParts(
        _ bytes: Span<UInt8>, from position: Int, tail: Int, run: inout XMLPlistRecordRun,
        into builder: inout RecordBuilder
    ) throws(FileFormatError) -> PartsOutcome {
        guard let kind = builder.kind else { return .readOn(from: position) }
        let fallback = builder.fallback
        // The builder and run move to the first part's thread; left here, they would be
        // shared, and the first record would copy their arrays.
        let handed = Mutex<(builder: RecordBuilder, run: XMLPlistRecordRun)?>((builder, run))
        builder = RecordBuilder(kind: kind, fallback: fallback)
        run = XMLPlistRecordRun(strings: StringInterner(slots: 1))
        let outcomes = Mutex<[PartOutcome]>([PartOutcome(), PartOutcome()])
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            var outcome = PartOutcome()
            var scanner = XMLPlistScanner(bytes)
            if part == 0 {
                guard var (partBuilder, partRun) = handed.withLock({ $0.take() }) else { return }
                scanner.position = position
                do throws(FileFormatError) {
                    outcome.stop = try readRecords(from: &scanner, into: &partBuilder, run: &partRun, before: tail)
                } catch {
                    outcome.error = error
                }
                outcome.builder = partBuilder
                outcome.run = partRun
            } else {
                // Numbered from 1: an error of the tail's is never shown (one thread reads it again).
                var partBuilder = RecordBuilder(
                    kind: kind, fallback: fallback, sizeHint: bytes.count - tail, recordsBefore: 0)
                var partRun = XMLPlistRecordRun()
                scanner.position = tail
                do throws(FileFormatError) {
                    if try readRecords(from: &scanner, into: &partBuilder, run: &partRun, before: .max) == .arrayEnd {
                        outcome.builder = partBuilder
                    }
                } catch {}
            }
            outcome.position = scanner.position
            let finished = outcome
            outcomes.withLock { $0[part] = finished }
        }
        // Taken out, not copied: a builder held twice would copy its arrays when joined.
        var results = outcomes.withLock { all in
            defer { all = [] }
            return all
        }
        guard let first = results[0].builder.take(), let firstRun = results[0].run.take() else {
            // Not reached (the first part always takes them): read on one thread from `position`.
            if let back = handed.withLock({ $0.take() }) { (builder, run) = back }
            return .readOn(from: position)
        }
        builder = first
        run = firstRun
        if let error = results[0].error { throw error }
        if results[0].stop == .arrayEnd { return .read(through: results[0].position) }
        guard results[0].position == tail, let records = results[1].builder.take(),
            builder.append(contentsOf: records)
        else { return .readOn(from: results[0].position) }
        return .joined(through: results[1].position)
    }
}
