import Testing

@testable import DirectoryCore

extension Interactive {
    /// Ctrl-R's search: the newest line first, without regard to case and accents unless the
    /// pattern has a capital, the match's place in Unicode scalars.
    struct HistorySearchTests {
        private let entries = ["new Kurt Krebsbach", "list", "find zoë", "show 2"]

        @Test("the newest line that contains the pattern is found, at the start of the match")
        func newestLineFirst() {
            #expect(HistorySearch.find("s", in: entries, below: 4) == .init(entry: 3, offset: 0))
            #expect(HistorySearch.find("s", in: entries, below: 3) == .init(entry: 1, offset: 2))
            #expect(HistorySearch.find("zzz", in: entries, below: 4) == nil)
        }

        @Test("a pattern without capitals ignores case and accents; one with a capital is exact")
        func caseAndAccents() {
            #expect(HistorySearch.find("krebs", in: entries, below: 4) == .init(entry: 0, offset: 9))
            #expect(HistorySearch.find("ZOE", in: entries, below: 4) == nil)
            #expect(HistorySearch.find("zoe", in: entries, below: 4) == .init(entry: 2, offset: 5))
            #expect(HistorySearch.find("Kr", in: entries, below: 4) == .init(entry: 0, offset: 9))
            #expect(HistorySearch.find("KR", in: entries, below: 4) == nil)
        }

        @Test("the offset counts Unicode scalars, so it is libedit's cursor; a joined emoji counts all of its")
        func offsetsInScalars() {
            #expect(HistorySearch.offset(of: "x", in: "👩‍💻 x") == 4)
            #expect(HistorySearch.offset(of: "", in: "abc") == 0)
        }
    }
}
