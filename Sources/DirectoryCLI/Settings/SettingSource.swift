/// Where an effective setting came from, as `--print-config` shows it.
public enum SettingSource: Equatable, Sendable {
    /// The program's default.
    case builtIn
    /// A line of the configuration file.
    case config(path: String, line: Int)
    /// A command-line flag.
    case flag(String)
    /// An environment variable.
    case environment(String)

    /// `default`, `config ~/.config/directory/config:3`, `flag --format`, `environment DIRECTORY_HISTSIZE`.
    public var description: String {
        switch self {
        case .builtIn: return "default"
        case .config(let path, let line): return "config \(path):\(line)"
        case .flag(let name): return "flag \(name)"
        case .environment(let name): return "environment \(name)"
        }
    }
}

/// A setting's value and where it came from.
public struct Setting<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value in effect.
    public var value: Value
    /// Where it came from.
    public var source: SettingSource

    /// Creates a setting.
    public init(_ value: Value, _ source: SettingSource) {
        self.value = value
        self.source = source
    }
}
