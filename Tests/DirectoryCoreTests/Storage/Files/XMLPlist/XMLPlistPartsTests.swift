import Foundation
import Testing

@testable import DirectoryCore

/// An XML property list read in two parts at once gives exactly what one thread gives: the
/// same kind, the same records in the same order, the same table (rows, values, key orders),
/// or the same error with the same words and offset.
@Suite("XML property list: a large list read in two parts")
struct XMLPlistPartsTests {
    /// All a read gives, made comparable.
    struct Outcome: Equatable {
        var error: String?
        var list = ReadListSnapshot()
        var idsInLowerCase = false
        /// Whether the records were read in two parts (not compared).
        var inParts = false

        static func == (left: Outcome, right: Outcome) -> Bool {
            left.error == right.error && left.list == right.list && left.idsInLowerCase == right.idsInLowerCase
        }
    }

    /// Every file from this size on is read in two parts when it can be.
    static let always = XMLPlistRecordReader.Split(minimumBytes: 0)

    /// Reads `bytes` as `split` allows, the kind fixed to `kind` or left to the file.
    static func read(_ bytes: [UInt8], kind: ListKind? = nil, split: XMLPlistRecordReader.Split) -> Outcome {
        var builder = RecordBuilder(kind: kind, fallback: .bucket, sizeHint: bytes.count)
        var outcome = Outcome()
        let failure = bytes.span.withRawBytes { raw -> FileFormatError? in
            do throws(FileFormatError) {
                outcome.inParts = try XMLPlistRecordReader.read(raw, into: &builder, split: split)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            outcome.error =
                "\(failure.message) at \(failure.offset.map(String.init) ?? "-"), key \(failure.key ?? "-")"
            return outcome
        }
        let (kind, list) = builder.finish()
        outcome.list = ReadListSnapshot(kind: kind, list: list)
        outcome.idsInLowerCase = list.idsReadInLowerCase
        return outcome
    }

    /// Where a tail of `bytes` is looked for, when every file may be read in two parts.
    static func tailStart(_ bytes: [UInt8]) -> Int? {
        XMLPlistRecordReader.tailStart(in: bytes.span, after: 0, split: always)
    }

    /// Reads `bytes` on one thread and in two parts, with the kind left to the file and
    /// fixed, checks that they agree, and returns how many of the reads were in two parts.
    @discardableResult
    static func expectSameReads(
        _ bytes: [UInt8], _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var inParts = 0
        for kind in [nil, ListKind.person] {
            let one = read(bytes, kind: kind, split: .oneThread)
            let parts = read(bytes, kind: kind, split: always)
            #expect(parts == one, "\(context), kind \(kind?.noun ?? "from the file")", sourceLocation: sourceLocation)
            if parts.inParts { inParts += 1 }
        }
        return inParts
    }

    /// Texts as they stand between `<string>` and `</string>`: entities, CDATA sections and
    /// comments (some holding what a split looks for), text outside ASCII.
    static let texts = [
        "Ann", "Zoë Brontë", "高橋 413", "🧑🏽‍💻", "", "Briggs 413", "a &amp; b", "&lt;/dict&gt;\n\t&lt;dict&gt;",
        "&#x1F600; &#233;", "<![CDATA[</dict>\n\t<dict>]]>", "x<!-- </dict> <dict> -->y",
        "<![CDATA[a]]>&amp;<![CDATA[]]>",
        "Sampson House 429 and a long tail", "\t  spaced  \n",
    ]

    /// A random XML property list of `count` records: people or bucket items, in the writer's
    /// layout or another, keys in random orders, some missing or spelled with an entity, some
    /// extras (arrays of dictionaries: `</dict>` then `<dict>` inside a record), comments between
    /// records holding `</dict> <dict>`, some ids repeated or in lower case.
    static func randomList(count: Int, bucket: Bool, laidOut: Bool, using random: inout some RandomNumberGenerator)
        -> [UInt8]
    {
        var ids: [String] = []
        func space(_ writer: String) -> String {
            guard !laidOut else { return writer }
            return ["", " ", "\n  ", "\t", "\r\n"].randomElement(using: &random) ?? ""
        }
        func entry(_ key: String, _ value: String) -> String {
            space("\n\t\t") + "<key>\(key)</key>" + space("\n\t\t") + value
        }
        var records: [String] = []
        for _ in 0..<count {
            var id: String
            if !ids.isEmpty, Int.random(in: 0..<20, using: &random) == 0 {
                id = ids.randomElement(using: &random) ?? ""
            } else {
                id = UUID().uuidString
                ids.append(id)
            }
            if Int.random(in: 0..<30, using: &random) == 0 { id = id.lowercased() }
            var entries = [entry("id", "<string>\(id)</string>")]
            let fields = bucket ? ["name", "note"] : ["name", "office"]
            for field in fields where Int.random(in: 0..<10, using: &random) > 0 {
                // Now and then the key's first letter as a character reference.
                let key =
                    Int.random(in: 0..<15, using: &random) == 0
                    ? "&#\(field.utf8.first ?? 0);" + field.dropFirst() : field
                entries.append(entry(key, "<string>\(texts.randomElement(using: &random) ?? "")</string>"))
            }
            if bucket, Bool.random(using: &random) {
                let value =
                    Bool.random(using: &random)
                    ? "<date>20\(Int.random(in: 10...29, using: &random))-01-02T03:04:05Z</date>"
                    : "<real>\(Int.random(in: -1000...800_000_000, using: &random)).5</real>"
                entries.append(entry("completedDate", value))
            }
            if Int.random(in: 0..<8, using: &random) == 0 {
                entries.append(
                    entry(
                        "extra",
                        "<array><dict><key>a</key><string>x</string></dict>\n\t<dict><key>b</key><integer>2</integer>"
                            + "</dict></array>"))
            }
            if Int.random(in: 0..<8, using: &random) == 0 {
                entries.append(entry("shared", "<string>a text long enough to be shared</string>"))
            }
            if laidOut { entries[1...].shuffle(using: &random) } else { entries.shuffle(using: &random) }
            records.append(space("\n\t") + "<dict>" + entries.joined() + space("\n\t") + "</dict>")
            if !laidOut, Int.random(in: 0..<10, using: &random) == 0 {
                records.append(space("") + "<!-- </dict> <dict> -->")
            }
        }
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>" + records.joined()
            + "\n</array>\n</plist>\n"
        return Array(text.utf8)
    }

    @Test("random lists read the same in two parts: people or bucket items, laid out as the writer does or not")
    func randomLists() {
        var random = SeededGenerator(state: 34)  // the count of two-part reads below is the same every run
        var inParts = 0
        for round in 0..<24 {
            let bucket = round % 2 == 0
            let laidOut = round % 3 != 0
            let bytes = Self.randomList(
                count: Int.random(in: 1...300, using: &random), bucket: bucket, laidOut: laidOut, using: &random)
            inParts += Self.expectSameReads(bytes, "round \(round), bucket \(bucket), laid out \(laidOut)")
        }
        // Most of these files must take the two-part path, or the test pins nothing.
        #expect(inParts > 24)
    }

    @Test("broken lists fail in two parts with one thread's error, record number and offset")
    func brokenLists() {
        var random = SystemRandomNumberGenerator()
        let hostile: [UInt8] = Array("<>/&;![]-x \u{01}".utf8) + [0xC3, 0xFF]
        for round in 0..<48 {
            var bytes = Self.randomList(
                count: Int.random(in: 20...200, using: &random), bucket: round % 2 == 0, laidOut: round % 3 != 0,
                using: &random)
            switch round % 4 {
            case 0:
                // A byte changed past the middle, where the second part reads.
                let at = Int.random(in: (bytes.count / 2)..<bytes.count, using: &random)
                bytes[at] = hostile.randomElement(using: &random) ?? 0
            case 1:
                // Bytes changed anywhere.
                for _ in 0..<3 {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = hostile.randomElement(using: &random) ?? 0
                }
            case 2:
                // Cut short.
                bytes.removeLast(Int.random(in: 1..<(bytes.count / 2), using: &random))
            default:
                // Something after the end.
                bytes += Array((Bool.random(using: &random) ? " x" : "<dict/>").utf8)
            }
            Self.expectSameReads(bytes, "broken round \(round)")
        }
    }

    /// `count` people as the writer writes them, their names and offices ASCII or not, with
    /// entities (`&amp;`, `&lt;`) where the text needs them.
    static func writersList(_ count: Int) -> [UInt8] {
        let people = XMLPlistTestData.people(count, seed: 35, pieces: XMLPlistTestData.plainPieces)
        return XMLPlistRecordWriter.write(RecordList(people.map(XMLPlistTestData.record)), kind: .person)
    }

    /// The offsets of the `<dict>` of each record of `bytes`, a list the writer wrote.
    static func recordStarts(_ bytes: [UInt8]) -> [Int] {
        let tag = Array("\n\t<dict>".utf8)
        return bytes.indices.filter { bytes[$0...].starts(with: tag) }.map { $0 + 2 }
    }

    @Test("the writer's list is read in two parts, split at a record past the middle")
    func writersListInParts() throws {
        let bytes = Self.writersList(400)
        let split = try #require(Self.tailStart(bytes))
        #expect(split >= bytes.count / 2)
        #expect(Self.recordStarts(bytes).contains(split))
        #expect(Self.expectSameReads(bytes, "the writer's list") == 2)
        #expect(Self.read(bytes, split: Self.always).list.tableRows.count == 400)
    }

    @Test(
        "a malformed record fails with one thread's error in the first part, the second, and at the split",
        arguments: ["first part", "second part", "at the split"])
    func malformedRecord(place: String) throws {
        let bytes = Self.writersList(300)
        let starts = Self.recordStarts(bytes)
        let split = try #require(Self.tailStart(bytes))
        let index: Int
        switch place {
        case "first part": index = starts.count / 4
        case "second part": index = starts.count * 3 / 4
        default: index = try #require(starts.firstIndex(of: split))
        }
        let start = starts[index]
        let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
        let record = String(decoding: bytes[start..<end], as: UTF8.self)
        let breakages = [
            ("no id", record.replacingOccurrences(of: "<key>id</key>", with: "<key>ident</key>"), "has no 'id'"),
            ("unknown entity", record.replacingOccurrences(of: "</string>", with: "&foo;</string>"), "&foo;"),
            ("repeated key", record.replacingOccurrences(of: "<key>office</key>", with: "<key>name</key>"), "twice"),
            ("not a dictionary", record.replacingOccurrences(of: "<dict>", with: "<data>"), "record \(index + 1)"),
        ]
        for (name, broken, words) in breakages {
            let changed = Array(bytes[..<start]) + Array(broken.utf8) + Array(bytes[end...])
            Self.expectSameReads(changed, "\(place), \(name)")
            let error = try #require(Self.read(changed, split: Self.always).error, "\(place), \(name)")
            #expect(error.contains(words), "\(place), \(name): \(error)")
            if name != "unknown entity" {
                #expect(error.contains("record \(index + 1)"), "\(place), \(name): \(error)")
            }
        }
    }

    /// A record's start, and its id: a record when its `</dict>` follows.
    static let idOnly = "<dict><key>id</key><string>E621E1F8-C36C-495A-93FC-0C247A3E6E5F</string>"

    @Test(
        "a split looked for inside a CDATA section, a comment or a nested dictionary is refused: one thread reads on",
        arguments: [
            "<key>note</key><string><![CDATA[</dict>\n\t<dict>\(String(repeating: "</dict> <dict>", count: 40))]]></string>",
            "<key>x</key><array><dict></dict>\(String(repeating: " <dict></dict>", count: 40))</array>",
            "<!-- \(String(repeating: "</dict>\n\t<dict>", count: 40)) -->",
            // What a tail reads to the end without an error, from the wrong place.
            "<key>note</key><string><![CDATA[\(String(repeating: "</dict>\n\t" + idOnly, count: 20))</dict></array>]]></string>",
            "<key>x</key><array>\(String(repeating: "</dict> " + idOnly, count: 20).dropFirst(8))</dict></array>",
            "<!-- \(String(repeating: "</dict>\n\t" + idOnly, count: 20))</dict></array> -->",
        ])
    func splitInsideMarkup(inside: String) throws {
        // Every record holds what a split looks for in most of its bytes, and the first place
        // found past the middle is inside one (the ids are fixed, so the bytes are too).
        var records: [String] = []
        for number in 0..<100 {
            let id = String(format: "%08X-0000-4000-8000-%012X", number, number)
            records.append(
                "<dict><key>id</key><string>\(id)</string>\(inside)<key>name</key><string>N \(number)</string></dict>")
        }
        let bytes = Array(("<plist><array>\n" + records.joined(separator: "\n") + "\n</array></plist>").utf8)
        let split = try #require(Self.tailStart(bytes))
        // Records are one a line; what a split looks for inside one is not after a line's end.
        #expect(bytes[split - 1] != UInt8(ascii: "\n"))
        #expect(Self.read(bytes, split: Self.always).error == nil)
        #expect(Self.expectSameReads(bytes, "texts holding </dict> <dict>") == 0)
    }

    @Test("a comment between two records where the split is looked for is refused: one thread reads on")
    func commentAtTheSplit() throws {
        let bytes = Self.writersList(200)
        let split = try #require(Self.tailStart(bytes))
        let changed = Array(bytes[..<split]) + Array("<!-- </dict>\n\t<dict> -->".utf8) + Array(bytes[split...])
        #expect(Self.tailStart(changed) == split + 14)
        #expect(Self.expectSameReads(changed, "a comment at the split") == 0)
    }

    @Test("a list below the split's size, or read with one thread, is read on one thread")
    func smallLists() {
        let bytes = Self.writersList(100)
        #expect(!Self.read(bytes, split: XMLPlistRecordReader.Split(minimumBytes: bytes.count + 1)).inParts)
        #expect(Self.read(bytes, split: XMLPlistRecordReader.Split(minimumBytes: bytes.count)).inParts)
        #expect(!Self.read(bytes, split: .oneThread).inParts)
    }

    @Test("a split is looked for only at a <dict> after </dict> and white space")
    func tailStarts() {
        func start(_ text: String) -> Int? { Self.tailStart(Array(text.utf8)) }
        #expect(start("</dict><dict>") == 7)
        #expect(start("xx</dict>\n\t <dict>") == 12)
        #expect(start("</dict>x<dict>") == nil)
        #expect(start("<dict></dict>") == nil)
        #expect(start("</dict> <dict/>") == nil)
    }
}
