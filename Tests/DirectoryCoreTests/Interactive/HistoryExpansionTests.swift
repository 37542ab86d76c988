import Testing

@testable import DirectoryCore

extension Interactive {
    /// `!!`, `!N`, `!-N` and `!PREFIX`, and the `history` listing.
    struct HistoryExpansionTests {
        private let entries = ["list", "new Zoë", "set office Briggs 413", "find zoe"]

        @Test(
            "references at the start of a line are expanded",
            arguments: [
                ("!!", HistoryExpansion.Result.expanded("find zoe")),
                ("!2", .expanded("new Zoë")),
                ("!-2", .expanded("set office Briggs 413")),
                ("!set", .expanded("set office Briggs 413")),
                ("!li", .expanded("list")),
                ("!! extra", .expanded("find zoe extra")),
                ("!new Kim", .expanded("new Zoë Kim")),
                ("list", .unchanged),
                ("!", .unchanged),
                ("! list", .unchanged),
                ("save!", .unchanged),
                ("quit!", .unchanged),
            ])
        func referencesAtTheStartOfALineAreExpanded(line: String, expected: HistoryExpansion.Result) {
            #expect(HistoryExpansion.expand(line, entries: entries) == expected)
        }

        @Test("a reference to no entry fails with a message", arguments: ["!9", "!0", "!-5", "!zzz"])
        func aReferenceToNoEntryFailsWithAMessage(line: String) {
            guard case .failed(let message) = HistoryExpansion.expand(line, entries: entries) else {
                Issue.record("expected a failure for \(line)")
                return
            }
            #expect(message.contains("history"))
        }

        @Test("!! with no history fails")
        func bangBangWithNoHistoryFails() {
            #expect(HistoryExpansion.expand("!!", entries: []) == .failed("there is no earlier line to repeat"))
        }

        @Test("the listing numbers entries from one and shows the last N")
        func theListingNumbersEntriesFromOneAndShowsTheLastN() {
            #expect(
                HistoryExpansion.listing(of: entries, last: nil)
                    == "  1  list\n  2  new Zoë\n  3  set office Briggs 413\n  4  find zoe")
            #expect(HistoryExpansion.listing(of: entries, last: 2) == "  3  set office Briggs 413\n  4  find zoe")
            #expect(HistoryExpansion.listing(of: entries, last: 0) == "")
            #expect(HistoryExpansion.listing(of: [], last: nil) == "")
            let many = (1...12).map { "line \($0)" }
            #expect(HistoryExpansion.listing(of: many, last: 3).hasPrefix("  10  line 10\n"))
            #expect(HistoryExpansion.listing(of: many, last: 3).hasSuffix("\n  12  line 12"))
        }
    }
}
