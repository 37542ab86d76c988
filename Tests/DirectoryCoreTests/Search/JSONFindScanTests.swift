import Foundation
import Testing

@testable import DirectoryCore

@Suite("JSONFindScan: a one-shot find lists exactly what find lists after a full load")
struct JSONFindScanTests {
    /// The kind and records the full load of `bytes` reads, or `nil` when it fails.
    static func fullLoad(_ bytes: [UInt8], kind: ListKind? = nil) -> (kind: ListKind, records: RecordList)? {
        var builder = RecordBuilder(kind: kind, fallback: .person)
        do {
            try JSONRecordReader.read(bytes.span, into: &builder)
        } catch {
            return nil
        }
        return builder.finish()
    }

    /// What `find text` lists after the full load of `bytes` (as `WorkingList` lists it), or
    /// `nil` when the load fails or the list repeats an id (the full run then says more).
    static func fullFind(_ bytes: [UInt8], _ text: String, kind: ListKind? = nil) -> RecordListing? {
        guard var (found, records) = fullLoad(bytes, kind: kind) else { return nil }
        guard RecordKey.numberOccurrences(in: &records).isEmpty else { return nil }
        let rows = RecordSearch(records).indices(containing: text).map { index in
            RecordListing.Row(number: index + 1, record: records[index])
        }
        return RecordListing(
            kind: found, rows: rows, emptyMessage: records.isEmpty ? found.emptyListMessage : "No matches.")
    }

    /// What the scan lists, fed `bytes` through a window that takes `step` more bytes at a
    /// time (as the front end feeds it a file), or `nil` when it is unsure.
    static func scanFind(_ bytes: [UInt8], _ text: String, step: Int, kind: ListKind? = nil) -> RecordListing? {
        scan(bytes, text, step: step, kind: kind).listing
    }

    /// The scan's listing (`nil` when unsure) and how many records it built.
    static func scan(_ bytes: [UInt8], _ text: String, step: Int, kind: ListKind? = nil) -> (
        listing: RecordListing?, built: Int
    ) {
        var scan = JSONFindScan(text: text, kind: kind, fallback: .person)
        var window: [UInt8] = []
        var offset = 0
        var fromFileStart = true
        while true {
            let more = min(step, bytes.count - offset)
            window += bytes[offset..<offset + more]
            offset += more
            let atEnd = offset == bytes.count
            var position = 0
            switch scan.read(window.span, fromFileStart: fromFileStart, atEnd: atEnd, position: &position) {
            case .done: return (scan.listing(), scan.recordsBuilt)
            case .unsure: return (nil, scan.recordsBuilt)
            case .needsMore: break
            }
            if atEnd { return (nil, scan.recordsBuilt) }
            window.removeFirst(position)
            fromFileStart = fromFileStart && position == 0
        }
    }

    /// Checks the scan against the full find on `bytes` for `text`: the same rows, or both unsure.
    static func expectSame(_ bytes: [UInt8], _ text: String, step: Int, _ context: @autoclosure () -> String) {
        let expected = fullFind(bytes, text)
        let scanned = scanFind(bytes, text, step: step)
        if TextMatcher(text).folded.isEmpty { return }
        expectSameListing(scanned, expected, context())
    }

    /// Checks what a scan listed against what the full load lists: the same rows, or both
    /// `nil` (the scan unsure where the full load fails).
    static func expectSameListing(
        _ scanned: RecordListing?, _ expected: RecordListing?, _ context: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let expected else {
            #expect(
                scanned == nil, "the scan answered where the full load fails: \(context())",
                sourceLocation: sourceLocation)
            return
        }
        guard let scanned else {
            Issue.record("the scan gave up on a list the full load reads: \(context())", sourceLocation: sourceLocation)
            return
        }
        #expect(
            scanned.rows.map(\.number) == expected.rows.map(\.number), "\(context())", sourceLocation: sourceLocation)
        #expect(scanned == expected, "\(context())", sourceLocation: sourceLocation)
    }

    // MARK: - Random lists

    /// Pieces of text that fold unevenly: accents precomposed and combining, case pairs of
    /// different lengths, width variants, signs that fold to letters, CJK, emoji.
    static let pieces = [
        "Krebsbach", "krebs", "KREBS", "Zoë", "zoe", "e\u{301}", "É", "ë", "Ø", "ß", "ss", "SS", "ẞ", "İ", "ı", "i",
        "ﬁ", "fi", "Ａ", "ｋ", "\u{212A}", "\u{2126}", "\u{212B}", "A\u{30A}", "Łódź", "高橋", "👩‍💻", "🙂", "Σ", "ς",
        " ", "-", "'", "413", "Briggs", "/", "\\", "\"", "\n", "\t", "\u{1}", "\u{7F}", "\u{FEFF}", "\u{FFFD}",
    ]

    /// A scalar from a random plane (0 to 16), never a surrogate.
    static func randomScalar(_ generator: inout SeededGenerator) -> Unicode.Scalar {
        while true {
            let plane = UInt32.random(in: 0...16, using: &generator)
            let value = plane << 16 | UInt32.random(in: 0...0xFFFF, using: &generator)
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    static func randomText(_ generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...5, using: &generator) {
            if Int.random(in: 0..<6, using: &generator) == 0 {
                text.unicodeScalars.append(randomScalar(&generator))
            } else {
                text += pieces.randomElement(using: &generator) ?? ""
            }
        }
        return text
    }

    /// `text` as a JSON string, each scalar written plainly or escaped at random (`\u00e9`,
    /// surrogate pairs, `\/`, `\n`), controls, quotes and backslashes always escaped.
    static func jsonString(_ text: String, _ generator: inout SeededGenerator) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let must = value < 0x20 || scalar == "\"" || scalar == "\\"
            let escape = must || Int.random(in: 0..<8, using: &generator) == 0
            guard escape else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if value >= 0x1_0000 {
                    let offset = value - 0x1_0000
                    out += String(format: "\\u%04x\\u%04X", 0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
                } else {
                    out += String(format: Bool.random(using: &generator) ? "\\u%04x" : "\\u%04X", value)
                }
            }
        }
        return out + "\""
    }

    static func randomUUID(_ generator: inout SeededGenerator, small: Bool) -> String {
        let id = RecordID(
            high: UInt64.random(in: 0...UInt64.max, using: &generator),
            low: UInt64.random(in: 0...9, using: &generator)
                | (UInt64.random(in: 0...UInt64.max, using: &generator) << 8))
        return small ? id.description.lowercased() : id.description
    }

    /// A JSON list of people: the keys in any order, white space here and there, sometimes
    /// a key missing or an extra one (a string, which find searches, a number or an array,
    /// which it does not), sometimes an id repeated.
    static func randomList(_ generator: inout SeededGenerator) -> (bytes: [UInt8], texts: [String]) {
        var texts: [String] = []
        var records: [String] = []
        var ids: [String] = []
        let space = Bool.random(using: &generator) ? "" : " \n"
        for _ in 0..<Int.random(in: 0...24, using: &generator) {
            let id: String
            if !ids.isEmpty, Int.random(in: 0..<40, using: &generator) == 0 {
                id = ids.randomElement(using: &generator) ?? ""
            } else {
                id = randomUUID(&generator, small: Int.random(in: 0..<5, using: &generator) == 0)
            }
            ids.append(id)
            var members = ["\"id\"\(space):\"\(id)\""]
            for key in ["name", "office"] where Int.random(in: 0..<12, using: &generator) > 0 {
                let text = randomText(&generator)
                texts.append(text)
                members.append("\"\(key)\":\(space)" + jsonString(text, &generator))
            }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                let text = randomText(&generator)
                texts.append(text)
                members.append("\"note\":" + jsonString(text, &generator))
            case 1: members.append("\"floor\":4")
            case 2: members.append("\"tags\":[" + jsonString("Krebsbach", &generator) + "]")
            default: break
            }
            members.shuffle(using: &generator)
            records.append("{" + members.joined(separator: "," + space) + "}")
        }
        let text = "[" + space + records.joined(separator: "," + space) + space + "]" + space
        return (Array(text.utf8), texts)
    }

    /// Needles: pieces, random scalars, and pieces of the lists' own texts, in other cases,
    /// decomposed, or with accents folded away.
    static func needles(for texts: [String], _ generator: inout SeededGenerator) -> [String] {
        var needles = ["Krebsbach", "zoe", "ss", "e", "é", "K", "fi", "高", "🙂", "a b", "\u{301}"]
        needles.append(String(randomScalar(&generator)))
        needles.append(pieces.randomElement(using: &generator) ?? "")
        for text in texts.shuffled(using: &generator).prefix(4) {
            let scalars = Array(text.unicodeScalars)
            guard !scalars.isEmpty else { continue }
            let start = Int.random(in: 0..<scalars.count, using: &generator)
            let end = Int.random(in: start...scalars.count, using: &generator)
            var piece = ""
            piece.unicodeScalars.append(contentsOf: scalars[start..<end])
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: needles.append(piece.uppercased())
            case 1: needles.append(piece.decomposedStringWithCanonicalMapping)
            case 2: needles.append(TextMatcher.fold(piece))
            default: needles.append(piece)
            }
        }
        return needles
    }

    @Test("random lists and needles: ASCII, accents, decomposed forms, JSON escapes, every plane")
    func randomListsAndNeedles() {
        var generator = SeededGenerator(state: 34)
        for round in 0..<150 {
            let (bytes, texts) = Self.randomList(&generator)
            let step = [3, 7, 64, 1 << 20].randomElement(using: &generator) ?? 1
            for needle in Self.needles(for: texts, &generator) {
                Self.expectSame(bytes, needle, step: step, "round \(round), needle \(needle.debugDescription)")
            }
        }
    }

    @Test("a list the full load refuses, or whose ids repeat, leaves the scan unsure")
    func refusedOrRepeated() {
        var generator = SeededGenerator(state: 3_400)
        var refused = 0
        for round in 0..<150 {
            var (bytes, _) = Self.randomList(&generator)
            guard !bytes.isEmpty else { continue }
            switch round % 3 {
            case 0: bytes.removeLast(Int.random(in: 1...min(bytes.count, 30), using: &generator))
            case 1:
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                    [0x7B, 0x22, 0x2C, 0xFF, 0x5C].randomElement(using: &generator) ?? 0
            default: bytes.insert(contentsOf: Array("{\"id\":\"0\"},".utf8), at: min(bytes.count, 1))
            }
            if Self.fullFind(bytes, "e") == nil { refused += 1 }
            Self.expectSame(bytes, "e", step: 16, "round \(round)")
            Self.expectSame(bytes, "Krebsbach", step: 1 << 20, "round \(round)")
        }
        #expect(refused > 50)
    }

    /// Every file of the JSON fuzzing corpus, and the bucket list fixture.
    static func hostileInputs() throws -> [(name: String, bytes: [UInt8])] {
        var inputs = try FuzzCorpusReplayTests.inputs("json")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/bucketList.json")
        inputs.append(("bucketList.json", Array(try Data(contentsOf: fixture))))
        #expect(inputs.count > 100)
        return inputs
    }

    @Test("every file of the JSON fuzzing corpus, and the bucket list fixture")
    func hostileCorpus() throws {
        let inputs = try Self.hostileInputs()
        for input in inputs {
            for needle in ["a", "é", "E\u{301}", "krebs", "Zoë", "ss", "K", "\u{0}", "🙂", "高", "1"] {
                Self.expectSame(input.bytes, needle, step: 1 << 20, "\(input.name), \(needle.debugDescription)")
                Self.expectSame(input.bytes, needle, step: 5, "\(input.name), \(needle.debugDescription), windows of 5")
            }
        }
    }

    @Test("records are numbered as in the whole list, only those that may match are built, an empty list says so")
    func numbersAndEmptyList() throws {
        let list = """
            [{"id":"6FFC18D1-8F14-40A0-8C52-4413324CF863","name":"Grace O'Brien","office":"Sampson House 429"},
             {"id":"B2671002-B869-4727-9AEA-C9970FEADE86","name":"S\\u00f8ren Krebsbach","office":"Bj\\u00f6rklunden 243"},
             {"id":"C8814A7C-D51F-45D1-B37D-0DB237CFAB2B","name":"Thomas Thompson","office":"Björklunden 317"},
             {"id":"2BE54000-4BAD-4790-AFE3-BECD52872B39","name":"Acacia KREBSBACH","office":"Science Hall 221"},
             {"id":"7E1DB5D0-5957-49C6-A61D-7559DB4B1A1F","name":"Olivia Harris","office":"Wriston 406"}]
            """
        let (found, built) = Self.scan(Array(list.utf8), "krebsbach", step: 1 << 20)
        let listing = try #require(found)
        #expect(listing.rows.map(\.number) == [2, 4])
        // The first record (which tells the kind), the one with escapes, and the match.
        #expect(built == 3)
        #expect(listing.rows.map { $0.record.values[0].text } == ["Søren Krebsbach", "Acacia KREBSBACH"])
        let accents = try #require(Self.scanFind(Array(list.utf8), "bjorklunden", step: 3))
        #expect(accents.rows.map(\.number) == [2, 3])
        let empty = try #require(Self.scanFind(Array("[]".utf8), "x", step: 1 << 20))
        #expect(empty.rows.isEmpty)
        #expect(empty.emptyMessage == ListKind.person.emptyListMessage)
    }

    @Test(
        "the string scan that looks for the needle's rare byte ends where the plain one ends, and never misses the byte"
    )
    func stringScanLooksForTheRareByte() throws {
        var generator = SeededGenerator(state: 35)
        let pieces = ["a", "K", "k", "z", "Q", " ", "é", "\\", "\\\"", "\u{1}", "ü", "0123456789", "KREBSBACH", "😀"]
        for _ in 0..<4000 {
            let length = Int.random(in: 0..<40, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let bytes = Array(("\"" + text + "\" ,").utf8)
            let rares: [UInt8] = [UInt8(ascii: "k"), UInt8(ascii: "q"), UInt8(ascii: " "), UInt8(ascii: "7")]
            let rare: UInt8 = rares.randomElement(using: &generator) ?? 0
            let letter = rare >= UInt8(ascii: "a") && rare <= UInt8(ascii: "z")
            var plain = JSONScanner(bytes.span)
            var looking = JSONScanner(bytes.span)
            let expected: Range<Int>??
            do { expected = try plain.parseUnescapedString() } catch { expected = .none }
            let found: (range: Range<Int>, ascii: Bool, holdsRare: Bool)??
            do {
                found = try looking.parseUnescapedString(lookingFor: rare, rareIsLetter: letter)
            } catch { found = .none }
            switch (expected, found) {
            case (let range??, let scanned??):
                #expect(scanned.range == range && looking.position == plain.position, "\(text.debugDescription)")
                let value = Array(bytes[range])
                #expect(scanned.ascii == value.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
                let holds = value.contains { (letter ? $0 | 0x20 : $0) == rare && $0 < 0x80 }
                #expect(!holds || scanned.holdsRare, "\(text.debugDescription) holds \(rare)")
            case (.some(nil), .some(nil)), (nil, nil):
                break
            default:
                Issue.record("the scans differ on \(text.debugDescription)")
            }
        }
    }
}
