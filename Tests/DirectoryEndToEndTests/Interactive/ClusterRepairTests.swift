import Testing

@testable import DirectoryCLI

extension Interactive {
    /// A change libedit made by code point, widened to whole characters; and M-.'s last word.
    struct ClusterRepairTests {
        private func state(_ text: String, _ cursor: Int) -> LineState { LineState(text: text, cursor: cursor) }

        @Test("deleting part of a joined emoji, a flag or a letter with an accent deletes all of it")
        func deletionsAreWidened() {
            // vi x on the woman of 👩‍💻: the joiner and the laptop go too.
            #expect(ClusterRepair.repair(from: state("a👩‍💻b", 1), to: state("a‍💻b", 1)) == state("ab", 1))
            // vi X after 👩‍💻: its laptop only, and then the rest.
            #expect(ClusterRepair.repair(from: state("a👩‍💻b", 4), to: state("a👩‍b", 3)) == state("ab", 1))
            // One of a flag's two regional indicators.
            #expect(ClusterRepair.repair(from: state("🇯🇵x", 0), to: state("🇵x", 0)) == state("x", 0))
            // The accent of e + U+0301 alone.
            #expect(ClusterRepair.repair(from: state("e\u{301}x", 1), to: state("ex", 1)) == state("x", 0))
        }

        @Test("a replacement takes the whole character, unless it joins the rest into one (~ on the e of é)")
        func replacements() {
            #expect(ClusterRepair.repair(from: state("a👩‍💻b", 1), to: state("aQ‍💻b", 1)) == state("aQb", 1))
            #expect(ClusterRepair.repair(from: state("e\u{301}", 0), to: state("E\u{301}", 0)) == nil)
        }

        @Test("typing, deleting whole characters and changing nothing need no repair")
        func wholeChangesStand() {
            #expect(ClusterRepair.repair(from: state("ab", 2), to: state("ab👩‍💻", 5)) == nil)
            #expect(ClusterRepair.repair(from: state("a👩‍💻b", 4), to: state("ab", 1)) == nil)
            #expect(ClusterRepair.repair(from: state("e", 1), to: state("e\u{301}", 2)) == nil)
        }

        @Test("M-. takes the last word, a double-quoted one whole")
        func lastWords() {
            #expect(LastArgumentKey.lastWord(of: "edit 3") == "3")
            #expect(LastArgumentKey.lastWord(of: "new Alpha \"Beta Gamma\"") == "\"Beta Gamma\"")
            #expect(LastArgumentKey.lastWord(of: "set name \"a \\\" b\"  ") == "\"a \\\" b\"")
            #expect(LastArgumentKey.lastWord(of: "   ") == nil)
        }
    }
}
