import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Asks for a password at the terminal, as psql does: the prompt on standard output,
/// what is typed read from standard input without echo, up to the end of the line.
///
/// It owns the terminal's mode while it asks: `tcgetattr`/`tcsetattr` take a pointer to a
/// local `termios` (`unsafe` only for that); reads go through `DescriptorRead`, writes through `OpenDescriptor`.
enum PasswordPrompt {
    /// Shows `prompt` and returns the line typed, or `nil` when the input ended or was
    /// interrupted (Ctrl-C) before a line; the terminal's mode is restored either way.
    static func read(prompt: String) -> String? {
        // The terminal's mode is this type's while it asks: termios is changed and restored here.
        var original = termios()
        let isTerminal = unsafe tcgetattr(0, &original) == 0
        if isTerminal {
            var quiet = original
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ICANON | ECHONL)
            unsafe tcsetattr(0, TCSAFLUSH, &quiet)
        }
        defer { if isTerminal { unsafe tcsetattr(0, TCSAFLUSH, &original) } }
        _ = OpenDescriptor(number: 1).writeOnce(prompt.utf8.span)
        var line: [UInt8] = []
        while true {
            let count = DescriptorRead.once(from: 0, atMost: 1, appendingTo: &line)
            if count < 0, errno == EINTR { return nil }
            if count <= 0 { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if line.last == UInt8(ascii: "\n") { return String(decoding: line.dropLast(), as: UTF8.self) }
        }
    }
}
