import Foundation

/// One run of the built program with piped standard input: what it printed and how it exited.
struct ProgramRun {
    var standardOutput: String
    var standardError: String
    var status: Int32

    /// Runs `directory` with `arguments`, feeding it `input`, in an environment
    /// whose data and state folders are inside `folder`.
    static func run(
        _ arguments: [String], input: String = "", folder: TemporaryFolder,
        environment extra: [String: String] = [:]
    ) throws -> ProgramRun {
        try run(arguments, inputData: Data(input.utf8), folder: folder, environment: extra)
    }

    /// As `run(_:input:folder:environment:)`, with raw input bytes.
    static func run(
        _ arguments: [String], inputData: Data, folder: TemporaryFolder, environment extra: [String: String] = [:]
    ) throws -> ProgramRun {
        // A program that stops reading early must not kill the test runner with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = BuiltProgram.url
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        var environment = [
            "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "XDG_STATE_HOME": folder.file("state"),
            "XDG_CONFIG_HOME": folder.file("config"), "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { $1 }
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(inputData)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        var outputData = Data()
        var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProgramRun(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self),
            status: process.terminationStatus)
    }
}
