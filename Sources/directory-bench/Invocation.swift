import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One command to run and measure: a program, its arguments, and what feeds its standard input.
///
/// It owns the child process: `posix_spawnp`, its file actions and `wait4` take pointers to
/// locals and C strings made here, so those calls are marked `unsafe`; each pointer lives
/// during the call only, and the C strings until the child has started.
struct Invocation {
    /// The program: a path, or a name looked up on `PATH`.
    var program: String
    /// Its arguments.
    var arguments: [String]
    /// A file to read standard input from (otherwise `/dev/null`).
    var input: String?

    /// What one run cost.
    struct Sample {
        /// Wall-clock time from spawn to exit, in seconds.
        var seconds: Double
        /// Peak resident memory (`ru_maxrss`), in bytes.
        var peakBytes: Int
        /// The exit status, or 128 + the signal that ended it; -1 when it could not start.
        var status: Int32
        /// What it wrote to standard error (the start, for messages).
        var errors: String
    }

    /// GNU time, when installed: it measures peak memory exactly.
    ///
    /// `posix_spawn` starts children with `vfork`, and Linux carries the parent's
    /// peak memory into the `ru_maxrss` of a child that shares its memory until
    /// `exec`, so a child of this (large) process would report at least our own
    /// peak. GNU time forks from a process of 2 MB, so its figure is the program's.
    static let gnuTime: String? = {
        let path = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return Invocation(program: path, arguments: ["-f", "%M", "-o", "/dev/null", "true"]).runDirectly().status == 0
            ? path : nil
    }()

    /// Runs the command once, standard output discarded, and measures it: wall time
    /// around the run, peak memory from GNU time (or `wait4` when it is missing).
    func run() -> Sample {
        guard let time = Self.gnuTime else { return runDirectly() }
        let memoryFile = FileManager.default.temporaryDirectory.path + "/directory-bench-\(getpid()).rss"
        defer { try? FileManager.default.removeItem(atPath: memoryFile) }
        let wrapped = Invocation(
            program: time, arguments: ["-f", "%M", "-o", memoryFile, program] + arguments, input: input)
        var sample = wrapped.runDirectly()
        let report = (try? String(contentsOfFile: memoryFile, encoding: .utf8)) ?? ""
        if let kilobytes = report.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        {
            sample.peakBytes = kilobytes * 1024
        }
        return sample
    }

    /// Runs the command once with `posix_spawnp` and measures it with `wait4`.
    func runDirectly() -> Sample {
        let errorFile = FileManager.default.temporaryDirectory.path + "/directory-bench-\(getpid()).err"
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        unsafe posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        unsafe posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        unsafe posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = unsafe ([program] + arguments).map { unsafe strdup($0) } + [nil]
        defer { for index in unsafe argv.indices { unsafe free(argv[index]) } }
        var pid: pid_t = 0
        let clock = SuspendingClock()
        let start = clock.now
        let spawned = unsafe posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            return Sample(seconds: 0, peakBytes: 0, status: -1, errors: unsafe String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        var usage = rusage()
        while unsafe wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = start.duration(to: clock.now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errorFile)
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Sample(
            seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, status: code, errors: String(errors.prefix(500)))
    }

    /// Whether the command runs and exits with status 0 (to find out which tools are installed).
    func succeeds() -> Bool {
        runDirectly().status == 0
    }
}
