import Testing

@testable import DirectoryCore

@Suite("Word wrap: help text broken between words at the terminal's width")
struct WordWrapTests {
    @Test("a long line breaks between words, never inside one")
    func breaksBetweenWords() {
        let text = "Changes the order of the list, which the file keeps and the apps show. One undo puts it back."
        #expect(
            WordWrap.wrap(text, width: 30) == """
                Changes the order of the list,
                which the file keeps and the
                apps show. One undo puts it
                back.
                """)
    }

    @Test("a two-column line continues under its second column; short lines stay as they are")
    func hangsUnderTheSecondColumn() {
        let text = "Commands:\n  delete N [N…]  delete records by number or range, quoted or not"
        #expect(
            WordWrap.wrap(text, width: 40) == """
                Commands:
                  delete N [N…]  delete records by
                                 number or range, quoted
                                 or not
                """)
    }

    @Test("a first column wider than half the window stands alone; the second follows under it, further in")
    func narrowWindowPutsTheSecondColumnBelow() {
        let text = "  export FORMAT [OPTIONS] PATH  write the list to a CSV, JSON or vCard file"
        #expect(
            WordWrap.wrap(text, width: 40) == """
                  export FORMAT [OPTIONS] PATH
                      write the list to a CSV, JSON or
                      vCard file
                """)
    }

    @Test("a word wider than the window is cut where it must be; wide characters count two columns")
    func cutsWhatCannotFit() {
        #expect(WordWrap.wrap("ab abcdefghij", width: 4) == "ab\nabcd\nefgh\nij")
        #expect(WordWrap.wrap("高橋 高橋高橋", width: 5) == "高橋\n高橋\n高橋")
    }

    @Test("every line of the help at 40 columns fits and no word is split")
    func helpFits() {
        let help = HelpText.overview(for: .person)
        let wrapped = WordWrap.wrap(help, width: 40)
        for line in wrapped.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 40) }
        let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        #expect(words(wrapped) == words(help))
    }
}
