import Foundation
import Testing

@testable import DirectoryCore

/// Truncated, corrupt and hostile binary plists throw `FileFormatError` with a
/// message saying what is wrong, and never crash or hang.
struct BinaryPlistMalformedInputTests {
    typealias TestData = BinaryPlistTestData

    /// An id string object.
    static let id = [0x5F, 0x10, 36] + Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)

    /// The message of the error reading `bytes` throws, or `nil` when it reads.
    func failure(_ bytes: [UInt8], kind: ListKind? = .person) -> String? {
        do {
            _ = try TestData.decode(bytes, kind: kind)
            return nil
        } catch let error as FileFormatError {
            return error.message
        } catch {
            return "unexpected error type: \(error)"
        }
    }

    /// A small valid file as `PropertyListEncoder` writes it.
    func sample() throws -> [UInt8] {
        [UInt8](try PropertyListEncoder().encode(TestData.people(3)))
    }

    @Test("rejects every truncation")
    func rejectsEveryTruncation() throws {
        let bytes = try sample()
        for length in 0..<bytes.count {
            let message = failure(Array(bytes.prefix(length)))
            #expect(message != nil && message?.hasPrefix("unexpected") == false, "length \(length)")
        }
    }

    @Test("survives every single-byte corruption")
    func survivesEverySingleByteCorruption() throws {
        let bytes = try sample()
        for position in bytes.indices {
            for value: UInt8 in [0x00, 0x0F, 0x7F, 0x80, 0xAF, 0xDF, 0xFF] {
                var corrupt = bytes
                corrupt[position] = value
                let message = failure(corrupt)
                #expect(message?.hasPrefix("unexpected") != true)
            }
        }
    }

    @Test("rejects other files and bad trailers")
    func rejectsOtherFilesAndBadTrailers() {
        #expect(failure(Array("<?xml version=\"1.0\"?>".utf8))?.contains("bplist00") == true)
        #expect(failure(Array("bplist00".utf8))?.contains("truncated") == true)
        let good = TestData.assemble([[0xA0]])
        var badSize = good
        badSize[badSize.count - 25] = 9
        #expect(failure(badSize)?.contains("object reference size of 9") == true)
        #expect(failure(TestData.assemble([[0xA0]], tableOffset: 5000))?.contains("offset table at byte 5000") == true)
        #expect(failure(TestData.assemble([[0xA0]], objectCount: 1 << 40))?.contains("claims") == true)
        #expect(failure(TestData.assemble([[0xA0]], objectCount: 0))?.contains("claims 0 objects") == true)
        #expect(failure(TestData.assemble([[0xA0]], top: 3))?.contains("top object") == true)
    }

    @Test("rejects offset table entries out of range")
    func rejectsOffsetTableEntriesOutOfRange() {
        var bytes = TestData.assemble([[0xA1, 1], [0x50]])
        bytes[bytes.count - 33] = 0xF0  // the entry of object 1
        #expect(failure(bytes)?.contains("outside the object area") == true)
    }

    @Test("rejects references to missing objects")
    func rejectsReferencesToMissingObjects() {
        let message = failure(TestData.assemble([[0xA1, 7]]))
        #expect(message?.contains("has only 1 object") == true)
        #expect(message?.contains("1 objects") == false)
    }

    @Test("rejects reference cycles")
    func rejectsReferenceCycles() {
        #expect(failure(TestData.assemble([[0xA1, 0]])) == "record 1 is an array, expected a dictionary")
        let selfReferencingArray = TestData.assemble([
            [0xA1, 1], [0xD2, 2, 3, 4, 5], TestData.ascii("id"), TestData.ascii("list"), Self.id, [0xA2, 2, 5],
        ])
        #expect(failure(selfReferencingArray)?.contains("object 5 (an array) contains itself") == true)
        let containsTopArray = TestData.assemble([
            [0xA1, 1], [0xD2, 2, 3, 4, 0], TestData.ascii("id"), TestData.ascii("all"), Self.id,
        ])
        #expect(failure(containsTopArray)?.contains("cycle") == true)
        let selfContaining = TestData.assemble([
            [0xA1, 1], [0xD2, 2, 3, 4, 1], TestData.ascii("id"), TestData.ascii("me"), Self.id,
        ])
        #expect(failure(selfContaining)?.contains("cycle") == true)
    }

    @Test("rejects nesting deeper than the limit")
    func rejectsNestingDeeperThanTheLimit() {
        // A record whose extra holds 600 arrays, each inside the previous one (2-byte refs).
        var objects: [[UInt8]] = [
            [0xA1, 0, 1], [0xD2, 0, 2, 0, 3, 0, 4, 0, 5], TestData.ascii("id"), TestData.ascii("x"), Self.id,
        ]
        for level in 0..<600 {
            let next = 5 + level + 1
            objects.append(level == 599 ? [0xA0] : [0xA1, UInt8(next >> 8), UInt8(next & 0xFF)])
        }
        #expect(failure(TestData.assemble(objects, refSize: 2))?.contains("nested more than 512") == true)
    }

    @Test("rejects shared containers that expand exponentially")
    func rejectsSharedContainersThatExpandExponentially() {
        // Each array holds the next one twice: 2^200 values if read naively.
        var objects: [[UInt8]] = [
            [0xA1, 0, 1], [0xD2, 0, 2, 0, 3, 0, 4, 0, 5], TestData.ascii("id"), TestData.ascii("x"), Self.id,
        ]
        for level in 0..<200 {
            let next = UInt8(truncatingIfNeeded: 5 + level + 1)
            objects.append(level == 199 ? [0x10, 1] : [0xA2, 0, next, 0, next])
        }
        #expect(failure(TestData.assemble(objects, refSize: 2))?.contains("shares") == true)
    }

    @Test("rejects huge counts")
    func rejectsHugeCounts() {
        let hugeArray: [UInt8] = [0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(failure(TestData.assemble([hugeArray]))?.contains("remain before the offset table") == true)
        let negative: [UInt8] = [0x5F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(failure(TestData.assemble([[0xA1, 1], negative]))?.contains("impossible length") == true)
        #expect(failure(TestData.assemble([[0xA1, 1], [0x4F, 0x12, 0x10, 0, 0, 0]]))?.contains("remain") == true)
    }

    @Test("rejects a top level that is not an array")
    func rejectsATopLevelThatIsNotAnArray() {
        let dictionary = TestData.assemble([[0xD1, 1, 2], TestData.ascii("id"), Self.id])
        #expect(failure(dictionary) == "the top level is a dictionary, expected an array of records")
        #expect(
            failure(TestData.assemble([TestData.ascii("hi")]))
                == "the top level is a string, expected an array of records")
    }

    @Test("rejects records that are not dictionaries")
    func rejectsRecordsThatAreNotDictionaries() {
        let bytes = TestData.assemble([
            [0xA2, 1, 2], [0xD1, 3, 4], TestData.ascii("x"), TestData.ascii("id"), Self.id,
        ])
        #expect(failure(bytes) == "record 2 is a string, expected a dictionary")
    }

    @Test("rejects values a record cannot hold")
    func rejectsValuesARecordCannotHold() {
        func record(_ value: [UInt8]) -> [UInt8] {
            TestData.assemble([
                [0xA1, 1], [0xD2, 2, 3, 4, 5], TestData.ascii("id"), TestData.ascii("x"), Self.id, value,
            ])
        }
        #expect(failure(record([0x80, 1]))?.contains("uid") == true)
        #expect(failure(record([0x0F]))?.contains("fill byte") == true)
        #expect(failure(record([0x70]))?.contains("unknown object type 0x70") == true)
        #expect(failure(record([0x62, 0x00, 0x41, 0xD8, 0x3D]))?.contains("unpaired surrogate") == true)
        #expect(failure(record([0x61, 0xDE, 0x00]))?.contains("unpaired surrogate") == true)
        #expect(failure(record([0x52, 0x41, 0xE9]))?.contains("non-ascii byte 0xe9") == true)
        let tooBig = [0x14] + TestData.bigEndian(1) + TestData.bigEndian(0)
        #expect(failure(record(tooBig))?.contains("does not fit") == true)
        #expect(failure(record([0x13, 1, 2]))?.contains("remain before the offset table") == true)
    }

    @Test("rejects keys that are not strings")
    func rejectsKeysThatAreNotStrings() {
        let bytes = TestData.assemble([[0xA1, 1], [0xD1, 2, 3], [0x10, 1], Self.id])
        #expect(failure(bytes)?.contains("is an integer, expected a string") == true)
    }

    @Test("rejects repeated keys in nested dictionaries")
    func rejectsRepeatedKeysInNestedDictionaries() {
        let bytes = TestData.assemble([
            [0xA1, 1], [0xD2, 2, 3, 4, 5], TestData.ascii("id"), TestData.ascii("x"), Self.id,
            [0xD2, 3, 3, 2, 2],
        ])
        #expect(failure(bytes)?.contains("has the key 'x' twice") == true)
    }
}
