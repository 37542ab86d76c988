import DirectoryCore
import Testing

@Suite("Screen fit (when the prompt pages)")
struct ScreenFitTests {
    @Test("lines are counted against the window's rows")
    func countsLines() {
        let ten = (1...10).map { "line \($0)" }.joined(separator: "\n")
        #expect(!ScreenFit.isTaller(ten, than: 10, width: 80))
        #expect(ScreenFit.isTaller(ten, than: 9, width: 80))
        #expect(!ScreenFit.isTaller("", than: 0, width: 80))
        #expect(!ScreenFit.isTaller("one", than: 1, width: 80))
    }

    @Test("a long line counts the rows it wraps onto; wide characters count two columns")
    func wrapping() {
        #expect(ScreenFit.isTaller(String(repeating: "a", count: 81), than: 1, width: 80))
        #expect(!ScreenFit.isTaller(String(repeating: "a", count: 80), than: 1, width: 80))
        #expect(ScreenFit.isTaller(String(repeating: "高", count: 41), than: 1, width: 80))
        #expect(!ScreenFit.isTaller(String(repeating: "高", count: 40), than: 1, width: 80))
    }

    @Test("colour escapes take no room")
    func escapes() {
        let coloured = "\u{1B}[1m" + String(repeating: "a", count: 78) + "\u{1B}[0m"
        #expect(!ScreenFit.isTaller(coloured, than: 1, width: 80))
    }

    @Test("a huge text is answered without measuring all of it")
    func stopsEarly() {
        let huge = String(repeating: "row\n", count: 200_000)
        #expect(ScreenFit.isTaller(huge, than: 23, width: 80))
    }
}
