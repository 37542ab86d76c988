/// Where files live by default, following the XDG base-directory rules
/// (computed here: Foundation's `.documentDirectory` misreads them on Linux).
public struct DataPaths: Equatable, Sendable {
    /// The environment variables to read (`HOME`, `XDG_DATA_HOME`, `XDG_STATE_HOME`, …).
    public var environment: [String: String]

    /// Paths from the given environment.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// `$XDG_DATA_HOME/directory`, else `~/.local/share/directory`: the Linux home
    /// of the apps' Documents folder.
    public var dataFolder: String { folder("XDG_DATA_HOME", fallback: ".local/share") + "/directory" }

    /// `$XDG_STATE_HOME/directory`, else `~/.local/state/directory`: where history is kept.
    public var stateFolder: String { folder("XDG_STATE_HOME", fallback: ".local/state") + "/directory" }

    /// `stateFolder` as messages name it: `~/` for the home folder.
    public var shownStateFolder: String {
        let folder = stateFolder
        let home = self.home.hasSuffix("/") ? self.home : self.home + "/"
        guard home != "/", folder.hasPrefix(home) else { return folder }
        return "~/" + folder.dropFirst(home.count)
    }

    /// `…/directory/recovery` in the state folder: the journals of unsaved changes.
    public var recoveryFolder: String { stateFolder + "/recovery" }

    /// `…/directory/versions` in the state folder: the last few versions of each list, the
    /// bases `merge` compares copies with.
    public var keptVersionsFolder: String { stateFolder + "/versions" }

    /// `$XDG_CONFIG_HOME/directory`, else `~/.config/directory`.
    public var configFolder: String { folder("XDG_CONFIG_HOME", fallback: ".config") + "/directory" }

    /// The default file of a kind: `…/directory/directory.plist` or `…/directory/bucketList.json`.
    public func defaultFile(for kind: ListKind) -> String {
        dataFolder + "/" + kind.defaultFileName
    }

    /// The user's home folder (`HOME`, else `/`).
    public var home: String {
        guard let home = environment["HOME"], !home.isEmpty else { return "/" }
        return home
    }

    /// `path` with a leading `~/` replaced by the home folder.
    public func expandingTilde(_ path: String) -> String {
        if path == "~" { return home }
        guard path.hasPrefix("~/") else { return path }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + String(path.dropFirst())
    }

    /// An XDG variable's value when it is an absolute path (the spec says to ignore
    /// relative ones), else `~/fallback`.
    private func folder(_ variable: String, fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") {
            return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
        }
        return (home == "/" ? "" : home) + "/" + fallback
    }
}
