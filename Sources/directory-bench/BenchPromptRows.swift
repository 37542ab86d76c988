import DirectoryCore
import DirectoryFiles

/// `find` and Tab completion at the prompt, timed in this process: the large JSON file
/// opened through a `Session` as the command-line program opens it, then `find` applied
/// for several texts and the completer asked for the completions that read records' values.
final class BenchPromptRows {
    /// The texts `find` looks for: a surname, a first name without its accent, an office,
    /// and names in other scripts' folding; a run starts with a different one each time.
    static let findTexts = ["Krebsbach", "zoe", "Briggs 4", "nguyen", "Smith"]
    /// The lines completed: names after `find` and `edit`, values after `set office`, and
    /// record numbers (shown with their names) after `edit`.
    static let completedLines = ["find Mar", "edit Zo", "set office Bri", "edit 12"]

    /// The first `find` of each session (it may build what later ones reuse).
    let firstFind: PromptTiming
    /// Every later `find` of the same session.
    let laterFinds: PromptTiming
    /// Each completed line's timing, in the order of `completedLines`.
    let completions: [PromptTiming]
    private let path: String

    /// The timings that have the goal of 50 ms (the first find is reported beside them).
    var goalTimings: [PromptTiming] { [laterFinds] + completions }

    /// Every timing, for the table of in-process work.
    var all: [PromptTiming] { [firstFind, laterFinds] + completions }

    /// Timings of the prompt on the large JSON file of `data`, which holds `people` people.
    init(data: BenchData, people: Int) {
        path = data.large[.json] ?? ""
        let size = "\(people.formatted) people"
        firstFind = PromptTiming(work: "find at the prompt, \(size): the first find")
        laterFinds = PromptTiming(
            work: "find at the prompt, \(size): later finds (\(Self.findTexts.joined(separator: ", ")))")
        completions = Self.completedLines.map { PromptTiming(work: "Tab after `\($0)` at the prompt, \(size)") }
    }

    /// Opens the file, times one first find, every text once more, and each completion three
    /// times; round `run` starts with a different text. A failure is noted on every timing.
    func measure(run: Int) {
        guard firstFind.skipped == nil else { return }
        do {
            var session = try Session(location: path, kind: nil, store: FileStore(), environment: .fixed())
            let start = run % Self.findTexts.count
            let texts = Array(Self.findTexts[start...] + Self.findTexts[..<start])
            _ = try firstFind.time { try session.apply(.find(texts[0])) }
            for text in texts.dropFirst() + [texts[0]] {
                _ = try laterFinds.time { try session.apply(.find(text)) }
            }
            let (kind, records) = (session.kind, session.records)
            for (line, timing) in zip(Self.completedLines, completions) {
                for _ in 0..<3 {
                    _ = timing.time {
                        Completer(kind: kind, records: records, listFolder: { _ in [] }).complete(line)
                    }
                }
            }
        } catch {
            for timing in all { timing.skipped = "failed: \(error.message)" }
        }
    }
}
