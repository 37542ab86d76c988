#if canImport(Glibc)
    import Glibc
#endif

/// One line of input, or why it cannot be used.
enum InputLine: Equatable {
    /// A line of text, without its line break.
    case text(String)
    /// A line that is not text: invalid UTF-8, a NUL byte, or too long.
    case unusable(String)
}

/// Where script lines come from: standard input, a script file, or `-c` arguments.
protocol LineSource {
    /// The next line, or `nil` at the end.
    mutating func next() -> InputLine?
}

/// The `-c` commands, one line each.
struct ArgumentLines: LineSource {
    var lines: [String]
    var index = 0

    mutating func next() -> InputLine? {
        guard index < lines.count else { return nil }
        defer { index += 1 }
        return .text(lines[index])
    }
}

/// Lines read from a file descriptor in large blocks, split on `\n`.
///
/// This is the script path: no line editor, no per-line system call. A line
/// longer than `maximumLength` is skipped (reported as unusable) without
/// holding it all in memory.
struct DescriptorLines: LineSource {
    /// The longest line accepted: 16 MiB.
    static let maximumLength = 16 << 20

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Lines from `descriptor` (0 for standard input).
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    mutating func next() -> InputLine? {
        var skipping = false
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                if skipping { return .unusable("the line is longer than 16 MiB") }
                return Self.decode(line)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                if skipping { return .unusable("the line is longer than 16 MiB") }
                return Self.decode(line)
            }
            if buffer.count - start > Self.maximumLength {
                skipping = true
                start = buffer.count
            }
            fill()
        }
    }

    /// Reads the next block, dropping consumed bytes first.
    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let blockSize = 1 << 16
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: blockSize))
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(descriptor, base + oldCount, blockSize)
            }
        } while count < 0 && errno == EINTR
        buffer.removeLast(blockSize - max(count, 0))
        if count <= 0 { atEnd = true }
    }

    /// The line as text, or why it is not.
    static func decode(_ bytes: ArraySlice<UInt8>) -> InputLine {
        if bytes.contains(0) { return .unusable("the line contains a NUL byte") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .unusable("the line is not valid UTF-8 text")
        }
        return .text(text)
    }
}
