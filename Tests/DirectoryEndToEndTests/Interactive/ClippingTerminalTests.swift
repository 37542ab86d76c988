import DirectoryCore
import Foundation
import Testing

extension Interactive {
    /// Resizes in a terminal that does not re-wrap its rows (xterm, told by XTERM_VERSION):
    /// the line is drawn again from the row it started on, once, and the rows above stay.
    struct ClippingTerminalTests {
        @Test("in a terminal that does not re-wrap, resizes leave one copy of the prompt and the rows above")
        func resizesInATerminalThatDoesNotRewrap() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(
                ["--no-pager"], folder: folder, environment: ["XTERM_VERSION": "XTerm(379)", "TERM": "xterm-256color"])
            let prompt = "directory.plist > "
            #expect(terminal.waitFor(prompt))
            let typed = "find some words typed here and then many more words so that the line wraps over the edge"
            terminal.type(typed)
            #expect(terminal.waitFor("over the edge"))
            // What the screen shows at each width, the resizes replayed where they came in the output.
            var resizes: [(offset: Int, width: Int)] = []
            func screen() -> ClippingScreen {
                var screen = ClippingScreen(width: 80, height: 24)
                var at = 0
                let bytes = Array(terminal.rawText.utf8)
                for resize in resizes {
                    screen.feed(String(decoding: bytes[at..<resize.offset], as: UTF8.self))
                    screen.resize(width: resize.width)
                    at = resize.offset
                }
                screen.feed(String(decoding: bytes[at...], as: UTF8.self))
                return screen
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
                        let rows = screen().rows
                        guard promptRows(rows) == [first] else { return false }
                        return Array(rows[..<first]) == above
                            && rows[first...].joined().filter { $0 != " " } == (prompt + typed).filter { $0 != " " }
                    }, "at \(width) columns: \(screen().rows)")
            }
        }
    }
}
