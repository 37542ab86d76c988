import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A buffered writer to a file descriptor (standard output or error), so that
/// printing 100,000 rows costs a few system calls, not 100,000.
public final class OutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

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

    /// Writes everything buffered. A closed pipe (EPIPE) drops the output quietly.
    public func flush() {
        _ = DescriptorWrite.all(buffer.span, to: descriptor)
        buffer.removeAll(keepingCapacity: true)
    }
}
