/// Lays out completion candidates in columns that fit the terminal, as a shell
/// lists them: down the first column, then the next.
public enum CandidateColumns {
    /// The lines showing `candidates` in a terminal `width` columns wide (no trailing newline).
    /// Candidates are field values and file names, so they are shown through `VisibleText`.
    public static func layout(_ candidates: [String], width: Int) -> String {
        guard !candidates.isEmpty else { return "" }
        let candidates = candidates.map(VisibleText.of)
        let widest = candidates.map(DisplayWidth.of).max() ?? 0
        let columnWidth = widest + 2
        let columns = max(1, min(candidates.count, (max(width, 1) + 2) / columnWidth))
        let rows = (candidates.count + columns - 1) / columns
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < candidates.count else { break }
                let isLast = column == columns - 1 || index + rows >= candidates.count
                line += isLast ? candidates[index] : DisplayWidth.pad(candidates[index], to: columnWidth)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
