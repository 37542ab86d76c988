import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waiting for a file that another program writes in place to hold a list again.
///
/// The Directory app saves with `Data.write(to:)`, which truncates the file and then writes
/// it: for a moment the file is empty or half-written. A save's merge that reads it then
/// must not take it for a list (an empty one would delete every record), so it watches the
/// file's size and time until it holds a list again or stops changing.
extension FileStore {
    /// How a save waits for a file being written in place to settle.
    public struct SettleWait: Sendable {
        /// The longest wait, in seconds.
        public var limit: Double
        /// How long the size and time must stay the same for the file to count as settled.
        public var quiet: Double
        /// Waits before the next look (the poll number is given); tests replace it.
        public var pause: @Sendable (Int) -> Void

        /// A wait of at most `limit` seconds, settled after `quiet` seconds without a change.
        public init(limit: Double, quiet: Double, pause: @escaping @Sendable (Int) -> Void = { _ in usleep(5_000) }) {
            self.limit = limit
            self.quiet = quiet
            self.pause = pause
        }

        /// About 2 seconds at most, settled after a quarter of a second without a change,
        /// looking every 5 ms: `Data.write` takes far less than that to write a list.
        public static let standard = SettleWait(limit: 2, quiet: 0.25)
    }

    /// Reads the list as `load` does; where the file is empty or not a list, waits for it to
    /// become one (read again after each change) or to stop changing (then throws why it is
    /// not a list), for at most `settleWait.limit` seconds (then throws `unsettled`).
    public func loadSettled(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList?
    {
        var problem: StorageError
        do {
            if let read = try readWhole(location: path, kind: kind, fallback: fallback) { return read }
            problem = .unsettled(path: path)
        } catch {
            guard error.isNotAList else { throw error }
            problem = error
        }
        let start = Self.monotonicSeconds()
        var seen = Self.status(of: path)
        var quietSince = start
        // The writer may have finished between the failed read and this first look (an
        // in-place rewrite of the same size within the clock's tick shows no change): so the
        // file is read once more before it counts as settled.
        var triedSinceChange = false
        var poll = 0
        while true {
            poll += 1
            settleWait.pause(poll)
            let now = Self.monotonicSeconds()
            let status = Self.status(of: path)
            if status != seen {
                seen = status
                quietSince = now
                triedSinceChange = false
            } else if !triedSinceChange {
                // Unchanged since the last look: read what is there now.
                triedSinceChange = true
                do {
                    if let read = try readWhole(location: path, kind: kind, fallback: fallback) { return read }
                    problem = .unsettled(path: path)
                } catch {
                    guard error.isNotAList else { throw error }
                    problem = error
                }
            } else if now - quietSince >= settleWait.quiet {
                throw problem
            }
            if now - start >= settleWait.limit { throw .unsettled(path: path) }
        }
    }

    /// Reads the list as `load` does, but takes it only when no other program wrote the file
    /// while it was read: a read between two chunks of an in-place rewrite can parse as
    /// another valid list, holding values neither side wrote.
    ///
    /// A read lease (`WriterLease`) is taken first: it is granted only while no program has
    /// the file open for writing (a writer still writing is waited for, as a save waits, and
    /// named after a second), and a writer that opens the file during the read waits in `open`
    /// and breaks it. Where no lease can be had, the file read must show the same size and
    /// times after the read as before. `nil` when it changed: the settle loop reads it again
    /// once it stops changing; `.some(nil)` when there is no file.
    private func readWhole(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList??
    {
        let lease = try WriterLease.take(path, shown: path, wait: lockWait)
        defer { lease?.release() }
        guard let read = try read(location: path, kind: kind, fallback: fallback, lease: lease) else {
            return .some(nil)
        }
        guard read.unchanged, lease.map({ $0.isFile(read.file) && !$0.isBroken }) != false else { return nil }
        return .some(read.list)
    }

    /// The file's size, modification time and inode, or `nil` when there is none.
    private static func status(of path: String) -> [Int64]? {
        var info = stat()
        guard unsafe stat(path, &info) == 0 else { return nil }
        return [
            Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ino),
        ]
    }

    /// Seconds on a clock that never jumps, for waits.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        unsafe clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
