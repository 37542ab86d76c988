import DirectoryCore
import DirectoryFiles
import Foundation

extension EffectiveSettings {
    /// Reads the configuration file, when there is one, and resolves the settings.
    /// A file that cannot be read is a warning, never a failure.
    public static func load(options: Options, environment: [String: String]) -> EffectiveSettings {
        let path = DataPaths(environment: environment).configFolder + "/config"
        var config: ConfigFile?
        var problems: [String] = []
        if FileManager.default.fileExists(atPath: path) {
            do {
                let bytes = try FileStore().readBytes(path: path)
                if let text = String(validating: bytes, as: UTF8.self) {
                    let file = ConfigFile(path: path, text: text)
                    config = file
                    if let warning = exposedPassword(in: file) { problems.append(warning) }
                } else {
                    problems.append("\(path): not UTF-8 text (ignored)")
                }
            } catch {
                problems.append(error.message + " (ignored)")
            }
        }
        var settings = EffectiveSettings(options: options, config: config, environment: environment)
        settings.warnings = problems + settings.warnings
        return settings
    }

    /// The warning for a database password in the config file's `file` line while other users
    /// of the machine may read the file (as a readable `~/.pgpass` is refused), or `nil`.
    static func exposedPassword(in config: ConfigFile) -> String? {
        guard let entry = config.entry("file"), StoreLocation.isDatabase(entry.value),
            StoreLocation.redacted(entry.value) != entry.value,
            let attributes = try? FileManager.default.attributesOfItem(atPath: config.path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0
        else { return nil }
        return "\(config.path):\(entry.line): the password in 'file' can be read by other users of this machine "
            + "(mode \(String(mode & 0o777, radix: 8))); run 'chmod 600 \(config.path)', or put the password in "
            + "~/.pgpass (a line host:port:database:user:password, mode 0600) and leave it out of the location"
    }

    /// What `--print-config` prints: each setting as a config line, with where it came from.
    public var report: String {
        let rows: [(String, String, SettingSource)] = [
            ("file", StoreLocation.redacted(file.value), file.source),
            ("kind", kind.value?.name ?? "", kind.source),
            ("format", format.value.rawValue, format.source),
            ("autosave", autosave.value ? "on" : "off", autosave.source),
            ("color", color.value.rawValue, color.source),
            ("history-size", String(historySize.value), historySize.source),
            ("pager", pager.value.rawValue, pager.source),
        ]
        var lines = ["# config file: \(configPath)" + (configRead ? "" : " (not found)")]
        let width = rows.map { $0.0.count + 3 + $0.1.count }.max() ?? 0
        for (key, value, source) in rows {
            if key == "kind", value.isEmpty {
                lines.append("# kind is not set: the file's records decide (\(source.description))")
                continue
            }
            let setting = key + " = " + value
            lines.append(setting + String(repeating: " ", count: width - setting.count) + "  # " + source.description)
        }
        return lines.joined(separator: "\n")
    }
}

extension EffectiveSettings {
    /// Puts the effective history size in the process environment as
    /// `DIRECTORY_HISTSIZE`, the one variable the interactive front end reads.
    public func exportHistorySize() {
        // setenv(3) copies both C strings into the process's environment.
        unsafe setenv(Self.historySizeVariable, String(historySize.value), 1)
    }
}
