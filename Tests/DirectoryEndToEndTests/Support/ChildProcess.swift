import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test starts: spawned with none of the test run's descriptors but its three
/// standard streams, and waited for with `waitpid`, at most `limit` seconds.
///
/// Not Foundation's `Process`: it learns of an exit when a socket it gives the child reaches
/// its end, and any program another test spawns at that moment (a test cluster's server, a
/// tmux server) inherits that socket and keeps it open while it lives: the wait then lasts
/// as long as that server, which a test run that waits for it never stops. Here, every child
/// gets only its streams (`closeFrom`), and an exit is the kernel's word (`waitpid`).
final class ChildProcess {
    /// Where a standard stream of the child comes from or goes to.
    enum Stream {
        /// `/dev/null`.
        case null
        /// The file at a path, opened for writing (created, emptied) or, for standard input, reading.
        case file(String)
        /// A descriptor of the test's, duplicated onto the stream (its own copy stays the test's);
        /// for standard error, `1` is the child's standard output as set up just before.
        case descriptor(Int32)
    }

    /// The longest a test waits for a program by default: far beyond any run's need, short
    /// enough that a program that never ends fails its test instead of the whole test run.
    static let limit: Double = 600

    /// The process id, to signal it (and its process group's id).
    let processIdentifier: pid_t
    private let command: String
    private var reaped: Int32?

    /// Starts `arguments[0]` (a path) with the rest as its arguments and exactly `environment`,
    /// in `folder` (`nil`: the test run's), in a process group of its own (whose id is the
    /// process id), as Foundation's `Process` does. The signals it starts with blocked and
    /// ignored are the calling thread's (the test runner's threads block some), or, with
    /// `defaultSignals`, none: as a shell at a terminal starts a program.
    init(
        _ arguments: [String], environment: [String: String], in folder: String? = nil, input: Stream = .null,
        output: Stream = .null, error: Stream = .null, defaultSignals: Bool = false
    ) throws {
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .null: unsafe posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            case .file(let path):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                unsafe posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .descriptor(let descriptor): unsafe posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        if let folder { try unsafe Self.changeDirectory(to: folder, in: &actions) }
        unsafe Self.closeFrom(3, in: &actions)
        var attributes = posix_spawnattr_t()
        unsafe posix_spawnattr_init(&attributes)
        defer { unsafe posix_spawnattr_destroy(&attributes) }
        var flags = Int16(POSIX_SPAWN_SETPGROUP)
        if defaultSignals { flags |= unsafe Self.defaultSignals(in: &attributes) }
        unsafe posix_spawnattr_setflags(&attributes, flags)
        let argv = unsafe arguments.map { unsafe strdup($0) } + [nil]
        let envp = unsafe environment.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            let copies = unsafe argv + envp
            for index in unsafe copies.indices { unsafe free(copies[index]) }
        }
        var pid: pid_t = 0
        let status = unsafe posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw ChildProcessError("cannot run \(arguments[0]): \(unsafe String(cString: strerror(status)))")
        }
        processIdentifier = pid
        command = arguments.joined(separator: " ")
    }

    deinit {
        if reaped == nil {
            kill(processIdentifier, SIGKILL)
            _ = wait(limit: .infinity)
        }
    }

    /// Whether the program is still running (a program that ended is reaped here).
    var isRunning: Bool {
        guard reaped == nil else { return false }
        var status: Int32 = 0
        let result = unsafe waitpid(processIdentifier, &status, WNOHANG)
        guard result == processIdentifier else { return result == 0 }
        reaped = Self.decoded(status)
        return false
    }

    /// Waits for the program to end and returns its exit status as a shell gives it (`$?`):
    /// 128 + the signal's number when a signal ended it. After `limit` seconds the program is
    /// killed and the test records an issue naming it.
    func wait(limit: Double = ChildProcess.limit) -> Int32 {
        if let reaped { return reaped }
        if limit.isFinite, !Self.exits(processIdentifier, within: limit) {
            Issue.record("killed after \(Int(limit)) s without ending: \(command)")
            kill(processIdentifier, SIGKILL)
        }
        var status: Int32 = 0
        while unsafe waitpid(processIdentifier, &status, 0) < 0, errno == EINTR {}
        let decoded = Self.decoded(status)
        reaped = decoded
        return decoded
    }

    private static func decoded(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Whether process `pid` (a child not yet reaped) ends within `seconds`: polls a pidfd,
    /// which the kernel makes readable when the process ends; `true` (wait as long as it
    /// takes) where there is none.
    private static func exits(_ pid: pid_t, within seconds: Double) -> Bool {
        typealias Open = @convention(c) (pid_t, UInt32) -> Int32
        guard let library = unsafe dlopen(nil, RTLD_NOW), let symbol = unsafe dlsym(library, "pidfd_open") else {
            return true
        }
        let descriptor = unsafe unsafeBitCast(symbol, to: Open.self)(pid, 0)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = unsafe poll(&watched, 1, Int32(min(left * 1000, 60_000)) + 1)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }
        }
    }

    /// Sets `attributes` so that the child starts with no signal blocked and every one at its
    /// default action, as a shell at a terminal starts a program (the test runner's threads
    /// block some); returns the flags that make `posix_spawn` apply them.
    static func defaultSignals(in attributes: inout posix_spawnattr_t) -> Int16 {
        var none = sigset_t()
        var all = sigset_t()
        unsafe sigemptyset(&none)
        unsafe sigfillset(&all)
        unsafe sigdelset(&all, SIGKILL)
        unsafe sigdelset(&all, SIGSTOP)
        unsafe posix_spawnattr_setsigmask(&attributes, &none)
        unsafe posix_spawnattr_setsigdefault(&attributes, &all)
        return Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF)
    }

    /// Adds `posix_spawn_file_actions_addclosefrom_np(actions, first)` (glibc 2.34): no
    /// descriptor from `first` on reaches the child. Looked up by name, as Glibc's Swift
    /// module does not declare it.
    static func closeFrom(_ first: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias Function = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let library = unsafe dlopen(nil, RTLD_NOW),
            let symbol = unsafe dlsym(library, "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafe unsafeBitCast(symbol, to: Function.self)(&actions, first)
    }

    /// Adds `posix_spawn_file_actions_addchdir_np(actions, folder)` (glibc 2.29), looked up by name.
    private static func changeDirectory(
        to folder: String, in actions: inout posix_spawn_file_actions_t
    ) throws(ChildProcessError) {
        typealias Function =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let library = unsafe dlopen(nil, RTLD_NOW),
            let symbol = unsafe dlsym(library, "posix_spawn_file_actions_addchdir_np")
        else { throw ChildProcessError("this C library cannot start a program in another folder (glibc 2.29 can)") }
        _ = unsafe folder.withCString { unsafe unsafeBitCast(symbol, to: Function.self)(&actions, $0) }
    }
}

/// Why a `ChildProcess` could not start.
struct ChildProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
