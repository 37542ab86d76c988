import Foundation
import Testing

/// A list file made by running the program, for tests that need many records.
enum SavedList {
    /// Saves `folder`/d.json holding one person per name (each `new NAME`), in order; returns its path.
    @discardableResult
    static func people(_ names: [String], office: (Int) -> String? = { _ in nil }, in folder: TemporaryFolder) throws
        -> String
    {
        var lines = ["delete 1-3"]
        for (index, name) in names.enumerated() {
            lines.append("new \(name)")
            if let office = office(index + 1) { lines.append("set office \(office)") }
        }
        lines.append("save")
        let run = try ProgramRun.run(["--file", "d.json"], input: lines.joined(separator: "\n") + "\n", folder: folder)
        #expect(run.status == 0, "making the list: \(run.standardError)")
        return folder.file("d.json")
    }
}
