import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// Takes the passwords out of the process's own arguments once the program has read them,
/// as MySQL's client does: every user of the machine can read another's arguments (`ps`,
/// `/proc/PID/cmdline`), so a connection string's password is rewritten in place, in the
/// memory the kernel shows them from, to the redacted location the prompt shows.
enum ArgumentPasswords {
    /// The warning for a password that was on the command line (it was readable until now).
    static let warning =
        "a password on the command line can be read by every user of this machine while the program "
        + "starts (it has now been removed from its arguments); put it in ~/.pgpass (a line "
        + "host:port:database:user:password, mode 0600) or leave it out and type it when asked"

    /// Removes every password from the process's arguments (a location, `--file=LOCATION`,
    /// or a location inside a `-c` command); whether there was one.
    @discardableResult
    static func remove() -> Bool {
        var removed = false
        for index in 1..<Int(CommandLine.argc) {
            // The process's own arguments: NUL-terminated C strings in the memory the kernel
            // shows as /proc/PID/cmdline, which live as long as the process. Each is only
            // ever shortened, so a rewrite stays within its own bytes.
            guard let argument = unsafe CommandLine.unsafeArgv[index] else { continue }
            let length = unsafe strlen(argument)
            let bytes = (0..<length).map { unsafe UInt8(bitPattern: argument[$0]) }
            let text = String(decoding: bytes, as: UTF8.self)
            let clean = Array(redacted(text).utf8)
            guard clean != bytes, clean.count <= length else { continue }
            for offset in 0..<length {
                unsafe argument[offset] = offset < clean.count ? CChar(bitPattern: clean[offset]) : 0
            }
            removed = true
        }
        return removed
    }

    /// `argument` without the passwords of the connection strings in it.
    static func redacted(_ argument: String) -> String {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            let value = String(argument[argument.index(after: equals)...])
            return argument[...equals] + redacted(value)
        }
        if StoreLocation.isDatabase(argument) { return StoreLocation.redacted(argument) }
        return StoreLocation.redactingPasswords(in: argument)
    }
}
