import DirectoryCore

/// The configuration file, `$XDG_CONFIG_HOME/directory/config`: one
/// `key = value` a line, `#` comments, blank lines ignored.
///
/// Reading never fails: an unknown key or a bad value becomes a warning that
/// names the file and line, and the line is ignored.
public struct ConfigFile: Equatable, Sendable {
    /// One accepted `key = value` line.
    public struct Entry: Equatable, Sendable {
        /// The key, as written.
        public var key: String
        /// The value, trimmed, without surrounding quotes.
        public var value: String
        /// The line it is on, from 1.
        public var line: Int
    }

    /// The keys the file may set.
    public static let keys = ["file", "kind", "format", "autosave", "color", "history-size", "pager"]

    /// The file's path, for messages.
    public let path: String
    /// The accepted lines; a later line for the same key wins.
    public private(set) var entries: [Entry] = []
    /// `PATH:LINE: what was wrong (ignored)`, one per unusable line.
    public private(set) var warnings: [String] = []

    /// Parses the text of the file at `path`.
    public init(path: String, text: String) {
        self.path = path
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            parse(line: rawLine, number: index + 1)
        }
    }

    /// The last entry for `key`.
    public func entry(_ key: String) -> Entry? {
        entries.last { $0.key == key }
    }

    /// Adds a warning about line `number`.
    mutating func warn(_ message: String, line number: Int) {
        warnings.append("\(path):\(number): \(message) (ignored)")
    }

    /// Takes one line: a comment, a blank, an accepted entry, or a warning.
    private mutating func parse(line rawLine: Substring, number: Int) {
        let line = rawLine.trimmingSpaces()
        guard !line.isEmpty, !line.hasPrefix("#") else { return }
        guard let equals = line.firstIndex(of: "=") else {
            warn("expected 'key = value', found '\(line)'", line: number)
            return
        }
        var key = line[..<equals].trimmingSpaces().lowercased()
        if key == "colour" { key = "color" }
        var value = line[line.index(after: equals)...].trimmingSpaces()
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = value.dropFirst().dropLast()
        }
        guard Self.keys.contains(key) else {
            let hint = Suggestion.closest(to: key, in: Self.keys).map { "; did you mean '\($0)'?" } ?? ""
            warn("unknown key '\(key)'\(hint) (keys: \(Self.keys.joined(separator: ", ")))", line: number)
            return
        }
        entries.append(Entry(key: key, value: String(value), line: number))
    }
}

extension Substring {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
