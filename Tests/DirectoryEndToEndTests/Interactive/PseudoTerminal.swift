import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `directory` running on a pseudo-terminal of its own (as the session
/// leader, so Ctrl-C raises SIGINT), driven by key presses. Every wait has a
/// deadline and the program is killed when the terminal is released.
final class PseudoTerminal {
    /// Keys as the terminal sends them.
    enum Key: String {
        case enter = "\r"
        case tab = "\t"
        case backspace = "\u{7F}"
        case up = "\u{1B}[A"
        case left = "\u{1B}[D"
        case right = "\u{1B}[C"
        case delete = "\u{1B}[3~"
        case controlC = "\u{03}"
        case controlD = "\u{04}"
        case controlR = "\u{12}"
        case controlU = "\u{15}"
        case controlZ = "\u{1A}"
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not import (it is a GNU extension).
    private static let spawnSetsid: Int16 = 0x80

    /// How long any wait may take before the test fails instead of hanging.
    static let deadline: TimeInterval = 60

    private let master: Int32
    private let pid: pid_t
    private var output: [UInt8] = []
    /// Where the next `waitFor` starts looking, in `screenText`.
    private var searchStart: String.Index?
    private var exitStatus: Int32?

    /// Starts `directory` (or `program`) with `arguments` in `folder` (HOME and XDG folders inside it),
    /// TERM=xterm, an 80×24 window, and `LANG=C.UTF-8` unless `environment` says otherwise
    /// (a `nil` value unsets a variable).
    init(
        _ arguments: [String] = [], program: String = BuiltProgram.url.path, folder: TemporaryFolder,
        environment extra: [String: String?] = [:]
    ) throws {
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        var slave: Int32 = -1
        guard unsafe openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        defer { close(slave) }
        var name = [CChar](repeating: 0, count: 256)
        guard unsafe ttyname_r(slave, &name, name.count) == 0 else { throw POSIXError(.ENOTTY) }
        var environment: [String: String] = [
            "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "XDG_STATE_HOME": folder.file("state"),
            "XDG_CONFIG_HOME": folder.file("config"), "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
            "TERM": "xterm",
        ]
        for (key, value) in extra { environment[key] = value }
        self.master = master
        self.pid = try Self.spawn(
            [program] + arguments, environment: environment,
            terminal: String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Spawns the program as a session leader whose standard streams are the terminal.
    private static func spawn(
        _ arguments: [String], environment: [String: String], terminal: String
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawnattr_init(&attributes)
        unsafe posix_spawn_file_actions_init(&actions)
        defer {
            unsafe posix_spawnattr_destroy(&attributes)
            unsafe posix_spawn_file_actions_destroy(&actions)
        }
        // The test runner's threads block and ignore signals; the program gets a clean slate.
        let signalFlags = unsafe ChildProcess.defaultSignals(in: &attributes)
        unsafe posix_spawnattr_setflags(&attributes, Self.spawnSetsid | signalFlags)
        // Opened after setsid, the terminal becomes the controlling terminal.
        unsafe posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
        unsafe posix_spawn_file_actions_adddup2(&actions, 0, 1)
        unsafe posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Nothing else of the test run's (another test's pipe or socket would wait for this program).
        unsafe ChildProcess.closeFrom(3, in: &actions)
        let argv = unsafe arguments.map { unsafe strdup($0) } + [nil]
        let envp = unsafe environment.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            let copies = unsafe argv + envp
            for index in unsafe copies.indices { unsafe free(copies[index]) }
        }
        var pid: pid_t = 0
        let status = unsafe posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        return pid
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            unsafe waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types text (UTF-8), as if pasted one key after another.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = unsafe bytes.withUnsafeBytes { unsafe write(master, $0.baseAddress, $0.count) }
    }

    /// The program's process id.
    var processIdentifier: pid_t { pid }

    /// Everything the program wrote, escape sequences included.
    var rawText: String { String(decoding: output, as: UTF8.self) }

    /// How many bytes the program has written so far (that were read).
    var outputCount: Int { output.count }

    /// What the program wrote from byte `offset` on.
    func rawText(from offset: Int) -> String { String(decoding: output[min(offset, output.count)...], as: UTF8.self) }

    /// Resizes the window to `columns` × `rows`; the program gets SIGWINCH.
    func resize(columns: Int, rows: Int = 24) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = unsafe ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Waits until `condition` holds for what the program wrote; returns whether it did.
    @discardableResult
    func waitUntilOutput(_ condition: (PseudoTerminal) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(Self.deadline)
        while !condition(self) {
            guard Date() < end, readAvailable(until: min(end, Date().addingTimeInterval(0.05))) else {
                print("PseudoTerminal: the condition did not hold; the output: \(rawText.debugDescription)")
                return false
            }
        }
        return true
    }

    /// Presses a key.
    func press(_ key: Key) { type(key.rawValue) }

    /// Everything shown so far, with escape sequences and carriage returns removed.
    var screenText: String {
        let text = String(decoding: output, as: UTF8.self)
        return text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
    }

    /// `screenText` with its line breaks as spaces: the prompt breaks messages wider than the
    /// window between words, so a message is found in it whatever the window's width.
    var flatScreenText: String { screenText.replacingOccurrences(of: "\n", with: " ") }

    /// Waits until `text` appears after what earlier waits matched; returns whether it did.
    /// A line break and a space are taken alike when `text` is not found as it is: the prompt
    /// breaks long messages between words at the window's width.
    @discardableResult
    func waitFor(_ text: String) -> Bool {
        let end = Date().addingTimeInterval(Self.deadline)
        let flatText = text.replacingOccurrences(of: "\n", with: " ")
        while true {
            let screen = screenText
            let start = searchStart.flatMap { $0 <= screen.endIndex ? $0 : nil } ?? screen.startIndex
            if let found = screen.range(of: text, range: start..<screen.endIndex) {
                searchStart = found.upperBound
                return true
            }
            // The same text with its breaks as spaces: "\n" and " " are one byte each, so the
            // indices of one string are those of the other.
            let flat = screen.replacingOccurrences(of: "\n", with: " ")
            if let found = flat.range(of: flatText, range: start..<flat.endIndex) {
                searchStart = found.upperBound
                return true
            }
            guard Date() < end, readAvailable(until: end) else {
                let state = kill(pid, 0) == 0 ? "still running" : "gone"
                print(
                    "PseudoTerminal: no \(text.debugDescription) within \(Self.deadline) s (the program is \(state)); "
                        + "the output so far: \(String(decoding: output, as: UTF8.self).debugDescription)"
                )
                return false
            }
        }
    }

    /// The terminal's local modes (`c_lflag`) as the program has set them.
    var localModes: tcflag_t {
        var attributes = termios()
        guard unsafe tcgetattr(master, &attributes) == 0 else { return 0 }
        return attributes.c_lflag
    }

    /// Whether the terminal is in its ordinary mode (echo and line editing by the terminal on),
    /// as a program must leave it.
    var isInOrdinaryMode: Bool {
        var attributes = termios()
        guard unsafe tcgetattr(master, &attributes) == 0 else { return false }
        let modes = tcflag_t(ECHO | ICANON)
        return attributes.c_lflag & modes == modes
    }

    /// Sends `signal` to the program (SIGKILL, SIGHUP, SIGTERM).
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// The process IDs of the program's children (a shell's command), as Linux lists them.
    var children: [pid_t] {
        let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return list.split(separator: " ").compactMap { pid_t($0) }
    }

    /// Waits until the cursor, as a terminal would place it after everything shown, is at
    /// the 0-based `column`; returns whether it got there.
    @discardableResult
    func waitForCursor(at column: Int) -> Bool {
        let end = Date().addingTimeInterval(Self.deadline)
        while TerminalCursor.column(after: rawText) != column {
            guard Date() < end, readAvailable(until: end) else {
                print("PseudoTerminal: the cursor is at \(TerminalCursor.column(after: rawText)), not \(column)")
                return false
            }
        }
        return true
    }

    /// Stops the program (SIGSTOP, as Ctrl-Z would in a shell's job), waits until it has
    /// stopped, and continues it (SIGCONT, as `fg` does); returns whether it stopped.
    @discardableResult
    func stopAndContinue() -> Bool {
        kill(pid, SIGSTOP)
        var status: Int32 = 0
        var stopped = false
        while unsafe waitpid(pid, &status, WUNTRACED) == pid {
            if status & 0xFF == 0x7F {
                stopped = true
                break
            }
        }
        kill(pid, SIGCONT)
        return stopped
    }

    /// Waits for the program to exit; returns its exit status (128 + the signal's number when a
    /// signal ended it), or `nil` at the deadline.
    func waitForExit() -> Int32? {
        let end = Date().addingTimeInterval(Self.deadline)
        while Date() < end {
            var status: Int32 = 0
            if unsafe waitpid(pid, &status, WNOHANG) == pid {
                // As a shell says it: 128 + the signal's number when a signal ended the program.
                exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
                drainAfterExit()
                return exitStatus
            }
            _ = readAvailable(until: min(end, Date().addingTimeInterval(0.05)))
        }
        return nil
    }

    /// Reads what the program wrote, waiting at most until `end`; false when nothing more can come.
    /// Reads what the program wrote before it exited and no one had read yet (on a busy
    /// machine it can write and exit between two polls): until the terminal reports its end.
    private func drainAfterExit() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard unsafe poll(&poller, 1, 1000) > 0 else { return }
            let count = unsafe read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            output.append(contentsOf: buffer[..<count])
        }
    }

    private func readAvailable(until end: Date) -> Bool {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let timeout = Int32(max(0, min(end.timeIntervalSinceNow, 0.2)) * 1000)
        guard unsafe poll(&poller, 1, timeout) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = unsafe read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        output.append(contentsOf: buffer[..<count])
        return true
    }
}
