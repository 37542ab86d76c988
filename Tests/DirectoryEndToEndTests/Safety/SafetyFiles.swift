import Foundation
import Testing

/// Files and runs the safety tests share.
enum SafetyFiles {
    /// Writes a JSON people list of `count` records named "Person N".
    static func writePeople(count: Int, to path: String) throws {
        let records = (0..<count).map { index in
            ["id": UUID().uuidString, "name": "Person \(index)", "office": "Briggs \(index % 500)"]
        }
        try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: path))
    }

    /// The names in the JSON list at `path`, in order.
    static func names(in path: String) throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: path), "no file at \(path)")
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return records.map { $0["name"] as? String ?? "" }
    }

    /// The temporary files of interrupted saves in `folder`.
    static func temporaryFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".directory-save-") }
    }

    /// Whether a save can be denied permission: always for a normal user, and for root
    /// when `setpriv` can run the program as `nobody`.
    static var canTestPermissions: Bool {
        geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// Runs the program as the unprivileged user `nobody` (with `setpriv`), for tests
    /// of permissions when the tests run as root.
    static func runAsNobody(_ arguments: [String], folder: TemporaryFolder) throws -> ProgramRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            ["--reuid=65534", "--regid=65534", "--clear-groups", BuiltProgram.url.path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = [
            "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "XDG_STATE_HOME": folder.file("state"),
            "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProgramRun(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self), status: process.terminationStatus)
    }
}
