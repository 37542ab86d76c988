import Foundation
import Testing

/// `help` naming where the program keeps its state: the folder it really uses (issue 31).
@Suite("help and the state folder")
struct HelpStateFolderTests {
    @Test("help merge names $XDG_STATE_HOME's folder when it is set, ~/.local/state when not")
    func helpNamesTheStateFolder() throws {
        let folder = TemporaryFolder()
        // XDG_STATE_HOME is the folder's state/, under HOME: shown with ~ as the home folder.
        let set = try ProgramRun.run(["-c", "help merge"], folder: folder)
        #expect(set.standardOutput.contains("~/state/directory/versions"), "\(set.standardOutput)")
        let elsewhere = try ProgramRun.run(["-c", "help merge"], folder: folder, environment: ["HOME": "/nonexistent"])
        #expect(
            elsewhere.standardOutput.contains(folder.file("state") + "/directory/versions"),
            "\(elsewhere.standardOutput)")
        #expect(!set.standardOutput.contains("~/.local/state"), "\(set.standardOutput)")
        let unset = try ProgramRun.run(["-c", "help recover"], folder: folder, environment: ["XDG_STATE_HOME": ""])
        #expect(unset.standardOutput.contains("~/.local/state/directory/recovery"), "\(unset.standardOutput)")
    }
}
