import DirectoryCore
import Foundation
import Testing

@testable import DirectoryCLI

extension Interactive {
    /// After Ctrl-L the line is at the screen's top: a resize that makes it taller pushes its
    /// first rows into tmux's scrollback, out of the program's reach. Drawing it whole again
    /// from the top of the screen left a copy of its first rows there, which a wider window
    /// brought back above the prompt.
    @Suite(.enabled(if: TmuxPane.isInstalled, "needs tmux"))
    struct ClearedScreenResizeTests {
        static let prompt = "directory.plist > "

        @Test(
            "after Ctrl-L, resizes leave one copy of a line of wide characters, scrollback included",
            arguments: [
                "find 日本語の名前をここに書いて検索するとどうなるか見てみましょう長い行です",
                "find x日本語の名前をここに書いて検索するとどうなるか見てみましょう長い行です",
                "find 😀 words 🎉 and 🍣 sushi typed here then many more 😀 words so that it wraps 🎉",
            ])
        func afterControlLResizesLeaveOneCopy(typed: String) throws {
            let folder = TemporaryFolder()
            let pane = try TmuxPane(folder: folder)
            #expect(pane.waitUntil { $0.rows.last == Self.prompt.trimmingCharacters(in: .whitespaces) })
            pane.type(typed)
            let characters = Array(typed)
            #expect(pane.waitUntil { Self.showsOnce(characters, cursor: characters.count, in: $0) })
            pane.send(bytes: [0x0C])
            // tmux keeps what a clear removes in its scrollback: the rows above, not the line.
            #expect(
                pane.waitUntil {
                    $0.rows.first?.hasPrefix(Self.prompt) == true
                        && Self.showsOnce(characters, cursor: characters.count, in: $0)
                })
            var cursor = characters.count
            for width in [50, 100, 40, 120, 30, 80, 25, 60] {
                pane.resize(width: width)
                #expect(pane.waitUntil { $0.programWidth == width }, "at \(width) columns")
                // A key the program answers after its redraw.
                pane.press("Left")
                cursor -= 1
                #expect(
                    pane.waitUntil { Self.showsOnce(characters, cursor: cursor, in: $0) },
                    "at \(width) columns: \(pane.allRows)")
            }
        }

        /// The rows of `rows` that start with the prompt.
        static func promptRows(in rows: [String]) -> [Int] { rows.indices.filter { rows[$0].hasPrefix(prompt) } }

        /// Whether `pane`, its scrollback included, shows the prompt once, followed by `line`
        /// wrapped at the program's width to the end, the cursor before character `cursor` of `line`.
        static func showsOnce(_ line: [Character], cursor: Int, in pane: TmuxPane) -> Bool {
            let rows = pane.allRows
            let starts = promptRows(in: rows)
            guard starts.count == 1, let first = starts.first, let width = pane.programWidth,
                let history = pane.historySize, let row = pane.cursorRow, let column = pane.cursorColumn
            else { return false }
            let text = String(line)
            // tmux leaves out a space that ends a row, and shows a wide character that did not fit as its row's end.
            guard rows[first...].joined().filter({ $0 != " " }) == (prompt + text).filter({ $0 != " " }) else {
                return false
            }
            let offset = String(line[..<cursor]).unicodeScalars.count
            let layout = LineLayout(prompt: prompt, line: text, cursor: offset, width: width)
            return history + row == first + layout.cursor.row && column == layout.cursor.column
        }
    }
}
