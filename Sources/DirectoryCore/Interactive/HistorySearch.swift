/// Where a pattern typed after Ctrl-R is found in the history, newest line first, as readline's
/// incremental search finds it. A pattern without capitals matches regardless of case and
/// accents, as `find` does (`krebs` finds `Krebsbach`, `zoe` finds `Zoë`); one with a capital
/// matches exactly.
public enum HistorySearch {
    /// A line of the history that contains the pattern.
    public struct Match: Equatable, Sendable {
        /// The line's index in the history, oldest first.
        public var entry: Int
        /// Where the pattern starts in the line, in Unicode scalars (libedit's characters).
        public var offset: Int
    }

    /// The newest line of `entries` (oldest first) at an index below `limit` that contains
    /// `pattern`, or `nil`.
    public static func find(_ pattern: String, in entries: [String], below limit: Int) -> Match? {
        var index = min(limit, entries.count) - 1
        while index >= 0 {
            if let offset = offset(of: pattern, in: entries[index]) { return Match(entry: index, offset: offset) }
            index -= 1
        }
        return nil
    }

    /// Where `pattern` first starts in `line`, in Unicode scalars, at the start of a character.
    public static func offset(of pattern: String, in line: String) -> Int? {
        guard !pattern.isEmpty else { return 0 }
        let exact = pattern != pattern.lowercased()
        if !exact, !TextMatcher(pattern).contains(line) { return nil }
        let wanted = exact ? pattern : TextMatcher.fold(pattern)
        var offset = 0
        var index = line.startIndex
        while index < line.endIndex {
            let rest = line[index...]
            if exact ? rest.hasPrefix(wanted) : TextMatcher.fold(String(rest)).hasPrefix(wanted) { return offset }
            offset += line[index].unicodeScalars.count
            index = line.index(after: index)
        }
        return nil
    }
}
