import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The command line as the process received it, before Swift decodes it: an argument
/// that is not UTF-8 would otherwise reach the program with U+FFFD in place of its
/// bad bytes, and a command or path would silently be another one.
enum RawArguments {
    /// Why an argument cannot be used (its position, counted from 1, and the bad byte), or `nil`.
    static func problem() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            // The process's own arguments, NUL-terminated C strings that live as long as it does:
            // the one way to see their bytes before Swift decodes them. Copied out here.
            guard let argument = unsafe CommandLine.unsafeArgv[index] else { continue }
            let bytes = unsafe (0..<strlen(argument)).map { unsafe UInt8(bitPattern: argument[$0]) }
            guard let bad = UTF8Text.firstInvalid(in: bytes.span) else { continue }
            let byte = bytes[bad]
            let hex = String(byte, radix: 16, uppercase: true)
            return "argument \(index) is not valid UTF-8 text (byte 0x\(hex.count < 2 ? "0" : "")\(hex) at "
                + "offset \(bad)); commands, paths and values must be UTF-8"
        }
        return nil
    }
}
