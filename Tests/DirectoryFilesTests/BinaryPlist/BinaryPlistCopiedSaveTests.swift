import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A binary property list that only gained records, saved over the file it was read from,
/// copies the old records' objects (`BinaryPlistCopiedSave`), and the file it writes is byte
/// for byte what the writer writes for the same list: after every kind of change, for both
/// kinds, from files in the writer's own layout and in others (`PropertyListSerialization`'s,
/// a repeated id, an id in lower case, a string written twice, Foundation's encoder).
@Suite("Binary plist: a save that appends copies the old objects from the file it replaces")
struct BinaryPlistCopiedSaveTests {
    typealias Change = JSONCopiedSaveTests.Change

    /// Writes `bytes` as `list.plist` in a new folder, loads it, makes `change`, saves it over
    /// the file, and checks the file is what the writer writes for the list saved, and its
    /// version's hash and size. Returns the bytes the save copied; `nil` where the stamp rule
    /// cannot be tried.
    @discardableResult
    static func saveAfter(
        _ change: Change, from bytes: [UInt8], kind: ListKind, seed: UInt64, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (copied: Int, sameWidths: Bool)? {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = FileStampTests.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return nil
        }
        let path = folder + "/list.plist"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        FileStampTests.waitForTheClock(toPass: path)
        CopiedBytes.start()
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: nil, fallback: .person))
        #expect(loaded.kind == kind, sourceLocation: sourceLocation)
        var list = loaded.records
        var generator = SeededGenerator(state: seed)
        JSONCopiedSaveTests.apply(change, to: &list, kind: kind, using: &generator)
        let expected = RecordCodec.encode(list, kind: kind, format: .binaryPlist)
        let saved = try store.write(
            .whole(list, kind: kind, format: .binaryPlist), to: path, replacing: .version(loaded.version))
        let written = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        #expect(written == expected, "\(context), \(change)", sourceLocation: sourceLocation)
        let version = try #require(FileStampTests.fileVersion(saved))
        #expect(
            version.hash == ContentHash.of(written), "\(context), \(change): the version's hash",
            sourceLocation: sourceLocation)
        #expect(version.size == written.count, sourceLocation: sourceLocation)
        // The widths of offsets and references (the trailer's bytes 6 and 7): a save that
        // changes them writes the whole list.
        let sameWidths = bytes.suffix(26).prefix(2).elementsEqual(written.suffix(26).prefix(2))
        return (CopiedBytes.take(path), sameWidths)
    }

    /// The changes that only add records at the end.
    static let appends: Set<Change> = [.append, .appendNew, .appendAndEdit]

    @Test(
        "a list read from the writer's own file writes, after every kind of change, exactly the writer's bytes with the right hash",
        arguments: [ListKind.person, .bucket])
    func everyChange(kind: ListKind) throws {
        var generator = SeededGenerator(state: kind == .person ? 441 : 442)
        // 14 records and one more: the top array's count leaves its marker's nibble.
        for (round, count) in [1, 2, 3, 14, 17, 200, 255].enumerated() {
            let bytes = RecordCodec.encode(
                JSONCopiedSaveTests.records(count, kind: kind, using: &generator), kind: kind, format: .binaryPlist)
            for change in Change.allCases where count > 1 || ![.move, .swap].contains(change) {
                guard
                    let (copied, sameWidths) = try Self.saveAfter(
                        change, from: bytes, kind: kind, seed: UInt64(round), "\(count) \(kind.noun)")
                else { return }
                // Only people are proven (a date's object is not noted), only appends copy, and
                // only while the offsets and references keep their widths.
                let copies = kind == .person && Self.appends.contains(change) && sameWidths
                #expect((copied > 0) == copies, "\(count) \(kind.noun), \(change): copied \(copied)")
            }
        }
    }

    @Test("an append copies every old object: the file's bytes from the top array's references to the offset table")
    func whatIsCopied() throws {
        var generator = SeededGenerator(state: 443)
        let people = JSONCopiedSaveTests.records(300, kind: .person, using: &generator)
        let bytes = RecordCodec.encode(people, kind: .person, format: .binaryPlist)
        let table = try BinaryPlistTrailer(validating: bytes.span)
        // 300 records: the top array is 0xAF 0x11 and a 2-byte count, its references after.
        let expected = table.offsetTableOffset - 12
        for change in [Change.append, .appendNew, .appendAndEdit] {
            let copied = try Self.saveAfter(change, from: bytes, kind: .person, seed: 1, "300 people")
            #expect(copied == nil || copied?.copied == expected, "\(change)")
        }
    }

    /// `bytes` with the first id's hexadecimal letters in lower case.
    static func lowerCaseFirstID(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        guard
            let start = (0..<(bytes.count - 3)).first(where: {
                bytes[$0] == 0x5F && bytes[$0 + 1] == 0x10 && bytes[$0 + 2] == 36
            })
        else { return bytes }
        for index in (start + 3)..<(start + 39) where (0x41...0x46).contains(bytes[index]) { bytes[index] |= 0x20 }
        return bytes
    }

    @Test(
        "files not in the writer's layout are not copied and write exactly the writer's bytes: PropertyListSerialization's, a repeated id, an id in lower case, Foundation's encoder",
        arguments: [ListKind.person, .bucket])
    func otherLayouts(kind: ListKind) throws {
        var generator = SeededGenerator(state: kind == .person ? 444 : 445)
        var records = JSONCopiedSaveTests.records(60, kind: kind, using: &generator)
        let own = RecordCodec.encode(records, kind: kind, format: .binaryPlist)
        var forms: [(String, [UInt8], Bool)] = [
            (
                "PropertyListSerialization's layout",
                BinaryPlistRecordWriter.write(records, kind: kind, sharing: .unshared), false
            ),
            ("an id in lower case", Self.lowerCaseFirstID(own), false),
        ]
        // Two records of one id, each its own object, as the writer writes a list read so: copied.
        records[30] = Record(id: records[10].id, values: records[30].values)
        forms.append(("a repeated id", BinaryPlistRecordWriter.write(records, kind: kind), kind == .person))
        let unshared = try PropertyListSerialization.data(
            fromPropertyList: FoundationCorpus.dictionaries(40, bucket: kind == .bucket, using: &generator),
            format: .binary,
            options: 0)
        forms.append(("Foundation's PropertyListSerialization, with unknown keys", Array(unshared), false))
        if kind == .person {
            let people = FoundationCorpus.people(40, using: &generator)
            forms.append(
                ("Foundation's PropertyListEncoder", try FoundationCorpus.encode(people, as: .binaryPlist), true))
        } else {
            let items = FoundationCorpus.items(40, using: &generator)
            forms.append(
                ("Foundation's PropertyListEncoder", try FoundationCorpus.encode(items, as: .binaryPlist), false))
        }
        for (context, bytes, mayCopy) in forms {
            for change in [Change.none, .append, .appendNew, .editMiddle, .deleteMiddle, .sort] {
                guard let (copied, _) = try Self.saveAfter(change, from: bytes, kind: kind, seed: 2, context) else {
                    return
                }
                if !mayCopy { #expect(copied == 0, "\(context), \(change)") }
            }
        }
    }

    @Test("a string written twice (two objects of one name, otherwise the writer's layout) is not copied")
    func stringWrittenTwice() throws {
        var generator = SeededGenerator(state: 446)
        var people = JSONCopiedSaveTests.records(40, kind: .person, using: &generator)
        people[5] = Record(id: people[5].id, values: [.text("Twice Namf"), people[5].values[1]])
        people[35] = Record(id: people[35].id, values: [.text("Twice Name"), people[35].values[1]])
        let shared = RecordCodec.encode(people, kind: .person, format: .binaryPlist)
        guard let (copied, _) = try Self.saveAfter(.appendNew, from: shared, kind: .person, seed: 3, "shared") else {
            return
        }
        #expect(copied != 0)
        // The first name's last letter made the second's: two objects of one string.
        var twice = shared
        let marker = Array("Twice Namf".utf8)
        let at = try #require(
            (0..<(twice.count - marker.count)).first { twice[$0..<($0 + marker.count)].elementsEqual(marker) })
        twice[at + marker.count - 1] = UInt8(ascii: "e")
        #expect(try Self.saveAfter(.appendNew, from: twice, kind: .person, seed: 3, "twice")?.copied == 0)
    }

    @Test("a file changed in place after the load is not copied: the save finds another version and writes nothing")
    func changedInPlace() throws {
        var generator = SeededGenerator(state: 447)
        let bytes = RecordCodec.encode(
            JSONCopiedSaveTests.records(50, kind: .person, using: &generator), kind: .person, format: .binaryPlist)
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = FileStampTests.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return
        }
        let path = folder + "/list.plist"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        FileStampTests.waitForTheClock(toPass: path)
        CopiedBytes.start()
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: nil, fallback: .person))
        var list = loaded.records
        list.appendNew(id: RecordID(high: 5, low: 5), title: "Zoë Bench", kind: .person)
        var changed = bytes
        // The same size: a name's letter changed where it is written.
        let name = try #require(
            (0..<(changed.count - 6)).first { Array(changed[$0..<($0 + 6)]) == Array("Person".utf8) })
        changed[name] = UInt8(ascii: "N")
        // In place (same inode, no truncation), its modification time put back: only the change time tells.
        let before = FileStampTests.status(path)
        let descriptor = unsafe open(path, O_WRONLY)
        _ = DescriptorWrite.all(changed.span, to: descriptor)
        close(descriptor)
        var times = [before.st_atim, before.st_mtim]
        _ = unsafe utimensat(AT_FDCWD, path, &times, 0)
        #expect(throws: StorageError.self) {
            try store.write(
                .whole(list, kind: .person, format: .binaryPlist), to: path, replacing: .version(loaded.version))
        }
        #expect(CopiedBytes.take(path) == 0)
        #expect([UInt8](FileManager.default.contents(atPath: path) ?? Data()) == changed)
    }
}
