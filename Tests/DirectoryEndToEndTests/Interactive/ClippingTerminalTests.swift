import DirectoryCore
import Foundation
import Testing

@testable import DirectoryCLI

extension Interactive {
    /// Resizes in a terminal that does not re-wrap its rows (xterm, the Linux console): the line
    /// is drawn again from the row it started on, once, and the rows above stay. The program
    /// learns which kind of terminal it has by asking where the cursor went (ESC [ 6 n); the
    /// environment (XTERM_VERSION) is only its guess, for a terminal that does not answer.
    struct ClippingTerminalTests {
        /// The prompt on a pseudo-terminal shown as `ClippingScreen` shows it: a line typed,
        /// then resized to each width; answers the program's cursor queries when `answering`.
        static func resizes(environment: [String: String?], answering: Bool) throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(["--no-pager"], folder: folder, environment: environment)
            let prompt = "directory.plist > "
            #expect(terminal.waitFor(prompt))
            let typed = "find some words typed here and then many more words so that the line wraps over the edge"
            terminal.type(typed)
            #expect(terminal.waitFor("over the edge"))
            // What the screen shows at each width, the resizes replayed where they came in the output.
            var resizes: [(offset: Int, width: Int)] = []
            func screen(upTo end: Int? = nil) -> ClippingScreen {
                var screen = ClippingScreen(width: 80, height: 24)
                var at = 0
                let bytes = Array(terminal.rawText.utf8)
                let end = min(end ?? bytes.count, bytes.count)
                for resize in resizes where resize.offset <= end {
                    screen.feed(String(decoding: bytes[at..<resize.offset], as: UTF8.self))
                    screen.resize(width: resize.width)
                    at = resize.offset
                }
                screen.feed(String(decoding: bytes[at..<end], as: UTF8.self))
                return screen
            }
            // Each query answered with where the screen's cursor is when it comes, as xterm answers.
            var answered = 0
            func answerQueries() {
                guard answering else { return }
                let bytes = Array(terminal.rawText.utf8)
                let query = Array("\u{1B}[6n".utf8)
                var found: [Int] = []
                var index = 0
                while index + query.count <= bytes.count {
                    if Array(bytes[index..<(index + query.count)]) == query { found.append(index + query.count) }
                    index += 1
                }
                while answered < found.count {
                    let shown = screen(upTo: found[answered])
                    terminal.type("\u{1B}[\(shown.row + 1);\(shown.column + 1)R")
                    answered += 1
                }
            }
            func promptRows(_ rows: [String]) -> [Int] { rows.indices.filter { rows[$0].hasPrefix(prompt) } }
            #expect(terminal.waitUntilOutput { _ in screen().rows.last?.hasSuffix("over the edge") == true })
            let before = screen().rows
            let first = try #require(promptRows(before).first)
            var narrowest = 80
            for width in [50, 40, 30, 80, 120, 60] {
                // The rows above lose what a narrower window cut off, and nothing else.
                narrowest = min(narrowest, width)
                let above = before[..<first].map {
                    String($0.prefix(narrowest).reversed().drop { $0 == " " }.reversed())
                }
                resizes.append((terminal.outputCount, width))
                terminal.resize(columns: width)
                #expect(
                    terminal.waitUntilOutput { _ in
                        answerQueries()
                        let rows = screen().rows
                        guard promptRows(rows) == [first] else { return false }
                        return Array(rows[..<first]) == above
                            && rows[first...].joined().filter { $0 != " " } == (prompt + typed).filter { $0 != " " }
                    }, "at \(width) columns: \(screen().rows)")
            }
            #expect(!screen().rows.joined().contains("R"), "no answer is shown as typed text: \(screen().rows)")
        }

        @Test("xterm telling itself by XTERM_VERSION: resizes leave one copy of the prompt and the rows above")
        func resizesInATerminalThatDoesNotRewrap() throws {
            try Self.resizes(environment: ["XTERM_VERSION": "XTerm(379)", "TERM": "xterm-256color"], answering: false)
        }

        @Test("xterm through ssh (no XTERM_VERSION) answering where its cursor went: learned, not guessed")
        func terminalThatDoesNotRewrapLearnedFromTheCursor() throws {
            try Self.resizes(environment: ["XTERM_VERSION": nil, "TERM": "xterm-256color"], answering: true)
        }

        @Test(
            "a terminal that never answers the cursor query: no hang, keys typed meanwhile kept, a late answer is no junk"
        )
        func terminalThatDoesNotAnswer() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(["--no-pager"], folder: folder, environment: ["TERM": "xterm-256color"])
            let prompt = "directory.plist > "
            #expect(terminal.waitFor(prompt))
            let name = "Some Words Typed Here And Then Many More Words So That The Line Wraps Over And More"
            terminal.type("new " + name)
            #expect(terminal.waitFor("And More"))
            let offset = terminal.outputCount
            terminal.resize(columns: 50)
            #expect(terminal.waitUntilOutput { $0.rawText(from: offset).contains("\u{1B}[6n") })
            // Typed while the program waits for an answer that never comes.
            terminal.type(" The Edge")
            #expect(terminal.waitUntilOutput { $0.rawText(from: offset).contains("The Edge") })
            // The answer, too late: read as a key that does nothing.
            terminal.type("\u{1B}[3;7R!")
            #expect(terminal.waitUntilOutput { $0.rawText(from: offset).contains("!") })
            terminal.press(.enter)
            #expect(terminal.waitFor("Added person 4 \(name) The Edge!; it is now current."))
            #expect(!terminal.screenText.contains("3;7R"), "\(terminal.screenText)")
            terminal.type("quit!\r")
            #expect(terminal.waitForExit() == 0)
        }

        @Test("the cursor query is made only when the two kinds of terminal would differ, and its answer is kept")
        func rewrapTestAsksOnlyWhenItMatters() {
            let old = LineLayout(prompt: "> ", line: String(repeating: "w", count: 100), cursor: 100, width: 80)
            let narrower = LineLayout(prompt: "> ", line: String(repeating: "w", count: 100), cursor: 100, width: 50)
            var test = RewrapTest(guess: true, mayAsk: true)
            var asked = 0
            func answer(_ column: Int) -> Int? {
                asked += 1
                return column
            }
            // At 50 columns a re-wrapping terminal puts the cursor at column 2, one that cuts at 22.
            #expect(!test.rewraps(old: old, rewrapped: narrower, width: 50) { answer(22) })
            #expect(!test.rewraps(old: old, rewrapped: narrower, width: 50) { answer(2) })
            #expect(asked == 1 && test.learned == false)
            // One line, no wrap: nothing to ask.
            var short = RewrapTest(guess: false, mayAsk: true)
            let one = LineLayout(prompt: "> ", line: "ls", cursor: 2, width: 80)
            #expect(!short.rewraps(old: one, rewrapped: one, width: 60) { answer(0) })
            #expect(asked == 1, "asked about a line that does not wrap")
            // No answer: the guess, and no second question.
            var silent = RewrapTest(guess: true, mayAsk: true)
            #expect(silent.rewraps(old: old, rewrapped: narrower, width: 50) { nil })
            #expect(!silent.mayAsk)
            // Inside tmux the environment is enough.
            #expect(!RewrapTest(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "screen"]).mayAsk)
        }
    }
}
