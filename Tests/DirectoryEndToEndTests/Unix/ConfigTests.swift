import Foundation
import Testing

@testable import DirectoryCLI

@Suite("Configuration file")
struct ConfigTests {
    /// Writes `text` as the configuration file under the test's XDG_CONFIG_HOME.
    private func writeConfig(_ text: String, in folder: TemporaryFolder) throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("config/directory"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.file("config/directory/config"), contents: Data(text.utf8))
    }

    @Test("the config file sets defaults, and flags win over it")
    func defaultsAndFlags() throws {
        let folder = TemporaryFolder()
        try writeConfig("# defaults\nformat = csv\nfile = ~/people.plist\n", in: folder)
        let fromConfig = try ProgramRun.run(["-c", "list"], folder: folder)
        #expect(
            fromConfig.standardError == ProgramRun.samplesWarning(folder.file("people.plist")))
        #expect(fromConfig.standardOutput.hasPrefix("id,name,office\r\n"))
        let flagged = try ProgramRun.run(["--format", "table", "-c", "list", "-c", "save"], folder: folder)
        #expect(flagged.standardOutput.hasPrefix("  1  Acacia Ackles"))
        #expect(FileManager.default.fileExists(atPath: folder.file("people.plist")))
    }

    @Test("a password in the config file's location is warned about while others may read the file")
    func passwordInReadableConfig() throws {
        let folder = TemporaryFolder()
        try writeConfig("file = \"postgresql://alice:change-me@/dept?host=/nonexistent\"\n", in: folder)
        let config = folder.file("config/directory/config")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        let readable = try ProgramRun.run(["--print-config"], folder: folder)
        #expect(readable.status == 0)
        #expect(readable.standardError.contains("\(config):1: the password in 'file' can be read by other users"))
        #expect(readable.standardError.contains("chmod 600"))
        #expect(!readable.standardOutput.contains("change-me"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config)
        let owned = try ProgramRun.run(["--print-config"], folder: folder)
        #expect(owned.standardError == "")
    }

    @Test("--no-autosave wins over autosave = on in the config file")
    func noAutosaveFlag() throws {
        let folder = TemporaryFolder()
        try writeConfig("autosave = on\n", in: folder)
        let path = folder.file("d.plist")
        let autosaved = try ProgramRun.run(["--file", path, "-c", "new A"], folder: folder)
        #expect(autosaved.status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
        try FileManager.default.removeItem(atPath: path)
        let waiting = try ProgramRun.run(["--no-autosave", "--file", path, "-c", "new A"], folder: folder)
        #expect(waiting.status == 1)
        #expect(waiting.standardError.contains("1 unsaved change"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("unknown keys and bad values are warnings naming the file and line, in line order, never failures")
    func warnings() throws {
        let folder = TemporaryFolder()
        try writeConfig("format = yaml\ncolr = never\nno equals sign\nautosave = on\n", in: folder)
        let run = try ProgramRun.run(["-c", "list"], folder: folder)
        let path = folder.file("config/directory/config")
        #expect(run.status == 0)
        #expect(
            run.standardError == """
                directory: warning: \(path):1: format must be table, json or csv, not 'yaml' (ignored)
                directory: warning: \(path):2: unknown key 'colr'; did you mean 'color'? \
                (keys: file, kind, format, autosave, color, history-size, pager) (ignored)
                directory: warning: \(path):3: expected 'key = value', found 'no equals sign' (ignored)

                """)
        #expect(run.standardOutput.hasPrefix("  1  Acacia Ackles"))
    }

    @Test("--print-config shows each effective value and where it came from")
    func printConfig() throws {
        let folder = TemporaryFolder()
        try writeConfig("autosave = yes\nhistory-size = 50\n", in: folder)
        let path = folder.file("config/directory/config")
        let run = try ProgramRun.run(
            ["--print-config", "--format", "json"], folder: folder, environment: ["DIRECTORY_HISTSIZE": "7"])
        #expect(run.status == 0)
        let file = folder.file("data/directory/directory.plist")
        let lines = run.standardOutput.split(separator: "\n").map {
            $0.replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
        }
        #expect(
            lines == [
                "# config file: \(path)",
                "file = \(file) # default",
                "# kind is not set: the file's records decide (default)",
                "format = json # flag --format",
                "autosave = on # config \(path):1",
                "color = auto # default",
                "history-size = 7 # environment DIRECTORY_HISTSIZE",
                "pager = auto # default",
            ])
    }

    @Test("without XDG_CONFIG_HOME the file is ~/.config/directory/config")
    func homeFallback() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.file(".config/directory"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: folder.file(".config/directory/config"), contents: Data("kind = bucket\n".utf8))
        let run = try ProgramRun.run(["-c", "list"], folder: folder, environment: ["XDG_CONFIG_HOME": ""])
        #expect(run.standardOutput == "Add your first bucket list item with 'new NAME'.\n")
    }

    @Test("the config's history size reaches the interactive front end through DIRECTORY_HISTSIZE")
    func historySizeIsExported() {
        let config = ConfigFile(path: "/c", text: "history-size = 25\n")
        let settings = EffectiveSettings(options: Options(), config: config, environment: [:])
        #expect(settings.exporting(into: [:])["DIRECTORY_HISTSIZE"] == "25")
    }

    @Test("a configured kind does not override the kind of a file named on the command line")
    func configuredKindOnlyForDefaultFile() throws {
        let config = ConfigFile(path: "/c", text: "kind = bucket\n")
        var options = Options()
        #expect(EffectiveSettings(options: options, config: config, environment: [:]).sessionKind == .bucket)
        options.file = "people.plist"
        #expect(EffectiveSettings(options: options, config: config, environment: [:]).sessionKind == nil)
    }

    @Test("a bad --color value is a usage error: status 2")
    func badColorIsUsageError() throws {
        let run = try ProgramRun.run(["--color=sometimes", "-c", "list"], folder: TemporaryFolder())
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("directory: --color takes auto, always, never, not 'sometimes'\n"))
    }
}
