import Foundation

/// Where the `directory` executable that `swift test` built is.
enum BuiltProgram {
    /// The executable, next to the test bundle in the build folder.
    static var url: URL {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("directory")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                return url
            }
        }
        return candidates[0].appendingPathComponent("directory")
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
