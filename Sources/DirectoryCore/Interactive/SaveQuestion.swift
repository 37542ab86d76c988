/// The question asked before unsaved changes could be lost (Ctrl-D, `quit`,
/// `open`), and how its answer is read.
public enum SaveQuestion {
    /// What the person chose.
    public enum Answer: Equatable, Sendable {
        /// Save, then go on (quit or open).
        case save
        /// Go on, discarding the changes.
        case discard
        /// Do nothing: back to the prompt.
        case cancel
    }

    /// The question, used as a prompt: `Save changes to directory.plist? [y]es, [n]o, [c]ancel `.
    public static func prompt(fileName: String) -> String {
        "Save changes to \(PromptText.clean(fileName))? [y]es, [n]o, [c]ancel "
    }

    /// The answer in `line` (`y`, `yes`, `n`, `no`, `c`, `cancel`, any case), or `nil` to ask again.
    public static func answer(_ line: String) -> Answer? {
        switch line.lowercased().filter({ $0 != " " && $0 != "\t" }) {
        case "y", "yes": return .save
        case "n", "no": return .discard
        case "c", "cancel": return .cancel
        default: return nil
        }
    }
}
