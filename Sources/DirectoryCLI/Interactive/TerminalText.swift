import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

/// Writing long text to the terminal so that Ctrl-C stops it at once: in small
/// pieces, checking for an interrupt before each.
enum TerminalText {
    /// Writes `text` to standard output; returns false when Ctrl-C stopped it.
    static func writeInterruptibly(_ text: String) -> Bool {
        let bytes = text.utf8.span
        let output = OpenDescriptor(number: 1)
        var offset = 0
        while offset < bytes.count {
            if clibedit_take_interrupt() != 0 { return false }
            var end = min(bytes.count, offset + 4096)
            // Cut before a UTF-8 continuation byte, never inside a character.
            while end < bytes.count, end > offset + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let count = output.writeOnce(bytes.extracting(offset..<end))
            if count < 0 {
                if errno == EINTR { continue }
                return true
            }
            offset += count
        }
        return true
    }
}
