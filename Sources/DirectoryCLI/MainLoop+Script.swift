import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The loop without a person at the terminal: a pipe, a script file or `-c`. No prompt, no
/// banner; results on standard output, errors on standard error with their line, and an exit
/// status that says whether every line worked.
extension MainLoop {
    /// Runs every line of `source` as a script; returns the exit status (0 all went well, 1 otherwise).
    mutating func runScript(_ source: inout some LineSource) -> Int32 {
        switch run(&source) {
        case .quit:
            let written = reportOutputFailure()
            session.endRecovery()
            return lineFailed || !written ? 1 : 0
        case .exhausted(let failed):
            let written = reportOutputFailure()
            if let status = Termination.status(ending: &session, errors: printer.errors) { return status }
            let kept = session.endScriptRecovery()
            if warnIfUnsaved(journalKept: kept) { return 1 }
            return failed || !written ? 1 : 0
        case .stopped(let failedOpen):
            // A signal during the line that stopped it (Ctrl-C, SIGTERM) ends it as the signal does.
            if let status = Termination.status(ending: &session, errors: printer.errors) {
                _ = reportOutputFailure()
                return status
            }
            if failedOpen {
                printer.error(
                    "script stopped: the lines after an open that failed or named no list were written for another list, "
                        + "so they were not run on \(session.listName)",
                    at: "directory: ")
            }
            warnIfUnsaved(journalKept: session.endScriptRecovery())
            _ = reportOutputFailure()
            return 1
        case .exit(let status):
            return status
        case .interrupted:
            // Only a file sourced at the prompt is interrupted so; a script has no prompt.
            return 130
        }
    }

    /// Runs the script as `runScript(_:)` does, for a process that ends right after: the
    /// session is left allocated, because freeing a million records one by one would only
    /// delay the exit.
    consuming func runScriptToExit(_ source: inout some LineSource) -> Int32 {
        if type(of: source).mayBeLong { Self.keepFreedMemory() }
        let status = runScript(&source)
        // A retain never released, so the session is never freed: no pointer is made or kept.
        _ = unsafe Unmanaged.passRetained(SessionHolder(session))
        return status
    }

    /// Has the allocator keep the memory a long script frees, for the process's later
    /// allocations, rather than give it back to the system at once.
    ///
    /// A script of 100,000 `new` and `set` grows its arrays (the table's, the change notes',
    /// the added keys') by doubling: glibc maps each copy past 128 KiB afresh and unmaps the
    /// old one, so every page of every copy is a page fault (8,900 in the benchmark's script,
    /// a fifth of its time). Kept in the heap, what one array frees the next copies reuse:
    /// 5,750 faults (5,000 with the per-line notes in a `ChunkedList`), for a peak under 1 MiB
    /// higher. Arrays past 32 MiB (glibc's own bound for the threshold it moves by itself) are
    /// still mapped apart, and the process's end gives everything back.
    private static func keepFreedMemory() {
        #if os(Linux)
            // `mallopt` is in <malloc.h>, which the Glibc module leaves out: looked up by name.
            // The options' numbers (M_TRIM_THRESHOLD, M_MMAP_THRESHOLD) are glibc's.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let trimThreshold: Int32 = -1
            let mmapThreshold: Int32 = -3
            // A nil handle is `RTLD_DEFAULT`: the loaded C library's symbol.
            guard let symbol = unsafe dlsym(nil, "mallopt") else { return }
            let mallopt = unsafe unsafeBitCast(symbol, to: Mallopt.self)
            _ = mallopt(mmapThreshold, 32 << 20)
            _ = mallopt(trimThreshold, 256 << 20)
        #endif
    }

    /// Writes what is left of the output; says on standard error when standard output could
    /// not be written, and returns whether it could.
    private func reportOutputFailure() -> Bool {
        printer.output.flush()
        guard printer.output.failure != 0 else { return true }
        if let problem = printer.output.takeFailure() { printer.error(problem, at: "directory: ") }
        return false
    }

    /// Writes the recovery journal in a script, which `run` does in batches, at most about a
    /// second behind and always before a read that could wait (a pipe whose writer pauses),
    /// so that a 100,000-line script does not flush to disk per line.
    mutating func writeRecoveryJournal(clock: inout JournalClock) {
        if let problem = session.flushRecovery() { printer.print(.warning(problem)) }
        clock.restart()
    }

    /// Whether reading the file at `path` may wait: a FIFO, a pipe (`/dev/stdin`), a device or a
    /// socket, whose writer may pause or never write again.
    static func readingMayWait(_ path: String, environment: [String: String]) -> Bool {
        let home = environment["HOME"].map { ["HOME": $0] } ?? [:]
        var status = stat()
        guard unsafe stat(DataPaths(environment: home).expandingTilde(path), &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
    }

    /// A command that reads a file that may wait (`import` of a FIFO): as the loop's own wait for
    /// a line, the journal is written and the output shown first, and a signal that ends the
    /// program (SIGTERM, SIGHUP, Ctrl-C in a script) ends it at once, the journal holding the
    /// changes before the command and nothing of the command.
    mutating func applyReadingStream(_ command: Command, interactive: Bool) throws(LineError) -> CommandOutput {
        if session.hasPendingRecovery, let problem = session.flushRecovery() { printer.print(.warning(problem)) }
        printer.output.flush()
        let waited = session
        let result: Result<CommandOutput, LineError> = Termination.waiting(for: waited) {
            do throws(LineError) {
                return .success(interactive ? try applyAtPrompt(command) : try applyInScript(command))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// After Ctrl-C cancelled a database statement: a script stops there (as a Ctrl-C would
    /// have stopped it anywhere else), its unsaved changes waiting in the recovery journal.
    mutating func endInterrupted() -> Int32 {
        session.flushRecovery()
        let subject = "the unsaved changes to \(session.listName)"
        let unsaved =
            session.hasUnsavedChanges ? "; " + Termination.unsavedChangesPlace(subject, plural: true, of: session) : ""
        printer.error("interrupted by Ctrl-C: the script stopped\(unsaved)", at: "directory: ")
        printer.output.flush()
        return 130
    }

    /// Says on standard error that changes are left unsaved (and, when `journalKept`, that
    /// the recovered ones among them wait in the recovery journal again); returns whether
    /// there were any.
    @discardableResult
    private func warnIfUnsaved(journalKept: Bool) -> Bool {
        let count = session.unsavedChanges().count
        guard count > 0 else { return false }
        let what = Counted.text(count, "unsaved change")
        let (verb, them) = count == 1 ? ("was", "it") : ("were", "them")
        guard journalKept else {
            printer.error(
                "warning: \(what) to \(session.listName) \(verb) not saved; end the script with 'save' "
                    + "(or 'quit!' to discard \(them))",
                at: "directory: ")
            return true
        }
        let waits = count == 1 ? "it waits" : "they wait"
        let kept =
            session.lastSaveFailed
            ? "the save failed, so \(waits) in the recovery journal: once the cause is fixed, open "
                + "\(session.listName) again and type 'recover' (or 'discard' to delete them)"
            : "\(waits) in the recovery journal, with the changes 'recover' brought back: 'recover' brings them "
                + "back again, 'discard' deletes them"
        printer.error("warning: \(what) to \(session.listName) \(verb) not saved; \(kept)", at: "directory: ")
        return true
    }
}

/// A reference that keeps a session's records allocated until the process exits.
private final class SessionHolder {
    let session: Session
    init(_ session: Session) { self.session = session }
}

/// When the recovery journal was last written, on the monotonic clock, read once every
/// `linesPerReading` lines (a few microseconds of script) rather than per line.
struct JournalClock {
    /// How long changes may wait before they are written.
    static let interval: Duration = .seconds(1)
    /// How many lines pass between readings of the clock.
    static let linesPerReading = 256
    private var last = JournalClock.now()
    private var countdown = 0

    /// Whether `interval` has passed since the last write (checked every `linesPerReading` calls).
    mutating func isDue() -> Bool {
        countdown -= 1
        guard countdown <= 0 else { return false }
        countdown = Self.linesPerReading
        return last.duration(to: Self.now()) >= Self.interval
    }

    /// Starts the interval again.
    mutating func restart() { last = Self.now() }

    /// The monotonic clock, which stops while the machine sleeps.
    private static func now() -> SuspendingClock.Instant { SuspendingClock.now }
}
