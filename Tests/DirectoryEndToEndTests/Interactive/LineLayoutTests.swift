import Testing

@testable import DirectoryCLI

/// Where the prompt line's text and cursor land, by grapheme cluster.
@Suite("Line layout: the prompt line by grapheme cluster")
struct LineLayoutTests {
    @Test("a joined emoji, a flag and a letter with an accent mark take their columns as one")
    func clustersTakeTheirColumnsAsOne() {
        let line = "X👩‍💻🇯🇵e\u{0308}"
        let atEnd = LineLayout(prompt: "> ", line: line, cursor: line.unicodeScalars.count, width: 80)
        #expect(atEnd.cursor == .init(row: 0, column: 2 + 1 + 2 + 2 + 1))
        // The cursor after X: scalar offset 1.
        #expect(LineLayout(prompt: "> ", line: line, cursor: 1, width: 80).cursor == .init(row: 0, column: 3))
    }

    @Test("a wide character that does not fit at a row's end starts the next row; text at the edge waits there")
    func wideCharactersWrapWhole() {
        let layout = LineLayout(prompt: "> ", line: "ab高", cursor: 3, width: 5)
        #expect(layout.text == "> ab 高")
        #expect(layout.cursor == .init(row: 1, column: 2))
        let edge = LineLayout(prompt: "> ", line: "abc", cursor: 3, width: 5)
        #expect(edge.endsAtEdge)
        #expect(edge.cursor == .init(row: 1, column: 0))
    }

    @Test("the cursor inside a cluster goes to its start when moving left, to its end when moving right")
    func theCursorNeverStopsInsideACluster() {
        let line = "X👩‍💻"  // X, woman, joiner, laptop: scalars 0 1 2 3
        #expect(LineDrawing.clusterBoundary(near: 3, in: line, movingLeft: true) == 1)
        #expect(LineDrawing.clusterBoundary(near: 2, in: line, movingLeft: false) == 4)
        #expect(LineDrawing.clusterBoundary(near: 1, in: line, movingLeft: true) == 1)
    }
}
