import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The recovery journal in scripts: written in batches, at most about a second behind,
/// and always before a read that could wait (a pipe whose writer pauses), so that a
/// 100,000-line script does not flush to disk per line.
extension ScriptRunner {
    /// The next line, with the journal written first when it is due or the read may wait;
    /// a SIGHUP or SIGTERM while waiting with the journal written ends the program at once.
    mutating func nextLine(_ lines: inout some LineSource, clock: inout JournalClock) -> InputLine? {
        if session.hasPendingRecovery, lines.mayWait || clock.isDue() {
            if let problem = session.flushRecovery() { printer.print(.warning(problem)) }
            clock.restart()
        }
        guard lines.mayWait else { return lines.next() }
        return Termination.waiting(for: session) { lines.next() }
    }
}

/// When the journal was last written, on the monotonic clock, read once every
/// `linesPerReading` lines (a few microseconds of script) rather than per line.
struct JournalClock {
    /// How long changes may wait before they are written, in nanoseconds.
    static let interval: UInt64 = 1_000_000_000
    /// How many lines pass between readings of the clock.
    static let linesPerReading = 256
    private var last = JournalClock.now()
    private var countdown = 0

    /// Whether `interval` has passed since the last write (checked every `linesPerReading` calls).
    mutating func isDue() -> Bool {
        countdown -= 1
        guard countdown <= 0 else { return false }
        countdown = Self.linesPerReading
        return Self.now() &- last >= Self.interval
    }

    /// Starts the interval again.
    mutating func restart() { last = Self.now() }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
