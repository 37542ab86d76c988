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

        /// Types `typed` in a pane with `environment`, resizes it again and again, and checks
        /// that the prompt and the line are shown once, at the bottom, re-wrapped to each width.
        static func resizes(typed: String, environment: [String]) throws {
            let folder = TemporaryFolder()
            let pane = try TmuxPane(folder: folder, environment: environment)
            #expect(pane.waitUntil { $0.rows.last?.hasPrefix("directory.plist >") == true })
            pane.type(typed)
            #expect(pane.waitUntil { $0.rows.joined().hasSuffix(typed) })
            for width in [60, 40, 100, 30, 80, 50, 40, 30, 80, 120] {
                pane.resize(width: width)
                // The prompt and the line once, at the bottom, re-wrapped to the new width.
                #expect(
                    pane.waitUntil { pane in
                        let rows = pane.rows
                        let promptRows = rows.indices.filter { rows[$0].hasPrefix("directory.plist > ") }
                        guard promptRows.count == 1, let first = promptRows.first else { return false }
                        // tmux leaves out a space that ends a row.
                        let shown = rows[first...].joined().filter { $0 != " " }
                        return shown == ("directory.plist > " + typed).filter { $0 != " " }
                    }, "at \(width) columns")
            }
        }
    }
}
