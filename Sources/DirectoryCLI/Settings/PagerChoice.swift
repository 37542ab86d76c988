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
