import DirectoryCore
import Foundation
import Testing

extension Interactive {
    /// In a real terminal (tmux): the cursor around joined emoji, and the line after resizes.
    @Suite(.enabled(if: TmuxPane.isInstalled, "needs tmux"))
    struct RealTerminalTests {
        @Test("in a real terminal the cursor stands just before a joined emoji after the left arrow")
        func inARealTerminalTheCursorStandsJustBeforeAJoinedEmojiAfterLeft() throws {
            let folder = TemporaryFolder()
            let pane = try TmuxPane(folder: folder)
            let prompt = "directory.plist > "
            #expect(
                pane.waitUntil { $0.rows.last == prompt.trimmingCharacters(in: .whitespaces) || $0.rows.last == prompt }
            )
            pane.type("new X👩‍💻 🇯🇵e\u{0308}")
            #expect(pane.waitUntil { $0.cursorColumn == DisplayWidth.of(prompt + "new X👩‍💻 🇯🇵e\u{0308}") })
            pane.press("Left")
            #expect(pane.waitUntil { $0.cursorColumn == DisplayWidth.of(prompt + "new X👩‍💻 🇯🇵") })
            pane.press("Left")
            #expect(pane.waitUntil { $0.cursorColumn == DisplayWidth.of(prompt + "new X👩‍💻 ") })
            pane.press("Left", "Left")
            #expect(pane.waitUntil { $0.cursorColumn == DisplayWidth.of(prompt + "new X") })
        }

        @Test(
            "after resizes, no stale row stays above the prompt",
            arguments: [
                "find some words typed here and then many more words so that the line wraps over the edge",
                // With the prompt, 80 columns: the line ends at the window's edge.
                "find" + String(repeating: " word", count: 11) + " ab",
            ])
        func afterResizesNoStaleRowStaysAboveThePrompt(typed: String) throws {
            try Self.resizes(typed: typed, environment: [])
        }

        /// A guard more than a proof: tmux draws a redraw from the old first row cleanly too.
        @Test("tmux re-wraps though the environment says xterm (XTERM_VERSION): the cursor's place tells")
        func theTerminalIsAskedNotTheEnvironment() throws {
            try Self.resizes(
                typed: "find some words typed here and then many more words so that the line wraps over the edge",
                environment: ["XTERM_VERSION=379"])
        }

        /// tmux re-wraps its screen at each resize but tells the program only every 250 ms: a
        /// line drawn for a width the window already left used to leave a copy of the prompt.
        @Test("a burst of resizes, as when a window's edge is dragged, leaves the prompt once")
        func aBurstOfResizesLeavesThePromptOnce() throws {
            let typed = "find some words typed here and then many more words so that the line wraps over the edge"
            let folder = TemporaryFolder()
            let pane = try Self.paneWithLine(typed, in: folder, environment: [])
            let widths = [60, 40, 100, 30, 80, 50, 40, 30, 80, 120, 45, 90, 35, 70]
            for width in widths { pane.resize(width: width) }
            #expect(pane.waitUntil { $0.programWidth == widths.last })
            pane.press("Left")
            #expect(
                pane.waitUntil {
                    Self.showsOnce(Self.prompt + typed, cursor: Self.prompt.count + typed.count - 1, in: $0)
                })
        }

        /// The prompt the program shows for the sample list.
        static let prompt = "directory.plist > "

        /// A pane with `environment` and its files in `folder`, showing the prompt and `typed` after it.
        static func paneWithLine(_ typed: String, in folder: TemporaryFolder, environment: [String]) throws -> TmuxPane
        {
            let pane = try TmuxPane(folder: folder, environment: environment)
            #expect(pane.waitUntil { $0.rows.last?.hasPrefix("directory.plist >") == true })
            pane.type(typed)
            #expect(pane.waitUntil { $0.rows.joined().hasSuffix(typed) })
            return pane
        }

        /// Whether `pane` shows `text` (the prompt and the line) once, from its only prompt row
        /// down, wrapped at the program's width, with the cursor `cursor` columns from its start.
        static func showsOnce(_ text: String, cursor: Int, in pane: TmuxPane) -> Bool {
            let rows = pane.rows
            let promptRows = rows.indices.filter { rows[$0].hasPrefix(prompt) }
            guard promptRows.count == 1, let first = promptRows.first, let width = pane.programWidth else {
                return false
            }
            // tmux leaves out a space that ends a row.
            guard rows[first...].joined().filter({ $0 != " " }) == text.filter({ $0 != " " }) else { return false }
            return pane.cursorRow == first + cursor / width && pane.cursorColumn == cursor % width
        }

        /// Types `typed` in a pane with `environment`, resizes it again and again, and checks
        /// that the prompt and the line are shown once, at the bottom, re-wrapped to each width.
        /// tmux re-wraps its screen by itself, so the program's own drawing is waited for: once
        /// the program is told the width, a Left it must answer after its redraw.
        static func resizes(typed: String, environment: [String]) throws {
            let folder = TemporaryFolder()
            let pane = try paneWithLine(typed, in: folder, environment: environment)
            var cursor = prompt.count + typed.count
            for width in [60, 40, 100, 30, 80, 50, 40, 30, 80, 120] {
                pane.resize(width: width)
                #expect(pane.waitUntil { $0.programWidth == width }, "at \(width) columns")
                pane.press("Left")
                cursor -= 1
                #expect(pane.waitUntil { showsOnce(prompt + typed, cursor: cursor, in: $0) }, "at \(width) columns")
            }
        }
    }
}
