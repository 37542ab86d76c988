import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `directory` whose standard input is a FIFO that the test writes to
/// line by line, so the program can hold unsaved edits while something else
/// happens to its file; or that the test kills outright.
final class LiveProgram {
    private let process: ChildProcess
    private let input: Int32
    private let outputPath: String
    private let errorPath: String

    /// Starts `directory` with `arguments` in `folder`, with `ProgramRun`'s environment and `extra`.
    init(_ arguments: [String], folder: TemporaryFolder, environment extra: [String: String] = [:]) throws {
        let stem = folder.file(".live-" + UUID().uuidString)
        let fifo = stem + ".fifo"
        outputPath = stem + ".out"
        errorPath = stem + ".err"
        guard unsafe mkfifo(fifo, 0o600) == 0 else { throw LiveProgramError("mkfifo failed: errno \(errno)") }
        // Opened read-write, a FIFO never blocks the opener; close-on-exec keeps the child
        // from holding a writer, so closing this end is the program's end of input.
        input = unsafe open(fifo, O_RDWR | O_CLOEXEC)
        guard input >= 0 else { throw LiveProgramError("cannot open the FIFO: errno \(errno)") }
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let environment = [
            "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "XDG_STATE_HOME": folder.file("state"),
            "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
        ].merging(extra) { $1 }
        signal(SIGPIPE, SIG_IGN)
        do {
            process = try ChildProcess(
                [BuiltProgram.url.path] + arguments, environment: environment, in: folder.path, input: .file(fifo),
                output: .file(outputPath), error: .file(errorPath))
        } catch {
            close(input)
            throw error
        }
    }

    /// The process id, to signal it.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the program is still running.
    var isRunning: Bool { process.isRunning }

    /// Everything the program printed on standard output so far.
    var standardOutput: String { Self.contents(outputPath) }

    /// Everything the program printed on standard error so far.
    var standardError: String { Self.contents(errorPath) }

    /// Sends `lines` to the program, each followed by a line break.
    func send(_ lines: String...) {
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var written = 0
        while written < bytes.count {
            let count = unsafe bytes[written...].withUnsafeBytes { unsafe write(input, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            written += count
        }
    }

    /// Waits until standard output contains `text`; false after `timeout` seconds.
    @discardableResult
    func waitForOutput(containing text: String, timeout: Double = 90) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if standardOutput.contains(text) { return true }
            if !process.isRunning { return standardOutput.contains(text) }
            usleep(5_000)
        }
        return false
    }

    /// Waits until standard error contains `text`; false after `timeout` seconds.
    @discardableResult
    func waitForErrors(containing text: String, timeout: Double = 90) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if standardError.contains(text) { return true }
            if !process.isRunning { return standardError.contains(text) }
            usleep(5_000)
        }
        return false
    }

    /// Ends the program's input, waits for it to exit, and returns what it did.
    func finish() -> ProgramRun {
        close(input)
        let status = process.wait()
        return ProgramRun(standardOutput: standardOutput, standardError: standardError, status: status)
    }

    /// Kills the program with SIGKILL and waits for it.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        close(input)
        _ = process.wait()
    }

    private static func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
}

/// Why a `LiveProgram` could not start.
struct LiveProgramError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
