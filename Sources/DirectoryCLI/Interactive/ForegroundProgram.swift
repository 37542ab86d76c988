import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A program run in the terminal's foreground between two prompts (the pager; an
/// editor), through `/bin/sh -c` as git runs them, so `PAGER="less -S"` works.
///
/// Call it inside `LineEditor.inForeground`, which hands the terminal over (its
/// normal mode back, Ctrl-C going to the program only) and takes it back after.
///
/// It owns the child process and its pipe: `posix_spawn`, its attributes and signal sets,
/// `pipe`, `access` and `waitpid` take pointers to C structures and strings, so those
/// calls are marked `unsafe`; each pointer is to a local and lives during the call only.
enum ForegroundProgram {
    /// Whether the first word of `command` names a program that can run: a path that is
    /// executable, or a name found in `searchPath` (`PATH`).
    static func exists(_ command: String, searchPath: String?) -> Bool {
        guard let name = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) else {
            return false
        }
        if name.contains("/") { return unsafe access(name, X_OK) == 0 }
        let folders = (searchPath ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        return folders.contains { folder in
            unsafe access((folder.isEmpty ? "." : String(folder)) + "/" + name, X_OK) == 0
        }
    }

    /// Runs `command` with `environment`; its standard input is `input` through a pipe,
    /// or the terminal when `input` is `nil`. Returns the exit status (128 + N for a
    /// signal), or `nil` when it could not be started. Stops writing when the program
    /// stops reading (`q` in a pager).
    static func run(_ command: String, input: String?, environment: [String: String]) -> Int32? {
        var pipeEnds: [Int32] = [-1, -1]
        if input != nil {
            guard unsafe pipe(&pipeEnds) == 0 else { return nil }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        defer {
            for end in pipeEnds where end >= 0 { close(end) }
        }
        guard let pid = spawn(command, standardInput: pipeEnds[0], environment: environment) else { return nil }
        if let input {
            close(pipeEnds[0])
            pipeEnds[0] = -1
            feed(input, to: pipeEnds[1])
            close(pipeEnds[1])
            pipeEnds[1] = -1
        }
        return waitForExit(of: pid)
    }

    /// Starts `/bin/sh -c command` with default signal handling.
    private static func spawn(_ command: String, standardInput: Int32, environment: [String: String]) -> pid_t? {
        var attributes = posix_spawnattr_t()
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawnattr_init(&attributes)
        unsafe posix_spawn_file_actions_init(&actions)
        defer {
            unsafe posix_spawnattr_destroy(&attributes)
            unsafe posix_spawn_file_actions_destroy(&actions)
        }
        // The prompt ignores Ctrl-C while the program runs; the program must not.
        var defaults = sigset_t()
        unsafe sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGWINCH, SIGCONT] { unsafe sigaddset(&defaults, signal) }
        var unblocked = sigset_t()
        unsafe sigemptyset(&unblocked)
        unsafe posix_spawnattr_setsigdefault(&attributes, &defaults)
        unsafe posix_spawnattr_setsigmask(&attributes, &unblocked)
        unsafe posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        if standardInput >= 0 { unsafe posix_spawn_file_actions_adddup2(&actions, standardInput, 0) }
        let arguments = ["/bin/sh", "-c", command]
        let argv = unsafe arguments.map { unsafe strdup($0) } + [nil]
        let envp = unsafe environment.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            let copies = unsafe argv + envp
            for index in unsafe copies.indices { unsafe free(copies[index]) }
        }
        var pid: pid_t = 0
        guard unsafe posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }

    /// Writes `text` to `descriptor` until done or the reader has gone (EPIPE; SIGPIPE is ignored meanwhile).
    private static func feed(_ text: String, to descriptor: Int32) {
        _ = DescriptorWrite.all(text.utf8.span, to: descriptor)
    }

    /// Waits for `pid`; its exit status, or 128 + the signal that ended it.
    private static func waitForExit(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while unsafe waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return 1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
