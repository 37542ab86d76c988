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

    /// `revert`'s question before `count` unsaved changes are discarded.
    public static func discardPrompt(changes count: Int, fileName: String) -> String {
        let what = count == 1 ? "1 unsaved change" : "\(count) unsaved changes"
        return "Discard \(what) to \(PromptText.clean(fileName)) and take its version? [y]es, [n]o "
    }

    /// The answer to `discardPrompt` in `line`: `true` for `y` or `yes`, `false` for `n` or
    /// `no` (any case), or `nil` to ask again.
    public static func discardAnswer(_ line: String) -> Bool? {
        switch answer(line) {
        case .save: return true
        case .discard: return false
        case .cancel, nil: return nil
        }
    }
}

/// The question asked at the prompt when the text from `editor` cannot be used, as
/// `crontab -e` asks: edit the text again, or drop it.
public enum EditAgainQuestion {
    /// The question, used as a prompt.
    public static let prompt = "Edit the text again, or drop it and change nothing? [e]dit, [d]rop "

    /// `true` to edit again (`e`, `edit`, `y`, `yes`), `false` to drop (`d`, `drop`, `n`,
    /// `no`), any case; `nil` to ask again.
    public static func answer(_ line: String) -> Bool? {
        switch line.lowercased().filter({ $0 != " " && $0 != "\t" }) {
        case "e", "edit", "y", "yes": return true
        case "d", "drop", "n", "no": return false
        default: return nil
        }
    }
}
