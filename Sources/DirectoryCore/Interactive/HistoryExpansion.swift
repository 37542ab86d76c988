/// Bash-style history references at the start of a line: `!!` (the last line),
/// `!N` (line N as `history` numbers it), `!-N` (N lines back) and `!PREFIX`
/// (the last line starting with PREFIX). Text after the reference is kept.
public enum HistoryExpansion {
    /// What expanding a line gave.
    public enum Result: Equatable, Sendable {
        /// The line has no history reference.
        case unchanged
        /// The line with its reference replaced; echoed, then run and stored.
        case expanded(String)
        /// The reference names no entry; the message says so.
        case failed(String)
    }

    /// Expands `line` against `entries` (oldest first, numbered from 1).
    public static func expand(_ line: String, entries: [String]) -> Result {
        guard line.first == "!", line.count > 1 else { return .unchanged }
        let body = line.dropFirst()
        if body.hasPrefix("!") {
            guard let last = entries.last else { return .failed("there is no earlier line to repeat") }
            return .expanded(last + body.dropFirst())
        }
        let end = body.firstIndex(where: CommandParser.isSpace) ?? body.endIndex
        let reference = body[..<end]
        let rest = body[end...]
        guard !reference.isEmpty else { return .unchanged }
        if let number = Int(reference) {
            let index = number > 0 ? number - 1 : entries.count + number
            guard number != 0, entries.indices.contains(index) else {
                return .failed("there is no history line \(reference); type 'history' to see the numbers")
            }
            return .expanded(entries[index] + rest)
        }
        guard let found = entries.last(where: { $0.hasPrefix(reference) }) else {
            return .failed("no earlier line starts with '\(reference)'; type 'history' to see them")
        }
        return .expanded(found + rest)
    }

    /// The `history [N]` listing: the last `count` entries (all when `nil`), numbered.
    public static func listing(of entries: [String], last count: Int?) -> String {
        let shown = count.map { min(max($0, 0), entries.count) } ?? entries.count
        let width = String(entries.count).count
        return entries.indices.suffix(shown).map { index in
            let number = String(index + 1)
            return String(repeating: " ", count: width - number.count + 2) + number + "  " + entries[index]
        }
        .joined(separator: "\n")
    }
}
