/// The table `list` and `find` print: a right-aligned number, then the listed fields in
/// columns as wide as their widest cell (by display width), trailing spaces dropped.
///
/// A text value of a loaded row that needs no escaping and whose width is simple to
/// count (`DisplayWidth.simpleWidth`) is copied from the list's table as bytes, without
/// making a record or a string: a `find` that matches a few hundred thousand people
/// prints them at the speed of copying. Any other cell is made by `FieldText`.
extension RecordRenderer {
    /// The rows as a table, or the listing's empty message.
    func table(_ listing: RecordListing) -> String {
        guard !listing.positions.isEmpty else { return listing.emptyMessage + "\n" }
        let records = listing.records
        let text = FieldText(kind: listing.kind, utcOffset: utcOffset)
        let columns = listing.kind.listColumns
        let textColumns = columns.map { listing.kind.fields[$0].isText }
        var widths = [Int](repeating: 0, count: columns.count)
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(listing.positions.count * columns.count)
        var made: [Int: String] = [:]
        var size = 0
        for position in listing.positions {
            let isRow = records.tableRow(at: position) != nil
            for (index, field) in columns.enumerated() {
                var width: Int?
                if isRow, textColumns[index] {
                    width = records.withText(at: position, field: field) { bytes in
                        size += bytes.count
                        return VisibleText.mayNeedEscaping(utf8: bytes)
                            ? nil : DisplayWidth.simpleWidth(utf8: bytes)
                    }
                }
                if width == nil {
                    let cell = text.cell(records.value(at: position, field: field), field: field)
                    made[cellWidths.count] = cell
                    width = DisplayWidth.of(cell)
                    size += cell.utf8.count
                }
                let cellWidth = width ?? 0
                widths[index] = max(widths[index], cellWidth)
                cellWidths.append(cellWidth)
            }
        }
        let numberWidth = String(listing.numbers.last ?? 0).utf8.count
        var output: [UInt8] = []
        output.reserveCapacity(
            size + listing.positions.count * (numberWidth + 3 + widths.reduce(0, +) + 2 * columns.count))
        var cell = 0
        for (number, position) in zip(listing.numbers, listing.positions) {
            let digits = String(number)
            output.append(spaces: numberWidth - digits.utf8.count + 2)
            output.append(contentsOf: style.apply(.number, to: digits).utf8)
            for (index, field) in columns.enumerated() {
                output.append(spaces: 2)
                if !made.isEmpty, let made = made[cell] {
                    output.append(contentsOf: made.utf8)
                } else {
                    records.withText(at: position, field: field) { output.append($0) }
                }
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
