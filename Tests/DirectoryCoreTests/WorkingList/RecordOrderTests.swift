import Foundation
import Testing

@testable import DirectoryCore

@Suite("Record order: sort keys")
struct RecordOrderTests {
    func sorted(_ names: [String], locale: String, descending: Bool = false) -> [String] {
        let records = names.enumerated().map {
            Record(id: RecordID(high: 5, low: UInt64($0.offset)), values: [.text($0.element), .text("")])
        }
        let order = RecordOrder(field: 0, kind: .person, descending: descending, locale: Locale(identifier: locale))
        return (order.sorted(RecordList(records)) ?? []).map { names[$0] }
    }

    @Test("the locale decides where letters with marks go: ö after z in Swedish, with o in German")
    func localeAware() {
        let names = ["Zorn", "Öberg", "Olsson", "Åberg"]
        #expect(sorted(names, locale: "sv_SE") == ["Olsson", "Zorn", "Åberg", "Öberg"])
        #expect(sorted(names, locale: "de_DE") == ["Åberg", "Öberg", "Olsson", "Zorn"])
    }

    @Test("case, accents, combining marks and joiners do not order; digits compare by value")
    func ignoredAndNumbers() {
        let names = ["e\u{0301}mile", "Emma", "EMIL", "room 10", "Room 9", "room 009b"]
        #expect(sorted(names, locale: "en_US") == ["EMIL", "e\u{0301}mile", "Emma", "Room 9", "room 009b", "room 10"])
        #expect(sorted(["b", "a", "B", "A"], locale: "en_US") == ["a", "A", "b", "B"])
        #expect(sorted(["b", "a", "B", "A"], locale: "en_US", descending: true) == ["b", "B", "a", "A"])
    }
}

@Suite("Session environment: the locale sort follows")
struct CollationLocaleTests {
    @Test(
        "the locale comes from LC_ALL, LC_COLLATE or LANG, and C or POSIX means none",
        arguments: [
            (["LANG": "sv_SE.UTF-8"], "sv_SE"), (["LC_ALL": "de_DE.UTF-8@euro", "LANG": "sv_SE"], "de_DE"),
            (["LC_COLLATE": "fi_FI", "LANG": "en_US.UTF-8"], "fi_FI"), (["LANG": "C.UTF-8"], ""),
            (["LC_ALL": "POSIX"], ""),
            (["LC_ALL": "", "LANG": "nb_NO.UTF-8"], "nb_NO"), ([:], ""),
        ])
    func fromTheEnvironment(_ environment: [String: String], _ expected: String) {
        #expect(SessionEnvironment.collationLocale(environment: environment) == expected)
    }
}
