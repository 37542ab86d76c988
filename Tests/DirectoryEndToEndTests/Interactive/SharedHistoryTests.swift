import Foundation
import Testing

extension Interactive {
    /// Two sessions at once: each adds its lines to the history file as the other left it.
    struct SharedHistoryTests {
        @Test("two sessions at once keep each other's history lines, capped at the history size, private")
        func twoSessionsKeepEachOthersLines() throws {
            let folder = TemporaryFolder()
            let historyPath = folder.file("state/directory/history")
            let environment: [String: String?] = ["DIRECTORY_HISTSIZE": "3"]
            let first = try PseudoTerminal(folder: folder, environment: environment)
            let second = try PseudoTerminal(folder: folder, environment: environment)
            #expect(first.waitFor("directory.plist > "))
            #expect(second.waitFor("directory.plist > "))
            for (terminal, line) in [(first, "list"), (second, "find Joe"), (first, "find Kurt"), (second, "list 2")] {
                terminal.type(line)
                terminal.press(.enter)
                #expect(terminal.waitFor("directory.plist > "))
            }
            let written = try String(contentsOfFile: historyPath, encoding: .utf8)
            #expect(written == "_HiStOrY_V2_\nfind\\040Joe\nfind\\040Kurt\nlist\\0402\n")
            let attributes = try FileManager.default.attributesOfItem(atPath: historyPath)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            for terminal in [first, second] {
                terminal.press(.controlD)
                #expect(terminal.waitForExit() == 0)
            }
        }
    }
}
