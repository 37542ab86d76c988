import Testing

@testable import DirectoryCore

extension Interactive {
    /// Where history is kept, how much, and which lines.
    struct HistorySettingsTests {
        private func settings(_ environment: [String: String]) -> HistorySettings {
            var full = ["HOME": "/home/me"]
            full.merge(environment) { $1 }
            return HistorySettings(environment: full, paths: DataPaths(environment: full))
        }

        @Test("history lives in the state folder by default")
        func historyLivesInTheStateFolderByDefault() {
            #expect(settings([:]) == HistorySettings.with(path: "/home/me/.local/state/directory/history", size: 1000))
            #expect(settings(["XDG_STATE_HOME": "/state"]).path == "/state/directory/history")
        }

        @Test("the environment overrides the path and the size")
        func theEnvironmentOverridesPathAndSize() {
            #expect(settings(["DIRECTORY_HISTORY": "~/h.txt"]).path == "/home/me/h.txt")
            #expect(settings(["DIRECTORY_HISTORY": "/dev/null"]).path == nil)
            #expect(settings(["DIRECTORY_HISTSIZE": "50"]).size == 50)
            #expect(settings(["DIRECTORY_HISTSIZE": "lots"]).size == 1000)
            #expect(settings(["DIRECTORY_HISTSIZE": "0"]) == HistorySettings.with(path: nil, size: 0))
        }

        @Test(
            "lines starting with a space are not kept",
            arguments: [("list", true), (" list", false), ("", false), ("\tset x", false), ("!!", true)])
        func linesStartingWithASpaceAreNotKept(line: String, kept: Bool) {
            #expect(HistorySettings.keeps(line) == kept)
        }
    }
}

extension HistorySettings {
    /// Settings with the given values, for comparisons.
    fileprivate static func with(path: String?, size: Int) -> HistorySettings {
        var settings = HistorySettings(environment: [:], paths: DataPaths(environment: [:]))
        settings.path = path
        settings.size = size
        return settings
    }
}
