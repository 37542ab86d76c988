import Foundation
import Testing

@testable import DirectoryCore

/// The proof made as a binary property list is read that it is byte for byte the writer's
/// file for the records read (`BinaryPlistLayoutProof`): it holds for the writer's own files
/// read on one thread or in runs, and for no file in another layout, wherever in the file
/// (in whichever run) the difference is.
@Suite("Binary plist: the proof that a file is in the writer's layout")
struct BinaryPlistLayoutProofTests {
    /// `count` people with random ids, names and offices drawn from a few, some not ASCII.
    static func people(_ count: Int, using generator: inout SeededGenerator) -> [Record] {
        let texts = ["Acacia Ackles", "Briggs 413", "Zoë Bench", "", "李 👩‍👩‍👧‍👦", "e\u{301}", "name", "x"]
        return (0..<count).map { _ in
            func text() -> FieldValue {
                let pick = Int(generator.next() % 12)
                return .text(pick < texts.count ? texts[pick] : "Person \(generator.next() % 500)")
            }
            return Record(id: RecordID(high: generator.next(), low: generator.next()), values: [text(), text()])
        }
    }

    /// The layouts `bytes` reads with, on one thread and in 2, 3 and 5 runs (all the same).
    static func layout(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> BinaryPlistLayout? {
        BinaryPlistRunsTests.expectSameReads(bytes, kind: nil, "layout", sourceLocation: sourceLocation).one.layout
    }

    @Test("the writer's own files are proven, on one thread and in runs, with the trailer's numbers")
    func ownFiles() throws {
        var generator = SeededGenerator(state: 451)
        for count in [1, 2, 14, 15, 300, 2_000] {
            let bytes = RecordCodec.encode(Self.people(count, using: &generator), kind: .person, format: .binaryPlist)
            let layout = try #require(Self.layout(bytes), "\(count) people")
            let trailer = try BinaryPlistTrailer(validating: bytes.span)
            #expect(layout.recordCount == count)
            #expect(layout.objectCount == trailer.objectCount)
            #expect(layout.referenceSize == trailer.objectRefSize)
            #expect(layout.offsetSize == trailer.offsetIntSize)
            #expect(layout.offsetTableOffset == trailer.offsetTableOffset)
            #expect(layout.keyObjects == [2, 3, 4])
        }
    }

    /// `bytes` with the bytes `from` replaced by `to` at their `occurrence`-th place (0 the first).
    static func replacing(_ from: String, with to: String, occurrence: Int = 0, in bytes: [UInt8]) -> [UInt8]? {
        let (old, new) = (Array(from.utf8), Array(to.utf8))
        var seen = 0
        for start in 0...(bytes.count - old.count) where bytes[start..<(start + old.count)].elementsEqual(old) {
            if seen == occurrence {
                var changed = bytes
                changed.replaceSubrange(start..<(start + old.count), with: new)
                return changed
            }
            seen += 1
        }
        return nil
    }

    @Test(
        "files in another layout are not proven: PropertyListSerialization's, an id in lower case, a string twice in one run or two, a bucket list, a key of another kind, a byte after the trailer"
    )
    func otherLayouts() throws {
        var generator = SeededGenerator(state: 452)
        var people = Self.people(400, using: &generator)
        people[3] = Record(id: people[3].id, values: [.text("Twice Namf"), .text("x")])
        people[350] = Record(id: people[350].id, values: [.text("Twice Name"), .text("x")])
        people[5] = Record(id: people[5].id, values: [.text("Once Namf"), .text("x")])
        people[6] = Record(id: people[6].id, values: [.text("Once Name"), .text("x")])
        let own = RecordCodec.encode(people, kind: .person, format: .binaryPlist)
        #expect(Self.layout(own) != nil)
        let id = people[200].id.description
        let forms: [(String, [UInt8]?)] = [
            (
                "PropertyListSerialization's layout",
                BinaryPlistRecordWriter.write(people, kind: .person, sharing: .unshared)
            ),
            ("an id in lower case", Self.replacing(id, with: id.lowercased(), in: own)),
            ("a string twice in the first run", Self.replacing("Once Namf", with: "Once Name", in: own)),
            ("a string twice in two runs", Self.replacing("Twice Namf", with: "Twice Name", in: own)),
            ("a key of another name", Self.replacing("office", with: "offic2", in: own)),
            ("a byte after the trailer", own + [0]),
            (
                "a bucket list",
                RecordCodec.encode(
                    [Record(id: people[0].id, values: [.text("a"), .text("b"), .date(0)])], kind: .bucket,
                    format: .binaryPlist)
            ),
        ]
        for (context, bytes) in forms {
            let bytes = try #require(bytes, "\(context)")
            #expect(Self.layout(bytes) == nil, "\(context)")
        }
    }

    @Test(
        "Foundation's PropertyListSerialization is not the writer's layout; PropertyListEncoder's is proven when it is")
    func foundation() throws {
        var generator = SeededGenerator(state: 453)
        let people = Self.people(50, using: &generator)
        let dictionaries = people.map {
            ["id": $0.id.description, "name": $0.values[0].text ?? "", "office": $0.values[1].text ?? ""]
        }
        let serialized = try PropertyListSerialization.data(fromPropertyList: dictionaries, format: .binary, options: 0)
        #expect(Self.layout(Array(serialized)) == nil)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let encoded = Array(try encoder.encode(dictionaries))
        // Proven exactly when our writer writes the same bytes for what it read.
        let read = try encoded.span.withRawBytes { (raw) throws(FileFormatError) in
            try RecordCodec.decode(raw, format: .binaryPlist, kind: nil)
        }
        let same = RecordCodec.encode(read.records, kind: read.kind, format: .binaryPlist) == encoded
        #expect((Self.layout(encoded) != nil) == same)
    }
}
