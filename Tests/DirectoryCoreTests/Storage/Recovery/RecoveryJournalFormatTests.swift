import Testing

@testable import DirectoryCore

/// Journals of format 1, written by releases before `ContentHash` became the one hash of
/// contents, are refused by name: never read with the wrong checksums, never taken for damage.
@Suite("Recovery journal: older formats")
struct RecoveryJournalFormatTests {
    /// A format-1 journal as the releases before format 2 wrote it for `/data/directory.plist` (pid 42): its
    /// header and one entry that sets Kim Tran's office to Steitz 9, with that release's checksums.
    static let formatOne: [UInt8] = bytes(
        "6469726563746f7279207265636f76657279206a6f75726e616c20310a340000003a387030f6f3267648150000002f64"
            + "6174612f6469726563746f72792e706c69737406000000706572736f6e2a000000000000000000000000000000500000"
            + "00669a997a1a45bd02520040000000000000010000000000008000000000030000000000000002004000000000000001"
            + "000000000000800200000000080000004b696d205472616e000800000053746569747a203900000000")

    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var digits = hex.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            result.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return result
    }

    @Test("a journal of format 1 is not read, and is known as an older format")
    func formatOneIsRefused() {
        #expect(RecoveryJournal.decode(Self.formatOne) == nil)
        #expect(RecoveryJournal.isOlderFormat(Self.formatOne))
    }

    @Test("a journal of this format is not taken for an older one")
    func currentFormatIsNotOlder() {
        let header = RecoveryJournal.header(location: "/data/directory.plist", kind: "person", pid: 42, started: 0)
        #expect(!RecoveryJournal.isOlderFormat(header))
        #expect(RecoveryJournal.decode(header)?.pid == 42)
        #expect(!RecoveryJournal.isOlderFormat(Array("hello".utf8)))
    }

    @Test("a header with witnesses starts with 1.11.0's header fields, which that release reads and then stops")
    func witnessesFollowTheOlderHeader() throws {
        let older = RecoveryJournal.header(location: "/data/directory.plist", kind: "person", pid: 42, started: 7)
        let id = RecordID(high: 1, low: 2)
        let newer = RecoveryJournal.header(
            location: "/data/directory.plist", kind: "person", pid: 42, started: 7, witnesses: [id])
        let start = RecoveryJournal.magic.count + 12
        #expect(Array(newer[start...]).starts(with: older[start...]))
        let read = try #require(RecoveryJournal.decode(newer + RecoveryJournal.encode(Self.entry)))
        #expect(read.witnesses == [id])
        #expect(read.location == "/data/directory.plist" && read.pid == 42 && read.changes.count == 1)
        let readOlder = try #require(RecoveryJournal.decode(older + RecoveryJournal.encode(Self.entry)))
        #expect(readOlder.witnesses.isEmpty && readOlder.changes.count == 1)
    }

    /// An entry that adds Kim Tran.
    static let entry = RecoveryEntry(
        key: RecordKey(id: RecordID(high: 3, low: 4)), saved: nil,
        now: Record(id: RecordID(high: 3, low: 4), values: [.text("Kim Tran"), .text("")]), position: 0)

    @Test("the notice names a journal of format 1 and the release that reads it; recover says so; discard deletes it")
    func sessionSaysOlderRelease() throws {
        let journals = MemoryRecoveryStore()
        journals.ended = [RecoveryOrphan(name: "old", modified: 0, bytes: Self.formatOne)]
        var session = try Session.test()
        session.keepRecoveryJournal(in: journals)
        let notice = try #require(session.recoveryNotice)
        #expect(notice.contains("a recovery journal of directory.plist, last written "))
        #expect(notice.contains("is in the format of directory 1.1.0 and earlier releases"))
        #expect(notice.contains("open the list with directory 1.1.0 to recover the changes"))
        #expect(notice.contains("type 'discard' to delete it"))
        #expect(!notice.contains("could not be read at all"))
        guard case .warning(let recovered) = try session.run("recover") else {
            Issue.record("recover of a journal of format 1 gave no warning")
            return
        }
        #expect(recovered.hasPrefix("Nothing recovered: a recovery journal of directory.plist"))
        #expect(recovered.contains("directory 1.1.0"))
        #expect(journals.ended.count == 1)
        #expect(
            try session.run("discard")
                == .feedback("Deleted a recovery journal this release could not read to directory.plist."))
        #expect(journals.ended.isEmpty)
    }
}
