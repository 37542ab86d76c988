import Testing

@testable import DirectoryCore

@Suite("JSON import")
struct JSONRecordImportTests {
    /// The import result of `text`.
    private func read(_ text: String) throws -> ImportResult {
        try RecordExchange.read(
            Array(text.utf8), format: .json, kind: .person, options: .init(), environment: .fixed())
    }

    @Test("records without an id get one; bad records are rejected by number")
    func recordByRecord() throws {
        let result = try read(#"[{"name":"A"},{"name":1},[],{"name":"B","name":"C"},{"name":"D","office":"X"}]"#)
        #expect(result.records.map(\.values) == [[.text("A"), .text("")], [.text("D"), .text("X")]])
        #expect(
            result.rejected.map(\.description) == [
                "record 2: 'name' is an integer, expected a string",
                "record 3: an array, expected a dictionary",
                "record 4: has the key 'name' twice",
            ])
    }

    @Test("a file that is not a JSON array cannot be imported at all", arguments: ["", "{}", "[", "[] x"])
    func wholeFileErrors(_ text: String) {
        #expect(throws: FileFormatError.self) { try read(text) }
    }
}
