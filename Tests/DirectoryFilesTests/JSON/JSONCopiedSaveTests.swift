import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// A JSON list saved over the file it was read from copies the records that did not change
/// (`JSONCopiedSave`), and the file it writes is byte for byte what the writer writes for the
/// same list: after every kind of change, for both kinds, from files in the writer's own form
/// and from files in any other (white space, ids in lower case, escapes written otherwise,
/// missing keys, extras, Foundation's `JSONEncoder`).
@Suite("JSON: a save copies what did not change from the file it replaces")
struct JSONCopiedSaveTests {
    /// Texts of every sort the writer treats differently: plain, with bytes it escapes (`/`,
    /// `"`, control characters), non-ASCII, empty.
    static let texts = [
        "Acacia Ackles", "Briggs 413", "Zoë Bench", "a/b", "say \"hi\"", "tab\there", "", "李 👩‍👩‍👧‍👦",
        "Fernández-Ortiz", "e\u{301}", "x",
    ]

    /// `count` records of `kind` with random ids and texts (mostly plain) and dates.
    static func records(_ count: Int, kind: ListKind, using generator: inout SeededGenerator) -> [Record] {
        (0..<count).map { _ in
            let id = RecordID(high: generator.next(), low: generator.next())
            func text() -> FieldValue {
                let pick = Int(generator.next() % 40)
                return .text(pick < texts.count ? texts[pick] : "Person \(generator.next() % 100_000)")
            }
            if kind == .person { return Record(id: id, values: [text(), text()]) }
            let dates = [ListKind.distantPast, 0, 786_000_000.123456, -1]
            return Record(id: id, values: [text(), text(), .date(dates[Int(generator.next() % 4)])])
        }
    }

    /// The changes a session makes to a list before a save.
    enum Change: String, CaseIterable {
        case none, append, appendNew, editFirst, editMiddle, editLast, deleteFirst, deleteMiddle, move, swap, sort
        case appendAndEdit
    }

    /// `list` after `change`.
    static func apply(
        _ change: Change, to list: inout RecordList, kind: ListKind, using generator: inout SeededGenerator
    ) {
        let count = list.count
        let middle = count / 2
        let extra = records(1, kind: kind, using: &generator)[0]
        switch change {
        case .none: break
        case .append: list.append(extra)
        case .appendNew: list.appendNew(id: extra.id, title: "Zoë Bench", kind: kind)
        case .editFirst: _ = list.exchangeValue(at: 0, field: 1, with: .text("Briggs 413"))
        case .editMiddle: _ = list.exchangeValue(at: middle, field: 0, with: .text("Changed/name"))
        case .editLast: _ = list.exchangeValue(at: count - 1, field: 1, with: .text("Last"))
        case .deleteFirst: list.remove(at: [0])
        case .deleteMiddle: list.remove(at: [middle])
        case .move: list.move(from: middle, to: 1)
        case .swap: list.swapAt(middle, count - 1)
        case .sort: list.reorder(Array((0..<count).shuffled(using: &generator)))
        case .appendAndEdit:
            list.appendNew(id: extra.id, title: "Zoë Bench", kind: kind)
            _ = list.exchangeValue(at: list.count - 1, field: 1, with: .text("Briggs 413"))
        }
    }

    /// Writes `bytes` as `list.json` in a new folder, loads it, makes `change`, saves it over
    /// the file, and checks the file is what the writer writes for the list saved. Returns the
    /// bytes the save copied, and the size of the file read; `nil` where the stamp rule cannot
    /// be tried.
    static func saveAfter(
        _ change: Change, from bytes: [UInt8], kind: ListKind, seed: UInt64, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (copied: Int, size: Int)? {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = FileStampTests.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return nil
        }
        let path = folder + "/list.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        FileStampTests.waitForTheClock(toPass: path)
        CopiedBytes.start()
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: nil, fallback: .person))
        #expect(loaded.kind == kind, sourceLocation: sourceLocation)
        var list = loaded.records
        var generator = SeededGenerator(state: seed)
        apply(change, to: &list, kind: kind, using: &generator)
        let expected = RecordCodec.encode(list, kind: kind, format: .json)
        let saved = try store.write(
            .whole(list, kind: kind, format: .json), to: path, replacing: .version(loaded.version))
        let written = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        #expect(written == expected, "\(context), \(change)", sourceLocation: sourceLocation)
        let version = try #require(FileStampTests.fileVersion(saved))
        #expect(
            version.hash == ContentHash.of(written), "\(context), \(change): the version's hash",
            sourceLocation: sourceLocation)
        #expect(version.size == written.count, sourceLocation: sourceLocation)
        return (CopiedBytes.take(path), bytes.count)
    }

    @Test(
        "a list read from the writer's own file writes, after every kind of change, exactly the writer's bytes with the right hash",
        arguments: [ListKind.person, .bucket])
    func everyChange(kind: ListKind) throws {
        var generator = SeededGenerator(state: kind == .person ? 341 : 342)
        for (round, count) in [1, 2, 3, 17, 200].enumerated() {
            let bytes = RecordCodec.encode(
                Self.records(count, kind: kind, using: &generator), kind: kind, format: .json)
            for change in Change.allCases where count > 1 || ![.move, .swap].contains(change) {
                _ = try Self.saveAfter(change, from: bytes, kind: kind, seed: UInt64(round), "\(count) \(kind.noun)")
            }
        }
    }

    @Test("a record added at the end copies every record before it; a change in the middle copies those before it")
    func whatIsCopied() throws {
        var generator = SeededGenerator(state: 343)
        let people = Self.records(300, kind: .person, using: &generator)
        let bytes = RecordCodec.encode(people, kind: .person, format: .json)
        for change in [Change.append, .appendNew, .appendAndEdit, .none] {
            guard let (copied, size) = try Self.saveAfter(change, from: bytes, kind: .person, seed: 1, "300 people")
            else { return }
            #expect(copied == size - 1, "\(change): all but the closing bracket")
        }
        guard let (copied, _) = try Self.saveAfter(.editMiddle, from: bytes, kind: .person, seed: 1, "middle") else {
            return
        }
        let before = RecordCodec.encode(Array(people[0..<150]), kind: .person, format: .json)
        #expect(copied == before.count - 1, "the 150 records before the one changed")
        guard let (none, _) = try Self.saveAfter(.editFirst, from: bytes, kind: .person, seed: 1, "first") else {
            return
        }
        #expect(none == 0)
    }

    /// `text` with `body` applied to every record's text between `{` and `}` (records hold no braces).
    static func eachRecord(_ text: String, _ body: (Int, String) -> String) -> String {
        var result = ""
        var number = 0
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += body(number, String(rest[open...close]))
            number += 1
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    @Test(
        "files not in the writer's form write exactly the writer's bytes: white space, ids in lower case, escapes written otherwise, missing keys, extras, other key orders, Foundation's encoder",
        arguments: [ListKind.person, .bucket])
    func otherForms(kind: ListKind) throws {
        var generator = SeededGenerator(state: kind == .person ? 344 : 345)
        let list = Self.records(60, kind: kind, using: &generator)
        let own = String(decoding: RecordCodec.encode(list, kind: kind, format: .json), as: UTF8.self)
        var forms: [(String, String)] = [
            ("a space after each comma", own.replacingOccurrences(of: ",", with: ", ")),
            (
                "a space in one record",
                Self.eachRecord(own) { $0 == 40 ? $1.replacingOccurrences(of: ":", with: " :") : $1 }
            ),
            ("a line break between records", own.replacingOccurrences(of: "},{", with: "},\n{")),
            ("white space before the first record", " " + own),
            ("a byte order mark", "\u{FEFF}" + own),
            ("white space at the end", own + "\n"),
            ("ids in lower case", Self.eachRecord(own) { $0 % 7 == 3 ? $1.lowercased() : $1 }),
            ("'/' written raw", own.replacingOccurrences(of: "\\/", with: "/")),
            ("non-ASCII escaped", own.replacingOccurrences(of: "ë", with: "\\u00eb")),
            (
                "a key escaped",
                Self.eachRecord(own) { $0 == 30 ? $1.replacingOccurrences(of: "\"name\"", with: "\"n\\u0061me\"") : $1 }
            ),
            (
                "a missing key",
                Self.eachRecord(own) {
                    $0 == 20 ? $1.replacingOccurrences(of: ",\"name\":\"", with: ",\"zname\":\"") : $1
                }
            ),
            ("an extra key", Self.eachRecord(own) { $0 == 10 ? "{\"extra\":[1,{}]," + $1.dropFirst() : $1 }),
            ("keys in another order", Self.eachRecord(own) { $0 % 2 == 1 ? Self.idLast($1) : $1 }),
            ("every record in another order", Self.eachRecord(own) { Self.idLast($1) }),
        ]
        if kind == .person {
            let people = FoundationCorpus.people(40, using: &generator)
            forms.append(
                ("Foundation's JSONEncoder", String(decoding: try JSONEncoder().encode(people), as: UTF8.self)))
        } else {
            let items = FoundationCorpus.items(40, using: &generator)
            forms.append(("Foundation's JSONEncoder", String(decoding: try JSONEncoder().encode(items), as: UTF8.self)))
        }
        for (context, text) in forms {
            for change in [Change.none, .append, .appendNew, .editMiddle, .deleteMiddle, .sort] {
                _ = try Self.saveAfter(change, from: Array(text.utf8), kind: kind, seed: 2, context)
            }
        }
    }

    /// A record's text with its `id` member moved to the end.
    static func idLast(_ record: String) -> String {
        guard let start = record.range(of: "\"id\":\""), let end = record[start.upperBound...].firstIndex(of: "\"")
        else { return record }
        let member = String(record[start.lowerBound...end])
        var rest = record.replacingCharacters(in: start.lowerBound...end, with: "")
        rest = rest.replacingOccurrences(of: "{,", with: "{")
        return String(rest.dropLast()) + "," + member + "}"
    }

    @Test("a file changed in place after the load is not copied: the save finds another version and writes nothing")
    func changedInPlace() throws {
        var generator = SeededGenerator(state: 346)
        let bytes = RecordCodec.encode(Self.records(50, kind: .person, using: &generator), kind: .person, format: .json)
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = FileStampTests.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return
        }
        let path = folder + "/list.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        FileStampTests.waitForTheClock(toPass: path)
        CopiedBytes.start()
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: nil, fallback: .person))
        var list = loaded.records
        list.appendNew(id: RecordID(high: 5, low: 5), title: "Zoë Bench", kind: .person)
        let text = FileStoreReplacingTests.contents(path)
        let changed = text.replacingOccurrences(of: "Person", with: "Nosrep")
        #expect(changed != text)
        FileStampTests.rewriteInPlace(path, with: changed)
        #expect(throws: StorageError.self) {
            try store.write(.whole(list, kind: .person, format: .json), to: path, replacing: .version(loaded.version))
        }
        #expect(CopiedBytes.take(path) == 0)
        #expect(FileStoreReplacingTests.contents(path) == changed)
    }
}
