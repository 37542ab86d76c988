import DirectoryCore

/// The settings the program runs with, each with its origin: a command-line
/// flag wins over the environment, which wins over the configuration file,
/// which wins over the defaults.
public struct EffectiveSettings: Equatable, Sendable {
    /// The interactive prompt's history size when nothing sets it.
    public static let defaultHistorySize = 1000
    /// The variable that carries the history size to the interactive front end.
    public static let historySizeVariable = "DIRECTORY_HISTSIZE"

    /// The list to open, `~` expanded.
    public var file: Setting<String>
    /// The kind of list, or `nil` to let the file decide.
    public var kind: Setting<ListKind?>
    /// How records print.
    public var format: Setting<OutputFormat>
    /// Whether every change is saved at once.
    public var autosave: Setting<Bool>
    /// When to colour output.
    public var color: Setting<ColorChoice>
    /// How many lines the interactive prompt's history keeps.
    public var historySize: Setting<Int>
    /// When long output at the prompt goes through a pager.
    public var pager: Setting<PagerChoice>
    /// The configuration file's path, whether or not it exists.
    public var configPath: String
    /// Whether the configuration file was read.
    public var configRead: Bool
    /// Warnings about the configuration file, each naming its path and line.
    public var warnings: [String]

    /// Resolves the settings from the command line, the configuration file (`nil`
    /// when there is none) and the environment.
    public init(options: Options, config: ConfigFile?, environment: [String: String]) {
        let paths = DataPaths(environment: environment)
        configPath = config?.path ?? paths.configFolder + "/config"
        configRead = config != nil
        var reader = ConfigValues(config: config)
        kind = Setting(options.kind, .flag("--kind"))
        if options.kind == nil {
            kind = reader.value("kind", Setting(nil, .builtIn), expected: "person or bucket") {
                ListKind.named($0).map { .some($0) }
            }
        }
        let defaultFile = Setting(paths.defaultFile(for: kind.value ?? .person), .builtIn)
        file =
            options.file.map { Setting($0, .flag("--file")) }
            ?? reader.value("file", defaultFile, expected: "a path") {
                $0.isEmpty ? nil : $0
            }
        file.value = paths.expandingTilde(file.value)
        format = Setting(options.format, .flag("--format"))
        if !options.given.contains("--format") {
            format = reader.value("format", Setting(.table, .builtIn), expected: "table, json or csv") {
                OutputFormat(rawValue: $0.lowercased())
            }
        }
        if options.given.contains("--autosave") || options.given.contains("--no-autosave") {
            // The last of the two flags wins, as with most programs.
            autosave = Setting(options.autosave, .flag(options.autosave ? "--autosave" : "--no-autosave"))
        } else {
            autosave = reader.value("autosave", Setting(false, .builtIn), expected: "on or off", Self.boolean)
        }
        color =
            options.color.map { Setting($0, .flag("--color")) }
            ?? reader.value("color", Setting(.auto, .builtIn), expected: "auto, always or never") {
                ColorChoice(rawValue: $0.lowercased())
            }
        historySize = reader.value(
            "history-size", Setting(Self.defaultHistorySize, .builtIn), expected: "a whole number, 0 or more",
            Self.count)
        if let text = environment[Self.historySizeVariable], let size = Self.count(text) {
            historySize = Setting(size, .environment(Self.historySizeVariable))
        }
        pager =
            options.pager.map { Setting($0, .flag("--no-pager")) }
            ?? reader.value("pager", Setting(.auto, .builtIn), expected: "auto, always or off") {
                PagerChoice(configValue: $0)
            }
        warnings = Self.inLineOrder((config?.warnings ?? []) + reader.warnings, path: config?.path ?? "")
    }

    /// Warnings about the config file at `path` (each `PATH:LINE: …`) in the order of its
    /// lines, as a file read top to bottom is fixed; a warning without a line keeps its place first.
    static func inLineOrder(_ warnings: [String], path: String) -> [String] {
        func line(_ warning: String) -> Int {
            guard warning.hasPrefix(path + ":") else { return 0 }
            return Int(warning.dropFirst(path.count + 1).prefix { $0.isASCII && $0.isNumber }) ?? 0
        }
        return warnings.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }
            .map(\.element)
    }

    /// The kind to read the list as: `--kind` always; a configured kind only for
    /// the configured or default file, so a file named on the command line keeps its own kind.
    public var sessionKind: ListKind? {
        if case .config = kind.source, case .flag = file.source { return nil }
        return kind.value
    }

    /// `environment` with the effective history size in `DIRECTORY_HISTSIZE`, for the interactive front end.
    public func exporting(into environment: [String: String]) -> [String: String] {
        var environment = environment
        environment[Self.historySizeVariable] = String(historySize.value)
        return environment
    }

    /// `on`, `off`, `true`, `false`, `yes`, `no`, `1`, `0`.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: return nil
        }
    }

    /// A whole number, 0 or more.
    static func count(_ text: String) -> Int? {
        guard let value = Int(text), value >= 0 else { return nil }
        return value
    }
}

/// Reads typed values from a configuration file, collecting warnings for bad ones.
private struct ConfigValues {
    let config: ConfigFile?
    var warnings: [String] = []

    /// The config file's value for `key` when it parses, else `fallback`.
    mutating func value<Value>(
        _ key: String, _ fallback: Setting<Value>, expected: String, _ parse: (String) -> Value?
    ) -> Setting<Value> {
        guard let config, let entry = config.entry(key) else { return fallback }
        guard let value = parse(entry.value) else {
            warnings.append("\(config.path):\(entry.line): \(key) must be \(expected), not '\(entry.value)' (ignored)")
            return fallback
        }
        return Setting(value, .config(path: config.path, line: entry.line))
    }
}
