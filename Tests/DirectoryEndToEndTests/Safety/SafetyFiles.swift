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
        try ProgramRun.run(
            arguments, folder: folder,
            launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
    }
}
