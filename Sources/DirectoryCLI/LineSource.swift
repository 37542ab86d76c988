/// One line of input, or why it cannot be used.
enum InputLine: Equatable {
    /// A line of text, without its line break.
    case text(String)
    /// A line read from a descriptor, checked to be valid UTF-8 without a NUL byte: the parser
    /// reads `new` and `set`, the bulk of a long script, from these bytes without a `String`.
    case utf8(ArraySlice<UInt8>)
    /// A line that is not text: invalid UTF-8, a NUL byte, or too long.
    case unusable(String)
}

/// What reading a source gave.
enum LineRead: Equatable {
    /// A line.
    case line(InputLine)
    /// Ctrl-C at the prompt: the line was abandoned.
    case interrupted
    /// The end: the last line was read, or Ctrl-D on an empty line at the prompt.
    case end
    /// The terminal could not be read (it went away).
    case failed
}

/// Where the loop's lines come from: the terminal, standard input, a script file, or `-c`.
protocol LineSource {
    /// Reads the next line; `prompt` is shown when a person types it.
    mutating func next(prompt: String) -> LineRead

    /// Whether `next(prompt:)` may wait for input (a pipe or terminal with no whole line buffered).
    var mayWait: Bool { get }

    /// Whether the lines may be a long script (a file or standard input, not `-c`), for which
    /// the allocator keeps what is freed (`MainLoop.runScriptToExit`).
    static var mayBeLong: Bool { get }
}

extension LineSource {
    /// Lines in memory or in a regular file never keep `next(prompt:)` waiting.
    var mayWait: Bool { false }

    /// Lines in memory are few.
    static var mayBeLong: Bool { false }
}

/// The `-c` commands, one line each.
struct ArgumentLines: LineSource {
    var lines: [String]
    var index = 0

    mutating func next(prompt: String) -> LineRead {
        guard index < lines.count else { return .end }
        defer { index += 1 }
        return .line(.text(lines[index]))
    }
}
