import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// Files Foundation writes stay byte-identical through this program: a no-change
/// `save!` through `Session` and `FileStore` leaves every byte, and an edited file is
/// Foundation's encoding of the edited array.
@Suite("Foundation's files, byte for byte")
struct FoundationCorpusTests {
    static let formats: [FileFormat] = [.binaryPlist, .xmlPlist, .json]
    static let sizes = [0, 1, 2, 17, 1000]

    /// A folder of its own for one test's files.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "foundation-corpus-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `bytes` to a file named for its kind and format in `folder`, opens it in a
    /// session as the program does, and returns the session and the file's path.
    static func open(_ bytes: [UInt8], bucket: Bool, format: FileFormat, in folder: String, name: String) throws
        -> (Session, String)
    {
        let path = folder + "/" + (bucket ? "bucketList-" : "people-") + name + (format == .json ? ".json" : ".plist")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let session = try Session(location: path, kind: nil, store: FileStore(), environment: .fixed(now: 0))
        return (session, path)
    }

    /// Saves `bytes` unchanged with `save!` and returns what the file holds then.
    static func savedUnchanged(_ bytes: [UInt8], bucket: Bool, format: FileFormat, in folder: String, name: String)
        throws -> [UInt8]
    {
        var (session, path) = try open(bytes, bucket: bucket, format: format, in: folder, name: name)
        try session.run("save!")
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Expects `ours` to be Foundation's `theirs`: byte for byte for a property list; for
    /// JSON, whose key order `JSONEncoder` picks anew, the same records in as many bytes.
    static func expectFoundations(_ ours: [UInt8], _ theirs: [UInt8], format: FileFormat) throws {
        guard format == .json else {
            let same = ours == theirs
            #expect(same, "\(format): \(firstDifference(ours, theirs))")
            return
        }
        #expect(ours.count == theirs.count)
        let read = try RecordCodec.decode(RawSpan(_elements: ours.span), format: .json, kind: nil)
        let expected = try RecordCodec.decode(RawSpan(_elements: theirs.span), format: .json, kind: nil)
        #expect(read.records.array == expected.records.array)
    }

    /// Where `ours` first differs from `theirs`, with a little of each around it.
    static func firstDifference(_ ours: [UInt8], _ theirs: [UInt8]) -> String {
        let offset =
            (0..<min(ours.count, theirs.count)).first { ours[$0] != theirs[$0] } ?? min(ours.count, theirs.count)
        let start = max(0, offset - 40)
        func show(_ bytes: [UInt8]) -> String {
            bytes[start..<min(bytes.count, offset + 40)].map { byte in
                byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "<\(String(byte, radix: 16))>"
            }.joined()
        }
        return
            "sizes \(ours.count) and \(theirs.count), first difference at \(offset): ours \(show(ours)) theirs \(show(theirs))"
    }

    @Test("a no-change save! keeps every byte of the apps' files, in every format and size", arguments: formats)
    func unchangedAppFiles(format: FileFormat) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 22)
        for size in Self.sizes {
            let people = try FoundationCorpus.encode(
                FoundationCorpus.people(size, using: &generator), as: format)
            #expect(
                try Self.savedUnchanged(people, bucket: false, format: format, in: folder, name: "\(size)") == people,
                "people, \(size), \(format)")
            let items = try FoundationCorpus.encode(
                FoundationCorpus.items(size, using: &generator), as: format)
            #expect(
                try Self.savedUnchanged(items, bucket: true, format: format, in: folder, name: "\(size)") == items,
                "bucket list, \(size), \(format)")
        }
    }

    @Test(
        "an edit (a change, a deletion, a new record) gives Foundation's encoding of the edited list",
        arguments: formats)
    func editedAppFiles(format: FileFormat) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 23)
        for size in [0, 2, 17, 1000] {
            let people = try FoundationCorpus.encode(
                FoundationCorpus.people(size, using: &generator), as: format)
            var (session, path) = try Self.open(people, bucket: false, format: format, in: folder, name: "e\(size)")
            if size > 0 { try session.run("edit 1", "set office Briggs\r413/A") }
            if size > 1 { try session.run("delete 2") }
            try session.run("new Zoë/\r", "set office ★", "save")
            let expectedPeople = session.records.map { record in
                AppPerson(
                    id: UUID(uuidString: record.id.description) ?? UUID(), name: record.values[0].text ?? "",
                    office: record.values[1].text ?? "")
            }
            let written = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            try Self.expectFoundations(written, try FoundationCorpus.encode(expectedPeople, as: format), format: format)

            let items = try FoundationCorpus.encode(
                FoundationCorpus.items(size, using: &generator), as: format)
            var (bucket, bucketPath) = try Self.open(items, bucket: true, format: format, in: folder, name: "e\(size)")
            if size > 0 { try bucket.run("edit 1", "set note a\rb", "done 2026-05-01") }
            try bucket.run("new Skydive", "save")
            let expectedItems = bucket.records.map { record in
                AppBucketItem(
                    id: UUID(uuidString: record.id.description) ?? UUID(), name: record.values[0].text ?? "",
                    note: record.values[1].text ?? "",
                    completedDate: Date(timeIntervalSinceReferenceDate: record.values[2].date ?? 0))
            }
            let writtenItems = Array(try Data(contentsOf: URL(fileURLWithPath: bucketPath)))
            try Self.expectFoundations(
                writtenItems, try FoundationCorpus.encode(expectedItems, as: format), format: format)
        }
    }

    @Test(
        "unknown keys of every property-list type, before, between and after the known ones, keep every byte"
    )
    func unknownKeysInPlists() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 24)
        for format in [FileFormat.binaryPlist, .xmlPlist] {
            for bucket in [false, true] {
                // 6,000 records need more than 65,536 objects: references and offsets of 4 bytes.
                for size in [1, 2, 17, 200] + (format == .binaryPlist && !bucket ? [6000] : []) {
                    let dictionaries = FoundationCorpus.dictionaries(size, bucket: bucket, using: &generator)
                    // `PropertyListSerialization` writes each key, text and date where it occurs
                    // (not shared as `PropertyListEncoder` shares them), and a boolean there too.
                    let bytes = Array(
                        try PropertyListSerialization.data(
                            fromPropertyList: dictionaries, format: format == .xmlPlist ? .xml : .binary, options: 0))
                    let saved = try Self.savedUnchanged(
                        bytes, bucket: bucket, format: format, in: folder, name: "u\(size)")
                    // Compared as one Bool: a failure's message says where, without a diff of every byte.
                    let same = saved == bytes
                    #expect(same, "\(format), bucket \(bucket), \(size): \(Self.firstDifference(saved, bytes))")
                }
            }
        }
    }

    @Test("a binary plist PropertyListSerialization wrote, edited, is still written as it writes: nothing shared")
    func unsharedPlistEdited() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 26)
        let dictionaries = FoundationCorpus.dictionaries(30, bucket: false, using: &generator)
        let bytes = Array(
            try PropertyListSerialization.data(fromPropertyList: dictionaries, format: .binary, options: 0))
        var (session, path) = try Self.open(bytes, bucket: false, format: .binaryPlist, in: folder, name: "edited")
        try session.run("edit 3", "set office Briggs 413", "new Zoë", "set office Briggs 413", "save")
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let original = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .binaryPlist, kind: nil)
        let read = try RecordCodec.decode(RawSpan(_elements: written.span), format: .binaryPlist, kind: nil)
        #expect(read.records.plistObjectSharing == .unshared)
        #expect(read.records.array == session.records.array)
        #expect(read.records.count == original.records.count + 1)
        // Every record's `id` key and the repeated office are objects of their own, as
        // `PropertyListSerialization` would write them.
        let briggs = [0x5A] + Array("Briggs 413".utf8)
        let occurrences = (0...(written.count - briggs.count)).filter {
            Array(written[$0..<($0 + briggs.count)]) == briggs
        }
        #expect(occurrences.count == 2)
        let idKeys = (0...(written.count - 3)).filter { Array(written[$0..<($0 + 3)]) == [0x52, 0x69, 0x64] }
        #expect(idKeys.count == 31)
    }

    @Test("JSON records keep their own key order, per record or per file, unknown keys and number text included")
    func jsonKeyOrders() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 25)
        for bucket in [false, true] {
            for unknownKeys in [false, true] {
                for oneOrder in [false, true] {
                    for size in [1, 2, 17, 1000] {
                        let bytes = try FoundationCorpus.jsonWithKeyOrders(
                            size, bucket: bucket, unknownKeys: unknownKeys, oneOrder: oneOrder, using: &generator)
                        let name = "o\(size)-\(unknownKeys)-\(oneOrder)"
                        let saved = try Self.savedUnchanged(
                            bytes, bucket: bucket, format: .json, in: folder, name: name)
                        let same = saved == bytes
                        #expect(
                            same,
                            "bucket \(bucket), unknown keys \(unknownKeys), one order \(oneOrder), \(size)")
                    }
                }
            }
        }
    }

    @Test("a record added to a JSON file takes the order of the file's first record")
    func newRecordTakesTheFilesOrder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = #"[{"office":"B","name":"A","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}]"#
        var (session, path) = try Self.open(Array(file.utf8), bucket: false, format: .json, in: folder, name: "new")
        try session.run("new Zoë", "set office C", "save")
        let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let id = session.records[1].id.description
        #expect(written == String(file.dropLast()) + #",{"office":"C","name":"Zoë","id":"\#(id)"}]"#)
    }

    @Test("100,000 people in JSON and in a binary plist save back byte for byte")
    func largeFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SeededGenerator(state: 26)
        let people = FoundationCorpus.people(100_000, using: &generator)
        for format in [FileFormat.json, .binaryPlist] {
            let bytes = try FoundationCorpus.encode(people, as: format)
            #expect(try Self.savedUnchanged(bytes, bucket: false, format: format, in: folder, name: "large") == bytes)
        }
    }
}
