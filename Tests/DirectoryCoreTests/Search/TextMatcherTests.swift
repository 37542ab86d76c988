import Foundation
import Testing

@testable import DirectoryCore

@Suite("TextMatcher: search without case and accents, checked against Foundation")
struct TextMatcherTests {
    static let names = [
        "Joe Gregg", "Zoë Ångström", "ZOË", "Zoe\u{0308} decomposed", "María José García", "Müller-Lüdenscheidt",
        "Øyvind Bjørn", "Ærøskøbing", "Łódź", "İstanbul", "straße", "Œuvre", "Ｆｕｌｌ ｗｉｄｔｈ",
        "Ελληνικά", "Дмитрий Шостакович", "北京 大学", "한국어", "👩‍💻 coder", "Briggs 413", "",
        "naïve café", "Crème Brûlée", "ΟΔΟΣ ΣΟΦΙΑΣ", "ǅemal", "ﬁnance", "ıi", "がぎ", "Ａ１", "Ṽietnamese Tiếng Việt",
        "tab\there", "ÀÉÎÕÜ àéîõü",
    ]

    static let needles = [
        "zoe", "ZOË", "ångström", "angstrom", "garcia", "MÜLLER", "bjørn", "bjorn", "lodz", "istanbul", "strasse",
        "straße", "full", "ｆｕｌｌ", "ελλην", "дмитрий", "北京", "한국", "coder", "👩‍💻", "413", "briggs 4", "e",
        "cafe", "brulee", "tieng viet", "vietnamese", "aeiou", "ÀÉÎ", "x", "here", "\t", "é", "jose garcia",
    ]

    @Test("contains agrees with folding both texts whole with Foundation")
    func containsAgreesWithFoundation() {
        for needle in Self.needles {
            let matcher = TextMatcher(needle)
            let foldedNeedle = ScalarCaseFolding.foundationFold(needle)
            for name in Self.names {
                let expected = ScalarCaseFolding.foundationFold(name).contains(foldedNeedle)
                #expect(matcher.contains(name) == expected, "\(needle.debugDescription) in \(name.debugDescription)")
            }
        }
    }

    @Test("folding a scalar at a time gives Foundation's folding of the whole text")
    func scalarFoldingMatchesFoundation() {
        let folding = ScalarCaseFolding()
        for text in Self.names + Self.needles {
            #expect(
                String(decoding: folding.fold(text), as: UTF8.self) == ScalarCaseFolding.foundationFold(text),
                "\(text.debugDescription)")
        }
    }

    @Test("every substring of a folded name is found in the name")
    func everyFoldedSubstringIsFound() {
        for name in Self.names {
            let folded = Array(ScalarCaseFolding.foundationFold(name))
            for start in folded.indices {
                for end in (start + 1)...folded.count {
                    let piece = String(folded[start..<end])
                    #expect(TextMatcher(piece).contains(name), "\(piece.debugDescription) in \(name.debugDescription)")
                }
            }
        }
    }

    @Test("the empty text matches everything, and a longer needle never matches a shorter text")
    func edges() {
        #expect(TextMatcher("").contains(""))
        #expect(TextMatcher("").contains("Zoë"))
        #expect(!TextMatcher("zoë ångström!").contains("Zoë Ångström"))
        #expect(!TextMatcher("a").contains(""))
    }

    @Test("exact matches fold case and accents and compare whole names")
    func exactMatches() {
        let records = ["Zoë Ångström", "zoe angstrom", "Zoe Angstrom Jr"].enumerated().map { index, name in
            Record(id: RecordID(high: 0, low: UInt64(index)), values: [.text(name), .text("")])
        }
        #expect(TextMatcher("ZOE ANGSTRÖM").exactMatches(in: RecordList(records), field: 0) == [0, 1])
    }
}
