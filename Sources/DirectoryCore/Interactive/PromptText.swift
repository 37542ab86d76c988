/// The prompt: the file, the current record and whether anything is unsaved,
/// e.g. `directory.plist [4 Joe Gregg]* > `.
public enum PromptText {
    /// The longest record name shown before it is shortened with `…`.
    public static let maximumNameLength = 24

    /// The prompt for the session's state.
    public static func make(for session: Session) -> String {
        let current = session.current.map { index in
            (number: index + 1, name: session.records[index].values[session.kind.titleField].text ?? "")
        }
        return make(fileName: session.listName, current: current, unsaved: session.hasUnsavedChanges)
    }

    /// The prompt for a file, its current record (number and name) and whether changes are unsaved.
    public static func make(fileName: String, current: (number: Int, name: String)?, unsaved: Bool) -> String {
        var text = clean(fileName)
        if let current {
            let name = shortened(clean(current.name))
            text += name.isEmpty ? " [\(current.number)]" : " [\(current.number) \(name)]"
        }
        if unsaved { text += "*" }
        return text + " > "
    }

    /// `text` with the characters `VisibleText` escapes (a newline or ESC in a name, a
    /// bidi override) shown as spaces: a prompt is kept short.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { VisibleText.isUnsafe($0) ? " " : $0 }))
    }

    /// `name` cut to `maximumNameLength` characters, ending in `…` when cut.
    static func shortened(_ name: String) -> String {
        let trimmed = name.trimmingSpaces
        guard trimmed.count > maximumNameLength else { return trimmed }
        return String(trimmed.prefix(maximumNameLength - 1)).trimmingSpaces + "…"
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
