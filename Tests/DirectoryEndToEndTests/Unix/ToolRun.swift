import Foundation

/// One run of a system tool (groff, bash, script) with its output, for tests
/// that check how the program fits the Unix tools around it.
struct ToolRun {
    var standardOutput: String
    var standardError: String
    var status: Int32

    /// Runs `executable` with `arguments`; `environment` is added to a minimal one.
    static func run(
        _ executable: String, _ arguments: [String], in folder: TemporaryFolder,
        environment extra: [String: String] = [:]
    ) throws -> ToolRun {
        var environment = [
            "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "XDG_CONFIG_HOME": folder.file("config"),
            "XDG_STATE_HOME": folder.file("state"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
            "DIRECTORY": BuiltProgram.url.path,
        ]
        environment.merge(extra) { $1 }
        // The outputs go to files, which cannot fill up and block the tool.
        let stem = folder.file(".tool-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: stem + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: stem + ".err", contents: nil)
        defer {
            for suffix in [".out", ".err"] { try? FileManager.default.removeItem(atPath: stem + suffix) }
        }
        let status = try ChildProcess(
            [executable] + arguments, environment: environment, in: folder.path, output: .file(stem + ".out"),
            error: .file(stem + ".err")
        ).wait()
        let outputData = FileManager.default.contents(atPath: stem + ".out") ?? Data()
        let errorData = FileManager.default.contents(atPath: stem + ".err") ?? Data()
        return ToolRun(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self), status: status)
    }

    /// Whether `path` is an executable tool on this machine.
    static func exists(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }
}
