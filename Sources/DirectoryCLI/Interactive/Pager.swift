import DirectoryCore

/// Long output at the prompt through `$PAGER`, or `less` when it is unset, as psql
/// and git do. `LESS=FRXK` is set when `LESS` is unset: quit at once when it fits,
/// keep colours, leave the screen as it is, and let Ctrl-C quit as `q` does.
/// Pipes and scripts never get here: only the interactive prompt pages.
struct Pager {
    /// When to page.
    let choice: PagerChoice
    /// The program's environment (`PAGER`, `LESS`, `PATH`).
    let environment: [String: String]

    /// The shell command that pages, or `nil` when there is none to run: the choice is
    /// `off`, `PAGER` is empty or `cat`, or the program it names is not installed
    /// (output is then printed directly, without a complaint).
    var command: String? {
        guard choice != .off else { return nil }
        let command = (environment["PAGER"] ?? "less").trimmingBlanks
        guard !command.isEmpty, command != "cat" else { return nil }
        return ForegroundProgram.exists(command, searchPath: environment["PATH"]) ? command : nil
    }

    /// The pager's environment: `LESS=FRXK` unless `LESS` is set, and `-R` added to a `LESS`
    /// without it, or colours would show as `ESC[2m` (and `LV=-c` for lv, as git sets).
    var pagerEnvironment: [String: String] {
        var environment = self.environment
        if let less = environment["LESS"] {
            if !less.contains("R"), !less.contains("r") { environment["LESS"] = less.isEmpty ? "R" : less + " -R" }
        } else {
            environment["LESS"] = "FRXK"
        }
        if environment["LV"] == nil { environment["LV"] = "-c" }
        return environment
    }

    /// Whether `text` should be paged in a window of `rows` × `width`: always with
    /// `always`, with `auto` when it would not fit above the prompt.
    func pages(_ text: String, rows: Int, width: Int) -> Bool {
        switch choice {
        case .off: return false
        case .always: return true
        case .auto: return ScreenFit.isTaller(text, than: max(rows - 1, 1), width: width)
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

/// When long output goes through a pager (`pager` in the config file, `--no-pager`).
public enum PagerChoice: String, Equatable, Sendable, CaseIterable {
    /// At a terminal, output taller than the window is paged.
    case auto
    /// At a terminal, every listing is paged (the pager quits at once when it fits, with `less -F`).
    case always
    /// Never page.
    case off

    /// The choice named `text` (`never` and `no` mean `off`, `on` means `always`), or `nil`.
    public init?(configValue text: String) {
        switch text.lowercased() {
        case "auto": self = .auto
        case "always", "on", "yes": self = .always
        case "off", "never", "no": self = .off
        default: return nil
        }
    }
}
