import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `directory` in a pane of tmux, a real terminal that joins emoji sequences and
/// re-wraps its rows when the window is resized: what the pane shows and where its cursor is
/// are read from tmux itself. Each pane has a tmux server of its own (a private socket),
/// stopped when the pane is released. Every wait has a deadline.
final class TmuxPane {
    /// Whether tmux is installed (CI installs it; see .ci/run).
    static var isInstalled: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private let socket = "directory-test-" + UUID().uuidString
    private let tmux =
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "tmux"

    /// Starts `directory` with `arguments` in `folder` (HOME and XDG folders inside it) in a
    /// `width` × 24 window, TERM as tmux sets it, and `extra` variables (`NAME=value`).
    init(_ arguments: [String] = [], folder: TemporaryFolder, width: Int = 80, environment extra: [String] = []) throws
    {
        let environment =
            extra + [
                "HOME=\(folder.path)", "XDG_DATA_HOME=\(folder.file("data"))", "XDG_STATE_HOME=\(folder.file("state"))",
                "XDG_CONFIG_HOME=\(folder.file("config"))", "PATH=/usr/bin:/bin", "TZ=UTC", "LANG=C.UTF-8",
            ]
        let program = ([BuiltProgram.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // The pane stays after the program ends, so that its last screen can be read.
        run([
            "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", String(width), "-y", "24",
            "env -i " + environment.joined(separator: " ") + " TERM=$TERM " + program + "; sleep 600",
        ])
        socketPath = output(["display-message", "-p", "-t", "=t:", "#{socket_path}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        paneGroup =
            pid_t(
                output(["display-message", "-p", "-t", "=t:", "#{pane_pid}"])
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The process group of the pane's shell, which runs the program.
    private var paneGroup: pid_t = 0

    /// The server's socket, removed with it.
    private var socketPath = ""

    deinit {
        if paneGroup > 0 { kill(-paneGroup, SIGKILL) }
        run(["kill-server"])
        if !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    /// Types text (UTF-8) into the pane.
    func type(_ text: String) { run(["send-keys", "-t", "=t:", "-l", text]) }

    /// Presses keys by tmux's names (Left, Enter, BSpace).
    func press(_ keys: String...) { run(["send-keys", "-t", "=t:"] + keys) }

    /// Sends `bytes` as the terminal would for keys tmux has no name for (C-_, M-.).
    func send(bytes: [UInt8]) {
        run(["send-keys", "-t", "=t:", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Resizes the window to `width` columns.
    func resize(width: Int) { run(["resize-window", "-t", "=t:", "-x", String(width)]) }

    /// The pane's rows as it shows them, trailing blank rows left out.
    var rows: [String] {
        var rows = output(["capture-pane", "-p", "-t", "=t:"]).components(separatedBy: "\n")
        while let last = rows.last, last.trimmingCharacters(in: .whitespaces).isEmpty { rows.removeLast() }
        return rows
    }

    /// Every row the pane has shown, those scrolled off the top included, trailing blank rows left out.
    var allRows: [String] {
        var rows = output(["capture-pane", "-p", "-S", "-", "-t", "=t:"]).components(separatedBy: "\n")
        while let last = rows.last, last.trimmingCharacters(in: .whitespaces).isEmpty { rows.removeLast() }
        return rows
    }

    /// The cursor's 0-based column.
    var cursorColumn: Int? {
        Int(
            output(["display-message", "-p", "-t", "=t:", "#{cursor_x}"]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// The width the pane's terminal device has: what the program was told. tmux re-wraps its
    /// screen at once when the window is resized, but tells the program (SIGWINCH) at most
    /// every 250 ms, so for a while the two differ.
    var programWidth: Int? {
        let path = output(["display-message", "-p", "-t", "=t:", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let device = unsafe open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard device >= 0 else { return nil }
        defer { close(device) }
        var size = winsize()
        guard unsafe ioctl(device, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return Int(size.ws_col)
    }

    /// How many rows are in the pane's scrollback, above its screen.
    var historySize: Int? {
        Int(
            output(["display-message", "-p", "-t", "=t:", "#{history_size}"]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// The cursor's 0-based row.
    var cursorRow: Int? {
        Int(
            output(["display-message", "-p", "-t", "=t:", "#{cursor_y}"]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// Waits until the pane's last row is `row` (trailing spaces left out, as tmux shows it)
    /// with the cursor at `column` of it; returns whether it got there.
    @discardableResult
    func waitForLastRow(_ row: String, cursorAt column: Int) -> Bool {
        let shown = String(row.reversed().drop { $0 == " " }.reversed())
        return waitUntil { pane in
            let rows = pane.rows
            return rows.last == shown && pane.cursorRow == rows.count - 1 && pane.cursorColumn == column
        }
    }

    /// Waits until `condition` holds for the pane; returns whether it did.
    @discardableResult
    func waitUntil(_ condition: (TmuxPane) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(PseudoTerminal.deadline)
        while Date() < end {
            if condition(self) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        print("TmuxPane: the condition did not hold; the pane shows:\n" + rows.joined(separator: "\n"))
        return false
    }

    /// Runs tmux on this pane's server, its output thrown away.
    private func run(_ arguments: [String]) {
        _ = spawn(arguments, output: "/dev/null")
    }

    /// Runs a tmux command that prints (the server runs already); its standard output.
    private func output(_ arguments: [String]) -> String {
        let path = NSTemporaryDirectory() + "/tmux-output-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard spawn(arguments, output: path) else { return "" }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Runs tmux with its output to the file at `path` and waits for it (with posix_spawn and
    /// waitpid: the server it may start keeps the descriptors it was given, and lives on).
    private func spawn(_ arguments: [String], output path: String) -> Bool {
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        unsafe posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        unsafe posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        unsafe posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the test run's: a tmux server started here would keep it while it lives.
        unsafe ChildProcess.closeFrom(3, in: &actions)
        let command: [String] = [tmux, "-L", socket] + arguments
        let environment: [String] = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TERM=xterm-256color"]
        let argv = unsafe command.map { unsafe strdup($0) } + [nil]
        let envp = unsafe environment.map { unsafe strdup($0) } + [nil]
        defer {
            let copies = unsafe argv + envp
            for index in unsafe copies.indices { unsafe free(copies[index]) }
        }
        var pid: pid_t = 0
        guard unsafe posix_spawn(&pid, tmux, &actions, nil, argv, envp) == 0 else { return false }
        var status: Int32 = 0
        while unsafe waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return true
    }
}
