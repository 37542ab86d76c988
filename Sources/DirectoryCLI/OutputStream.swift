import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A buffered writer to a file descriptor (standard output or error), so that
/// printing 100,000 rows costs a few system calls, not 100,000.
///
/// A write that fails (a full disk, `/dev/full`, a closed descriptor) is remembered, as
/// `cat` and `jq` do, so that the front end can say so and end with status 1; from then on
/// the output is dropped, leaving what was written a whole prefix. A pipe whose reader has
/// gone (EPIPE, when SIGPIPE is ignored) is not a failure: the output is dropped quietly.
public final class OutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var failureReported = false

    /// The `errno` of the first write that failed, other than EPIPE; 0 while every write worked.
    public private(set) var failure: Int32 = 0

    /// A writer to `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Whether everything written so far ends with a line end (or nothing was written).
    public private(set) var endsLine = true

    /// Appends `text`; it is written when the buffer fills or on `flush()`.
    public func write(_ text: String) {
        if let last = text.utf8.last { endsLine = last == UInt8(ascii: "\n") }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends `text` and a newline.
    public func line(_ text: String) {
        write(text)
        write("\n")
    }

    /// Ends the line that output left unfinished (an export with no final newline), so that
    /// what comes next, such as the prompt, starts a line of its own; then writes everything.
    public func finishLine() {
        if !endsLine { write("\n") }
        flush()
    }

    /// Writes everything buffered. A closed pipe (EPIPE) drops the output quietly; after a
    /// failure (`failure`), everything is dropped.
    public func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == 0, !buffer.isEmpty else { return }
        let result = DescriptorWrite.all(buffer.span, to: descriptor)
        if result != 0, result != EPIPE { failure = result }
    }

    /// Once, after a write failed: what the user reads about it, naming the output as `name`
    /// ("standard output"); `nil` while every write worked or once it was said.
    public func takeFailure(name: String = "standard output") -> String? {
        guard failure != 0, !failureReported else { return nil }
        failureReported = true
        let reason = failure == EBADF ? "it is closed" : SystemError.describe(failure)
        return "could not write to \(name): \(reason); the output from there on was dropped"
    }

    /// Writes everything buffered and returns `status`, or 1 after saying on `errors` that
    /// the output could not be written: the last step of a run that printed something.
    public func finish(status: Int32, errors: OutputStream) -> Int32 {
        flush()
        guard let problem = takeFailure() else { return status }
        errors.line("directory: " + problem)
        errors.flush()
        return status == 0 ? 1 : status
    }
}
