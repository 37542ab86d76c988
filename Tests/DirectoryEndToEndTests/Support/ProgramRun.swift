import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of the built program with piped standard input: what it printed and how it exited.
struct ProgramRun {
    var standardOutput: String
    var standardError: String
    var status: Int32

    /// What the warning of a missing file says after "3 sample people": that nothing is
    /// saved yet, and how to start the file empty instead.
    static let samplesAdvice = "(not saved; 'save' creates the file with them; 'delete 1-3' first starts it empty)"

    /// The warning a script hears when the file it was given does not exist, as `file` names it.
    static func samplesWarning(_ file: String) -> String {
        "directory: warning: \(file) does not exist: the session starts with 3 sample people "
            + "\(ProgramRun.samplesAdvice)\n"
    }

    /// Runs `directory` with `arguments`, feeding it `input`, in an environment
    /// whose data and state folders are inside `folder`.
    static func run(
        _ arguments: [String], input: String = "", folder: TemporaryFolder,
        environment extra: [String: String] = [:]
    ) throws -> ProgramRun {
        try run(arguments, inputData: Data(input.utf8), folder: folder, environment: extra)
    }

    /// As `run(_:input:folder:environment:)`, started by `launcher` (`setpriv ... --`), which
    /// is given the program's path and arguments.
    static func run(_ arguments: [String], folder: TemporaryFolder, launcher: [String]) throws -> ProgramRun {
        try run(arguments, inputData: Data(), folder: folder, environment: [:], launcher: launcher)
    }

    /// As `run(_:input:folder:environment:)`, with raw input bytes.
    static func run(
        _ arguments: [String], inputData: Data, folder: TemporaryFolder, environment extra: [String: String] = [:]
    ) throws -> ProgramRun {
        try run(arguments, inputData: inputData, folder: folder, environment: extra, launcher: [])
    }

    private static func run(
        _ arguments: [String], inputData: Data, folder: TemporaryFolder, environment extra: [String: String],
        launcher: [String]
    ) throws -> ProgramRun {
        let command =
            launcher.isEmpty ? [BuiltProgram.url.path] + arguments : launcher + [BuiltProgram.url.path] + arguments
        var environment = [
            "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "XDG_STATE_HOME": folder.file("state"),
            "XDG_CONFIG_HOME": folder.file("config"), "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { $1 }
        // Standard input is a real pipe, fed by a thread; the outputs go to files, which
        // cannot fill up and block the program however much it prints.
        let stem = folder.file(".run-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: stem + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: stem + ".err", contents: nil)
        defer {
            for suffix in [".out", ".err"] { try? FileManager.default.removeItem(atPath: stem + suffix) }
        }
        // Standard input: both ends close on exec: a program another test starts at the same moment (a test
        // cluster's server) must not inherit the writing end, or this program never sees the
        // end of its input. The child gets the reading end as its standard input all the same.
        // (A FIFO, because Glibc's Swift module has no `pipe2`.)
        let fifo = stem + ".in"
        guard unsafe mkfifo(fifo, 0o600) == 0 else { throw LiveProgramError("mkfifo failed: errno \(errno)") }
        defer { unsafe unlink(fifo) }
        let readingEnd = unsafe open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let writingEnd = unsafe open(fifo, O_WRONLY | O_CLOEXEC)
        guard readingEnd >= 0, writingEnd >= 0 else { throw LiveProgramError("cannot open the FIFO: errno \(errno)") }
        _ = fcntl(readingEnd, F_SETFL, fcntl(readingEnd, F_GETFL) & ~O_NONBLOCK)
        let writer = FileHandle(fileDescriptor: writingEnd, closeOnDealloc: true)
        // A program that stops reading early must not kill the test runner with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let child: ChildProcess
        do {
            child = try ChildProcess(
                command, environment: environment, in: folder.path, input: .descriptor(readingEnd),
                output: .file(stem + ".out"), error: .file(stem + ".err"))
        } catch {
            close(readingEnd)
            throw error
        }
        close(readingEnd)
        let feeder = Thread {
            try? writer.write(contentsOf: inputData)
            try? writer.close()
        }
        feeder.start()
        let status = child.wait()
        let outputData = FileManager.default.contents(atPath: stem + ".out") ?? Data()
        let errorData = FileManager.default.contents(atPath: stem + ".err") ?? Data()
        return ProgramRun(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self), status: status)
    }
}
