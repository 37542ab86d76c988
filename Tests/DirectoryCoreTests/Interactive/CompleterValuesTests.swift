import Testing

@testable import DirectoryCore

extension Interactive {
    /// Tab completion of names and values over a packed list, against checking every record.
    struct CompleterValuesTests {
        /// What `edit WORD<Tab>` offered before the index: each distinct name, in list order.
        static func referenceNames(_ records: RecordList, _ word: String) -> [String] {
            let folded = TextMatcher.fold(word)
            var seen = Set<String>()
            return records.compactMap { record in
                let name = record.values[0].text ?? ""
                guard !name.isEmpty, TextMatcher.fold(name).hasPrefix(folded), seen.insert(name).inserted else {
                    return nil
                }
                return name
            }
        }

        /// What `set office WORD<Tab>` offered before the index.
        static func referenceOffices(_ records: RecordList, _ word: String) -> [String] {
            let folded = TextMatcher.fold(word)
            let values = records.compactMap { record -> String? in
                guard let value = record.values[1].text, !value.isEmpty, Completer.typesBack(value),
                    TextMatcher.fold(value).hasPrefix(folded)
                else { return nil }
                return value
            }
            return Set(values).sorted()
        }

        @Test("names and values offered from a packed, then edited, list are those found record by record")
        func sameAsRecordByRecord() {
            var generator = SeededGenerator(state: 7)
            var list = RecordList(
                packing: RecordSearchTests.randomRecords(300, &generator), kind: .person)
            let words = ["", "z", "ZO", "zoe", "e", "ë", "ss", "ß", "高", "a", "Ø", "ø", "i", "İ", "'", "fi"]
            for round in 0..<2 {
                let completer = Completer(kind: .person, records: list, listFolder: { _ in [] })
                for word in words {
                    let names = completer.complete("edit " + word).candidates.map(\.text)
                    #expect(names == Self.referenceNames(list, word), "round \(round): \(word.debugDescription)")
                    let offices = completer.complete("set office " + word).candidates.map(\.text)
                    // Sorted, but compared as sets: `Å` and `A\u{30A}` are equal strings, so their order
                    // among others may depend on the order they were sorted from.
                    let expected = Self.referenceOffices(list, word)
                    #expect(offices.count == expected.count, "round \(round): \(word.debugDescription)")
                    #expect(Set(offices) == Set(expected), "round \(round): \(word.debugDescription)")
                }
                list[3] = Record(id: RecordID(high: 9, low: 1), values: [.text("Zoë New"), .text("Zoo 1")])
                list.append(Record(id: RecordID(high: 9, low: 2), values: [.text("ßigma"), .text("İnn")]))
                list.remove(at: Set([0, 10]))
            }
        }
    }
}

extension Interactive.CompleterValuesTests {
    @Test(
        "record numbers that start with the digits typed are those found by counting",
        arguments: [0, 1, 9, 10, 11, 99, 100, 1234])
    func numbersStartingWithDigits(count: Int) {
        for digits in ["", "0", "1", "9", "10", "12", "123", "1234", "12345", "01", "99999999999999999999999"] {
            let expected = (0..<count).map { String($0 + 1) }.filter { $0.hasPrefix(digits) }.compactMap(Int.init)
            #expect(Completer.numbers(startingWith: digits, upTo: count) == expected, "\(digits) of \(count)")
        }
    }
}
