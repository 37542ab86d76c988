import Testing

@testable import DirectoryCore

@Suite("Session: import and export")
struct SessionExchangeTests {
    static let csv = "name,office\r\nAda Lovelace,Briggs 1\r\nAlan Turing,Briggs 2\r\n"

    @Test("import adds records as unsaved changes that changes lists, one undo removes, revert discards")
    func importIsOneChange() throws {
        let store = MemoryStore()
        store.putPlain("/in.csv", Self.csv)
        var session = try Session.test(store: store)
        let output = try session.run("import csv /in.csv")
        #expect(output == .feedback("Imported 2 people from /in.csv (read 2)."))
        #expect(session.names.suffix(2) == ["Ada Lovelace", "Alan Turing"])
        #expect(session.unsavedChanges().map(\.kind) == [.added, .added])
        #expect(try session.run("undo") == .feedback("Undid 'import csv /in.csv'."))
        #expect(session.records.count == 3)
        #expect(!session.hasUnsavedChanges)
        try session.run("import csv /in.csv", "revert")
        #expect(session.records.count == 3)
    }

    @Test("importing a copy of the list itself warns that every record was added again, naming merge")
    func importOfOwnCopyWarns() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("export json /copy.json")
        let output = try session.run("import json /copy.json")
        guard case .warning(let text) = output else {
            Issue.record("not a warning: \(output)")
            return
        }
        #expect(text.hasPrefix("Imported 3 people from /copy.json (read 3). All of them had the id of records"))
        #expect(text.contains("'merge /copy.json' combines the two"), "\(text)")
        #expect(session.records.count == 6)
        try session.run("undo")
        #expect(session.records.count == 3)
    }

    @Test("a file with a rejected line imports nothing, naming the line; --partial imports the rest")
    func rejectedLines() throws {
        let store = MemoryStore()
        store.putPlain("/in.csv", Self.csv + "\"Bad,Briggs 3\r\n")
        var session = try Session.test(store: store)
        #expect(
            throws: SessionError.importRejected(
                path: "/in.csv", total: 3, rejected: ["line 4: field 1 opens a quote that is never closed"])
        ) { try session.run("import csv /in.csv") }
        #expect(session.records.count == 3)
        let output = try session.run("import csv --partial /in.csv")
        #expect(
            output
                == .warning(
                    "Imported 2 people from /in.csv (read 3). Rejected 1:\n"
                        + "  line 4: field 1 opens a quote that is never closed"))
        #expect(session.records.count == 5)
    }

    @Test("a file whose every record is rejected is not told to import the rest with --partial")
    func everyRecordRejected() {
        let some = SessionError.importRejected(path: "/in.json", total: 3, rejected: ["record 2: no name"])
        #expect(some.message.contains("fix them, or add --partial to import the rest:\n  record 2: no name"))
        let all = SessionError.importRejected(
            path: "/in.json", total: 2, rejected: ["record 1: no name", "record 2: no name"])
        #expect(
            all.message
                == "/in.json: all 2 records rejected, so nothing was imported; fix them:\n"
                + "  record 1: no name\n  record 2: no name")
    }

    @Test("import json refuses records of the other kind, each named (found trying it)")
    func otherKindRefused() throws {
        let store = MemoryStore()
        store.putPlain(
            "/bucket.json",
            #"[{"id":"810465FC-ED1F-4353-9D43-A299A85474E8","name":"Skydive","note":"n","completedDate":786283200.5},"#
                + #"{"name":"Only a name"}]"#)
        var session = try Session.test(store: store)
        #expect(
            throws: SessionError.importRejected(
                path: "/bucket.json", total: 2,
                rejected: ["record 1: it is an item (note, completedDate), not a person; import it into a bucket list"])
        ) { try session.run("import json /bucket.json") }
        #expect(session.records.count == 3)
        store.putPlain("/people.json", #"[{"name":"Ann","office":"A1"}]"#)
        var bucket = try Session.test(path: "/data/bucketList.json", store: store)
        #expect(throws: SessionError.self) { try bucket.run("import json /people.json") }
        #expect(JSONRecordImport.otherKind(of: ["id", "name"], importingAs: .person) == nil)
        #expect(JSONRecordImport.otherKind(of: ["name", "office", "note"], importingAs: .person) == nil)
    }

    @Test("ids already in the list are replaced, so records never share an identity")
    func clashingIDsGetNewOnes() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("export json /out.json")
        store.putPlain("/in.json", String(decoding: store.plainFile("/out.json") ?? [], as: UTF8.self))
        try session.run("import json /in.json")
        #expect(session.records.count == 6)
        #expect(Set(session.records.map(\.id)).count == 6)
        #expect(
            session.names == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"] + [
                "Acacia Ackles", "Joe Gregg", "Kurt Krebsbach",
            ])
    }

    @Test("export writes the records and changes nothing in the session")
    func exportLeavesSessionAlone() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        let output = try session.run("export csv --separator ; /out.csv")
        #expect(output == .feedback("Exported 3 people to /out.csv as CSV."))
        let text = String(decoding: store.plainFile("/out.csv") ?? [], as: UTF8.self)
        #expect(text.hasPrefix("id;name;office\r\n"))
        #expect(text.hasSuffix(";Kurt Krebsbach;Briggs 411\r\n"))
        #expect(!session.hasUnsavedChanges)
        #expect(throws: SessionError.nothingToUndo) { try session.run("undo") }
    }

    @Test("vCard is refused for bucket lists; export to the list's own file is refused")
    func refusals() throws {
        var bucket = try Session.test(path: "/data/bucketList.json")
        #expect(throws: SessionError.formatNotForKind(format: "vCard", kind: "bucket", formats: ["csv", "json"])) {
            try bucket.run("export vcard /out.vcf")
        }
        #expect(throws: SessionError.self) { try bucket.run("export json /data/bucketList.json") }
    }

    @Test("a missing import file and an unreadable one say so and import nothing")
    func unreadableFiles() throws {
        let store = MemoryStore()
        store.putPlain("/bad.json", "{")
        var session = try Session.test(store: store)
        #expect(throws: SessionError.storage(.unreadable(path: "/none.csv", reason: "there is no such file"))) {
            try session.run("import csv /none.csv")
        }
        do {
            try session.run("import json /bad.json")
            Issue.record("imported a broken file")
        } catch let error as SessionError {
            #expect(error.message.hasPrefix("cannot import /bad.json as JSON: "))
            #expect(error.message.hasSuffix("; nothing was imported"))
        }
    }
}
