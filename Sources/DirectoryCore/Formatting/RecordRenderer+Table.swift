/// The table `list` and `find` print: a right-aligned number, then the listed fields in
/// columns as wide as their widest cell (by display width), trailing spaces dropped.
///
/// The table is written as UTF-8 bytes into one buffer: a `find` that matches a few
/// hundred thousand people prints them at the speed of copying.
extension RecordRenderer {
    /// The rows as a table, or the listing's empty message.
    func table(_ listing: RecordListing) -> String {
        guard !listing.rows.isEmpty else { return listing.emptyMessage + "\n" }
        let text = FieldText(schema: listing.schema, utcOffset: utcOffset)
        let columns = listing.schema.listColumns
        let numberWidth = String(listing.rows.last?.number ?? 0).utf8.count
        var cells: [String] = []
        var cellWidths: [Int] = []
        cells.reserveCapacity(listing.rows.count * columns.count)
        cellWidths.reserveCapacity(listing.rows.count * columns.count)
        var widths = [Int](repeating: 0, count: columns.count)
        var size = 0
        for row in listing.rows {
            for (index, field) in columns.enumerated() {
                let cell = text.cell(row.record.values[field], field: field)
                let width = DisplayWidth.of(cell)
                widths[index] = max(widths[index], width)
                cells.append(cell)
                cellWidths.append(width)
                size += cell.utf8.count
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(size + listing.rows.count * (numberWidth + 4 + widths.reduce(0, +) + 2 * columns.count))
        var cell = 0
        for row in listing.rows {
            let number = String(row.number)
            output.append(spaces: numberWidth - number.utf8.count + 2)
            output.append(contentsOf: style.apply(.number, to: number).utf8)
            for index in columns.indices {
                output.append(spaces: 2)
                output.append(contentsOf: cells[cell].utf8)
                if index < columns.count - 1 { output.append(spaces: widths[index] - cellWidths[cell]) }
                cell += 1
            }
            while output.last == UInt8(ascii: " ") { output.removeLast() }
            output.append(UInt8(ascii: "\n"))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension [UInt8] {
    /// Appends `count` spaces (none when `count` is not positive).
    fileprivate mutating func append(spaces count: Int) {
        if count > 0 { append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }
}
