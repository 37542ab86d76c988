import Foundation
import Testing

@testable import DirectoryCore

/// A binary property list read in runs on several threads gives exactly what one thread
/// gives: the same records in the same order, the same table (rows, key orders, the objects
/// each value was read from), the same sharing, or the same first error with the same words.
@Suite("Binary plist: records read in runs")
struct BinaryPlistRunsTests {
    /// All a read gives, made comparable: a date that is not a number reads equal to itself.
    struct Outcome: Equatable {
        var error: FileFormatError?
        var list = ReadListSnapshot()
        var valueObjects: [UInt32] = []
        var valueObjectBound = 0
        var sharing = BinaryPlistObjectSharing.shared
        /// The proof that the file is in the writer's layout (`BinaryPlistLayout`).
        var layout: BinaryPlistLayout?
        /// How many runs the records were read in (not compared).
        var runs = 0

        static func == (left: Outcome, right: Outcome) -> Bool {
            left.error == right.error && left.list == right.list && left.valueObjects == right.valueObjects
                && left.valueObjectBound == right.valueObjectBound && left.sharing == right.sharing
                && left.layout == right.layout
        }
    }

    /// Reads `bytes` as `split` allows (`writersRecords: false`: every record the general way).
    static func read(
        _ bytes: [UInt8], kind: ListKind?, split: RecordReadSplit, writersRecords: Bool = true
    ) -> Outcome {
        var builder = RecordBuilder(kind: kind, fallback: .person, sizeHint: bytes.count)
        var outcome = Outcome()
        do {
            outcome.runs = try bytes.span.withRawBytes { (raw) throws(FileFormatError) in
                try BinaryPlistRecordReader.read(raw, into: &builder, split: split, writersRecords: writersRecords)
            }
        } catch {
            outcome.error = error
            return outcome
        }
        let (kind, list) = builder.finish()
        outcome.list = ReadListSnapshot(kind: kind, list: list)
        outcome.sharing = list.plistObjectSharing
        if let table = list.table {
            outcome.valueObjects = table.valueObjects
            outcome.valueObjectBound = table.valueObjectBound
            outcome.layout = table.binaryLayout
        }
        return outcome
    }

    /// Reads `bytes` on one thread and in 2, 3 and 5 runs, and checks that they agree;
    /// returns what one thread read and how many of the splits read in more than one run.
    @discardableResult
    static func expectSameReads(
        _ bytes: [UInt8], kind: ListKind?, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (one: Outcome, splits: Int) {
        let one = read(bytes, kind: kind, split: .oneThread)
        var splits = 0
        for parts in [2, 3, 5] {
            let runs = read(bytes, kind: kind, split: RecordReadSplit(parts: parts, minimumRecords: 1))
            #expect(runs == one, "\(context), \(parts) parts", sourceLocation: sourceLocation)
            if runs.runs > 1 { splits += 1 }
        }
        return (one, splits)
    }

    static let texts = ["Ann", "高橋 Zoë", "Briggs 413", "", "Grace O'Brien", "e\u{301}cole", "😀 smile", "Ann"]

    /// A random list as `PropertyListSerialization` writes it (every string an object of its
    /// own), with missing fields, extras of every type, repeated ids and, now and then, a
    /// value of the wrong type or a record without an id.
    static func serializedList(count: Int, kind: ListKind, using generator: inout SeededGenerator) throws -> [UInt8] {
        var ids: [String] = []
        var records: [Any] = []
        for index in 0..<count {
            var record: [String: Any] = [:]
            let id =
                !ids.isEmpty && generator.next() % 15 == 0
                ? ids[Int(generator.next() % UInt64(ids.count))] : RecordID.random(using: &generator).description
            ids.append(id)
            record["id"] = id
            for field in kind.fields where generator.next() % 12 != 0 {
                record[field.name] =
                    field.isText
                    ? texts[Int(generator.next() % UInt64(texts.count))] + (index % 4 == 0 ? " \(index)" : "")
                    : Date(timeIntervalSinceReferenceDate: Double(generator.next() % 1_000_000) / 8)
            }
            if generator.next() % 9 == 0 {
                let extras: [Any] = [42, "text", [1, "two"], ["inner": true], Data([1, 2, 3]), 2.5]
                record["extra\(generator.next() % 3)"] = extras[Int(generator.next() % UInt64(extras.count))]
            }
            if generator.next() % 250 == 0 { record[kind.fields[0].name] = 42 }
            if generator.next() % 400 == 0 { record["id"] = nil }
            records.append(record)
        }
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0))
    }

    /// A random list as the apps write it (every equal string one object): records of
    /// `kind`, some with extras, some sharing an id.
    static func sharedList(count: Int, kind: ListKind, using generator: inout SeededGenerator) -> [UInt8] {
        var records: [Record] = []
        for index in 0..<count {
            var values = kind.defaultValues
            for (field, spec) in kind.fields.enumerated() {
                values[field] =
                    spec.isText
                    ? .text(texts[Int(generator.next() % UInt64(texts.count))])
                    : .date(Double(generator.next() % 4) * 1000)
            }
            var record = Record(id: .random(using: &generator), values: values)
            if index > 0, generator.next() % 20 == 0 { record.id = records[Int(generator.next() % UInt64(index))].id }
            if generator.next() % 10 == 0 { record.extras = [KeyedValue("color", .string("red"))] }
            records.append(record)
        }
        RecordKey.numberOccurrences(in: &records)
        return BinaryPlistRecordWriter.write(records, kind: kind)
    }

    /// `bytes` with a few bytes changed at random.
    static func mutated(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var changed = bytes
        guard !changed.isEmpty else { return changed }
        for _ in 0...(generator.next() % 3) {
            changed[Int(generator.next() % UInt64(changed.count))] = UInt8(truncatingIfNeeded: generator.next())
        }
        return changed
    }

    @Test("random lists, whole and with bytes changed, read the same in runs as on one thread")
    func randomLists() throws {
        var generator = SeededGenerator(state: 34)
        var splitReads = 0
        var failures = 0
        for round in 0..<80 {
            let kind = round % 2 == 0 ? ListKind.person : .bucket
            let count = Int(generator.next() % 120)
            let bytes =
                round % 4 < 2
                ? try Self.serializedList(count: count, kind: kind, using: &generator)
                : Self.sharedList(count: count, kind: kind, using: &generator)
            for readKind in [nil, kind] {
                splitReads += Self.expectSameReads(bytes, kind: readKind, "round \(round)").splits
                let hostile = Self.mutated(bytes, using: &generator)
                if Self.expectSameReads(hostile, kind: readKind, "round \(round), changed").one.error != nil {
                    failures += 1
                }
            }
        }
        // Most reads did split, and the changed files failed in many ways.
        #expect(splitReads > 300)
        #expect(failures > 100)
    }

    @Test("every binary plist of the fuzzing corpus reads the same in runs as on one thread")
    func fuzzingCorpus() throws {
        let inputs = try FuzzCorpusReplayTests.inputs("binary-plist")
        #expect(inputs.count >= 20)
        for input in inputs {
            for kind in [nil, ListKind.person, ListKind.bucket] {
                Self.expectSameReads(input.bytes, kind: kind, input.name)
            }
        }
    }

    @Test("a file whose shared arrays exhaust the budget only across runs fails as on one thread")
    func budgetSpentAcrossRuns() throws {
        // Object 0 the top array, 1…200 the records, 201 the "id" key, 202 the "x" key,
        // 203 an array of 2,000 references to 204, 205… the ids.
        let records = 200
        var objects: [[UInt8]] = []
        func reference(_ index: Int) -> [UInt8] { [UInt8(index >> 8), UInt8(index & 0xFF)] }
        objects.append([0xAF, 0x10, UInt8(records)] + (1...records).flatMap(reference))
        for record in 0..<records {
            objects.append([0xD2] + reference(201) + reference(202) + reference(205 + record) + reference(203))
        }
        objects.append(BinaryPlistTestData.ascii("id"))
        objects.append(BinaryPlistTestData.ascii("x"))
        objects.append([0xAF, 0x11, 0x07, 0xD0] + (0..<2000).flatMap { _ in reference(204) })
        objects.append(BinaryPlistTestData.ascii("y"))
        var generator = SeededGenerator(state: 7)
        for _ in 0..<records {
            objects.append([0x5F, 0x10, 36] + Array(RecordID.random(using: &generator).description.utf8))
        }
        let bytes = BinaryPlistTestData.assemble(objects, refSize: 2)
        let one = Self.read(bytes, kind: .person, split: .oneThread)
        #expect(one.error?.message.contains("so often that reading it would never end") == true)
        Self.expectSameReads(bytes, kind: .person, "budget")
        Self.expectSameReads(bytes, kind: nil, "budget, any kind")
    }

    @Test("a list read in runs is read in as many runs as the split allows, with the kind the first record decides")
    func readsInRuns() throws {
        var generator = SeededGenerator(state: 12)
        let bytes = Self.sharedList(count: 90, kind: .bucket, using: &generator)
        let runs = Self.read(bytes, kind: nil, split: RecordReadSplit(parts: 4, minimumRecords: 10))
        #expect(runs.runs == 4)
        #expect(runs.list.kind == ListKind.bucket.noun)
        #expect(runs == Self.read(bytes, kind: nil, split: .oneThread))
        // Too few records for two runs of 60: one thread.
        #expect(Self.read(bytes, kind: nil, split: RecordReadSplit(parts: 4, minimumRecords: 60)).runs == 1)
    }

    @Test("runs cover the records in order, within one record of each other in size")
    func runsCoverTheRecords() {
        let split = RecordReadSplit(parts: 3, minimumRecords: 2)
        #expect(split.runs(of: 1..<11) == [1..<4, 4..<7, 7..<11])
        #expect(split.runs(of: 1..<4) == [1..<4])
        #expect(split.runs(of: 1..<6) == [1..<3, 3..<6])
        #expect(RecordReadSplit.oneThread.runs(of: 0..<1_000_000) == [0..<1_000_000])
    }
}
