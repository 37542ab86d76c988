import Foundation

/// The `directory` executable the end-to-end tests run: the one `swift test` built, or the
/// one `DIRECTORY_BINARY` names (scripts/test-package runs the tests against the program the
/// Debian package installed, with the Swift runtime linked in).
enum BuiltProgram {
    /// The executable under test.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["DIRECTORY_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return buildFolder.appendingPathComponent("directory")
    }

    /// The build folder `swift test` built into, where `directory` and `directory-bench` are.
    static var buildFolder: URL {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("directory")
            var isFolder: ObjCBool = false
            if unsafe FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                return folder
            }
        }
        return candidates[0]
    }
}

/// A folder of its own for one test, removed when the test is done.
final class TemporaryFolder {
    /// The folder's path.
    let path: String

    init() {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/directory-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
