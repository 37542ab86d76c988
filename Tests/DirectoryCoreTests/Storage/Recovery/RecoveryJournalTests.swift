import Testing

@testable import DirectoryCore

/// The journal's file format: entries read back exactly, the last one of a record
/// wins, and damage costs only what it touched.
struct RecoveryJournalTests {
    static let saved = Record(
        id: RecordID(high: 0x4000, low: 0x8000_0000_0000_0001), values: [.text("Kim"), .date(-5.25)],
        extras: [
            KeyedValue("photo", .data([0, 1, 255])),
            KeyedValue(
                "nested",
                .dictionary([
                    KeyedValue("list", .array([.integer(-3), .real(0.5), .bool(true), .bool(false), .null])),
                    KeyedValue("when", .date(12)), KeyedValue("text", .string("é高")),
                    KeyedValue("huge", .numberText("18446744073709551616")),
                ])),
        ])

    static func entry(_ office: String, occurrence: Int = 0, position: Int = 3) -> RecoveryEntry {
        var now = saved
        now.values[0] = .text(office)
        now.occurrence = occurrence
        var base = saved
        base.occurrence = occurrence
        return RecoveryEntry(key: now.key, saved: base, now: now, position: position)
    }

    static func file(_ entries: [RecoveryEntry]) -> [UInt8] {
        RecoveryJournal.header(location: "/data/p.plist", kind: "person", pid: 77, started: 9)
            + entries.flatMap(RecoveryJournal.encode)
    }

    @Test("reads back every kind of value")
    func readsBackEveryKindOfValue() throws {
        let added = RecoveryEntry(key: Self.saved.key, saved: nil, now: Self.saved, position: 0)
        let deleted = RecoveryEntry(
            key: RecordKey(id: RecordID(high: 1, low: 2), occurrence: 1), saved: Self.saved, now: nil, position: -1)
        let journal = try #require(RecoveryJournal.decode(Self.file([deleted, added])))
        #expect(journal.location == "/data/p.plist")
        #expect(journal.kind == "person")
        #expect(journal.pid == 77)
        #expect(journal.started == 9)
        #expect(journal.damage.isEmpty)
        var expectedDeleted = deleted
        expectedDeleted.saved?.occurrence = 1
        #expect(journal.entries == [expectedDeleted, added])
    }

    @Test("the last entry of a record wins")
    func theLastEntryOfARecordWins() throws {
        let journal = try #require(RecoveryJournal.decode(Self.file([Self.entry("A"), Self.entry("B")])))
        #expect(journal.entries == [Self.entry("B")])
    }

    @Test("a record set back to its saved version is no change")
    func aRecordSetBackToItsSavedVersionIsNoChange() throws {
        let back = RecoveryEntry(key: Self.saved.key, saved: Self.saved, now: Self.saved, position: 0)
        let journal = try #require(RecoveryJournal.decode(Self.file([Self.entry("A"), back])))
        #expect(journal.changes.isEmpty)
    }

    @Test("a truncated journal keeps the entries before the cut")
    func aTruncatedJournalKeepsTheEntriesBeforeTheCut() throws {
        let whole = Self.file([Self.entry("A"), Self.entry("B", occurrence: 1)])
        let journal = try #require(RecoveryJournal.decode(Array(whole.dropLast(5))))
        #expect(journal.entries == [Self.entry("A")])
        #expect(journal.damage.count == 1)
        #expect(journal.damage.first?.contains("could not be read") == true)
    }

    @Test("a damaged entry is skipped and the rest read")
    func aDamagedEntryIsSkippedAndTheRestRead() throws {
        let second = RecoveryJournal.encode(Self.entry("B", occurrence: 1))
        var bytes = Self.file([Self.entry("A")]) + second
        bytes[bytes.count - second.count - 10] ^= 0xFF  // inside the first entry's payload
        let journal = try #require(RecoveryJournal.decode(bytes))
        #expect(journal.entries == [Self.entry("B", occurrence: 1)])
        #expect(journal.damage == ["1 damaged entry was skipped"])
    }

    @Test("bytes that are not a journal decode to nil")
    func notAJournalIsNil() {
        #expect(RecoveryJournal.decode(Array("hello".utf8)) == nil)
        #expect(RecoveryJournal.decode(Array(Self.file([]).prefix(40))) == nil)
    }
}
