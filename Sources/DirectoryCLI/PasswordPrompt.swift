#if canImport(Glibc)
    import Glibc
#endif

/// Asks for a password at the terminal, as psql does: the prompt on standard output,
/// what is typed read from standard input without echo, up to the end of the line.
enum PasswordPrompt {
    /// Shows `prompt` and returns the line typed, or `nil` when the input ended or was
    /// interrupted (Ctrl-C) before a line; the terminal's mode is restored either way.
    static func read(prompt: String) -> String? {
        var original = termios()
        let isTerminal = unsafe tcgetattr(0, &original) == 0
        if isTerminal {
            var quiet = original
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ICANON | ECHONL)
            unsafe tcsetattr(0, TCSAFLUSH, &quiet)
        }
        defer { if isTerminal { unsafe tcsetattr(0, TCSAFLUSH, &original) } }
        var bytes = Array(prompt.utf8)
        _ = unsafe bytes.withUnsafeMutableBytes { unsafe write(1, $0.baseAddress, $0.count) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = unsafe Glibc.read(0, &byte, 1)
            if count < 0, errno == EINTR { return nil }
            if count <= 0 { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}
