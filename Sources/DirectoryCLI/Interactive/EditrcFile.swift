import DirectoryCore
import Foundation

/// `~/.editrc` (or the file `EDITRC` names), read a line at a time rather than
/// with libedit's `el_source`, which stops silently at the first bad line: here a
/// bad line is reported with the file and line number and the lines after it still apply.
enum EditrcFile {
    /// The file to read: `EDITRC`, else `~/.editrc`; `nil` when neither is known.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment["EDITRC"] { return named.isEmpty ? nil : named }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + ".editrc"
    }

    /// Runs each line of the file at `path` with `run` (libedit's answer: 0 when it used the
    /// line, and what it said); returns a warning per line libedit refused,
    /// `PATH:LINE: what libedit said (ignored)`. A missing file is no warning.
    static func source(_ path: String, run: (String) -> (status: Int32, said: String)) -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            return ["\(path): cannot be read (ignored)"]
        }
        var warnings: [String] = []
        let text = String(decoding: data, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let command = line.drop { $0 == " " || $0 == "\t" }
            guard !command.isEmpty, !command.hasPrefix("#") else { continue }
            let (status, said) = run(String(line))
            guard status != 0 else { continue }
            warnings.append("\(path):\(index + 1): \(explanation(status: status, said: said, line: command)) (ignored)")
        }
        return warnings
    }

    /// What was wrong with `line`, in libedit's words when it gave some.
    private static func explanation(status: Int32, said: String, line: Substring) -> String {
        let words = said.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if !words.isEmpty { return words.joined(separator: "; ") }
        if status == -2 { return "an unclosed quote or a trailing backslash in '\(line)'" }
        let name = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? String(line)
        return "'\(name)' is not an editrc command (see man 5 editrc)"
    }
}
