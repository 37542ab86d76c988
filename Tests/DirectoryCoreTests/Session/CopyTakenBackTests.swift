import Testing

@testable import DirectoryCore

/// `Session.takesBack`: whether a save's merge with the list's file lost values of a merged
/// conflict copy that the list held, so that the save keeps the copy instead of removing it.
@Suite("Session: a merged copy that a save's merge took back")
struct CopyTakenBackTests {
    static func person(_ low: UInt64, _ name: String, _ office: String) -> Record {
        Record(id: RecordID(high: 7, low: low), values: [.text(name), .text(office)])
    }

    static func list(_ records: Record...) -> RecordList { RecordList(packing: records, kind: .person) }

    static let fay = person(1, "Fay", "F1")
    static let hal = person(2, "Hal", "H-here")

    @Test("a value the list held as the copy has it, replaced by the file's, is taken back")
    func replacedValue() {
        let copy = Self.list(Self.fay, Self.hal)
        let after = Self.list(Self.person(2, "Hal", ""))
        #expect(Session.takesBack(copy, before: copy, after: after))
    }

    @Test("a record of the copy the list held, deleted by the file's version, is taken back")
    func deletedRecord() {
        let copy = Self.list(Self.fay, Self.hal)
        #expect(Session.takesBack(copy, before: copy, after: Self.list(Self.hal)))
    }

    @Test("values the list did not hold as the copy has them, and records it lacked, are not the copy's to lose")
    func notHeld() {
        let copy = Self.list(Self.fay, Self.hal)
        let before = Self.list(Self.person(2, "Hal", "newer here"))
        let after = Self.list(Self.person(2, "Hal", "newer there"), Self.person(3, "Ida", "I1"))
        #expect(!Session.takesBack(copy, before: before, after: after))
    }

    @Test("a save that kept every value of the copy and added others takes nothing back")
    func keptEverything() {
        let copy = Self.list(Self.fay, Self.hal)
        let after = Self.list(Self.fay, Self.hal, Self.person(3, "Ida", "I1"))
        #expect(!Session.takesBack(copy, before: copy, after: after))
    }
}
