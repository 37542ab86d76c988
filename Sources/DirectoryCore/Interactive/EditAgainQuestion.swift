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
