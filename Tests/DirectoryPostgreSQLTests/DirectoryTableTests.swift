import DirectoryCore
import Testing

@testable import DirectoryPostgreSQL

@Suite("Records as table rows")
struct DirectoryTableTests {
    @Test("a bucket item's row holds its fields, an unset date as NULL, and its unknown keys; it reads back")
    func bucketRow() throws {
        let table = DirectoryTable(kind: .bucket)
        #expect(table.name == "bucket_items")
        #expect(table.columns.map(\.name) == ["name", "note", "completed_date_seconds"])
        let id = try #require(RecordID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        for date in [ListKind.distantPast, 695_952_123.456789] {
            let record = Record(
                id: id, values: [.text("Climb\tit"), .text("a\\b"), .date(date)],
                extras: [KeyedValue("tags", .array([.string("x\n")]))])
            var row: [UInt8] = []
            table.appendRow(record, position: 3, revision: 9, to: &row)
            var fields: [CopyText.Field] = []
            CopyText.fields(of: row.span, into: &fields)
            #expect(fields.count == 7)
            // As COPY TO sends it: id, the columns, extra (no position or revision).
            let sent = [fields[0]] + fields[2...5]
            let read = table.record(from: Array(sent), in: row.span)
            #expect(read == record)
        }
    }

    @Test("statement parameters: text as it is, an unset date as NULL, extra keys as JSON")
    func parameters() throws {
        let table = DirectoryTable(kind: .bucket)
        let record = Record(
            id: RecordID(high: 1, low: 2), values: [.text("x"), .text(""), .date(ListKind.distantPast)])
        #expect(table.parameters(of: record) == ["x", "", nil, "{}"])
    }
}

@Suite("Rows put in list order")
struct ListOrderTests {
    @Test("rows come back sorted by position, ties in the order they came; sorted rows are left alone")
    func order() {
        let records = (0..<5).map { Record(id: RecordID(high: 0, low: UInt64($0)), values: [.text("\($0)")]) }
        let sorted = PostgreSQLStore.inListOrder(records, positions: [3, 1, 2, 1, 0.5])
        #expect(sorted.map(\.id.low) == [4, 1, 3, 2, 0])
        #expect(PostgreSQLStore.inListOrder(records, positions: [1, 2, 2, 3, 4]) == records)
    }
}
