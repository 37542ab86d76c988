/// Writes records as an XML property list in the layout `PropertyListEncoder`
/// (with `outputFormat = .xml`) uses: the XML declaration, the DOCTYPE line,
/// `<plist version="1.0">`, one element per line, tab indentation, `<array/>`
/// and `<dict/>` when empty, and base64 `<data>` lines as Foundation wraps them.
///
/// Each record's keys are written in the order they were read (`Record.keyOrder`); a
/// record made here takes the order of the list's first record read from a file, or
/// Foundation's (keys sorted: `completedDate`, `id`, `name`, `note` for a bucket list).
/// Text is escaped as Foundation escapes it: `&`, `<` and `>` as entities, every other
/// character (a carriage return too) as it is.
///
/// Differences from Foundation, all deliberate:
/// - `<date>` holds whole seconds, as in every XML property list: the fraction
///   of a date is dropped (rounding down), so a date with fractional seconds
///   does not survive a round trip through this format.
/// - `.null` has no property list form: a key whose value is null, or a null
///   array element, is left out (Foundation would write the string `$null`).
enum XMLPlistRecordWriter {
    /// The bytes of a complete XML property list holding `records`.
    static func write(_ records: some RandomAccessCollection<Record>, kind: ListKind) -> [UInt8] {
        write(RecordList(records), kind: kind)
    }

    /// The bytes of a complete XML property list holding `records`.
    static func write(_ records: RecordList, kind: ListKind) -> [UInt8] {
        var file: [UInt8] = []
        write(records, kind: kind, pieceSize: Int.max) { file.append($0) }
        return file
    }

    /// The first three lines of every XML property list Foundation writes.
    private static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// Writes a complete XML property list holding `records`, handing it to `emit` in pieces
    /// of at least `pieceSize` bytes (the last one shorter) as they fill up, so that a large
    /// list never exists twice in memory.
    ///
    /// Records still in the list's `RecordTable` are written straight from its bytes,
    /// without making records or strings; the others (new, changed, with extras) through
    /// `Record`.
    static func write(_ records: RecordList, kind: ListKind, pieceSize: Int, emit: (Span<UInt8>) -> Void) {
        let fallback = records.firstKeyOrder ?? .sorted(kind)
        let lines = Lines(kind: kind, table: records.table, fallback: fallback)
        let estimate = 256 + records.count * (80 + 60 * kind.fields.count)
        var sink = ByteSink(capacity: min(estimate, pieceSize) + 4096)
        var scratch: [UInt8] = []
        put(header, to: &sink)
        if records.isEmpty {
            put("<array/>\n", to: &sink)
        } else {
            put("<array>\n", to: &sink)
            for number in records.indices {
                if let row = records.tableRow(at: number), let table = records.table {
                    lines.putRow(row, of: table, to: &sink, scratch: &scratch)
                } else {
                    scratch.removeAll(keepingCapacity: true)
                    appendRecord(records[number], lines: lines, fallback: fallback, to: &scratch)
                    sink.put(scratch.span)
                }
                if sink.count >= pieceSize {
                    emit(sink.bytes)
                    sink.removeAll()
                }
            }
            put("</array>\n", to: &sink)
        }
        put("</plist>\n", to: &sink)
        emit(sink.bytes)
    }

    /// Each known key's `<key>` line, by key code, escaped once per file, with what
    /// opens and closes its value, and the key orders of the table's rows.
    private struct Lines {
        /// The lines end to end, and where each starts (and the last ends), so that a row
        /// takes each from one array without retaining another.
        let keyBytes: [UInt8]
        let keyStarts: [Int]
        /// For each key code, its `<key>` line then what opens its value (`\t\t<string>` or
        /// `\t\t<date>`), and what closes the value (`</string>\n`, `</date>\n`), as
        /// (opening, closing) pairs end to end in `parts`, each pair's start in `partStarts`.
        let parts: [UInt8]
        let partStarts: [Int]
        /// Whether each field holds text.
        let textFields: [Bool]
        /// The resolved key order of each of the table's orders (`RecordTable.resolvedKeyOrders`).
        let rowOrders: [UInt8]
        /// The most bytes the markup of one row takes.
        let rowMarkup: Int

        init(kind: ListKind, table: RecordTable?, fallback: KeyOrder) {
            let keys = (["id"] + kind.fields.map(\.name)).map { name in
                var line: [UInt8] = []
                XMLPlistRecordWriter.appendKey(name, indentation: 2, to: &line)
                return line
            }
            keyBytes = keys.flatMap { $0 }
            keyStarts = keys.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1.count) }
            textFields = kind.fields.map(\.isText)
            var parts: [UInt8] = []
            var partStarts = [0]
            for (code, key) in keys.enumerated() {
                let isText = code == 0 || kind.fields[code - 1].isText
                parts.append(contentsOf: key)
                (isText ? XMLPlistLiteral.stringValue : .dateValue).append(to: &parts)
                partStarts.append(parts.count)
                (isText ? XMLPlistLiteral.stringValueEnd : .dateValueEnd).append(to: &parts)
                partStarts.append(parts.count)
            }
            self.parts = parts
            self.partStarts = partStarts
            rowOrders = table?.resolvedKeyOrders(fallback: fallback) ?? []
            rowMarkup =
                XMLPlistLiteral.dictLine.count + parts.count + XMLPlistLiteral.dictEndLine.count + 32 * keys.count
        }

        /// The number of known keys: `id` and the kind's fields.
        var keyCount: Int { keyStarts.count - 1 }

        /// Appends the `<key>` line of the key of `code`.
        @inline(__always)
        func appendKey(_ code: Int, to output: inout [UInt8]) {
            output.append(keyBytes.span.extracting(keyStarts[code]..<keyStarts[code &+ 1]))
        }

        /// Stores table row `row` as a `<dict>` at one tab of indentation, as `appendRecord`
        /// would append its record, from the table's bytes; `scratch` is room for a date.
        @inline(__always)
        func putRow(_ row: Int, of table: RecordTable, to sink: inout ByteSink, scratch: inout [UInt8]) {
            // An escape is at most 5 bytes for 1.
            sink.reserve(rowMarkup + 5 * table.byteCount(ofRow: row))
            XMLPlistRecordWriter.put(.dictLine, to: &sink)
            let keyCount = keyCount
            let orderStart = table.keyOrderIndex(ofRow: row) &* keyCount
            let parts = parts.span
            for position in 0..<keyCount {
                let code = Int(rowOrders[orderStart &+ position])
                let open = partStarts[2 &* code]
                let close = partStarts[2 &* code &+ 1]
                sink.put(parts.extracting(open..<close))
                if code == 0 {
                    let id = table.id(at: row)
                    sink.write(atMost: 36) { id.writeUTF8(to: &$0) }
                } else if textFields[code &- 1] {
                    table.withValueBytes(row: row, field: code &- 1) { XMLPlistRecordWriter.putEscaped($0, to: &sink) }
                } else {
                    scratch.removeAll(keepingCapacity: true)
                    XMLPlistDate.append(
                        table.withValueBytes(row: row, field: code &- 1, RecordTable.date(from:)), to: &scratch)
                    sink.put(scratch.span)
                }
                sink.put(parts.extracting(close..<partStarts[2 &* code &+ 2]))
            }
            XMLPlistRecordWriter.put(.dictEndLine, to: &sink)
        }
    }

    /// Appends one record as a `<dict>` at one tab of indentation, its keys in its
    /// order (or `fallback`).
    private static func appendRecord(
        _ record: Record, lines: Lines, fallback: KeyOrder, to output: inout [UInt8]
    ) {
        XMLPlistLiteral.dictLine.append(to: &output)
        let fieldCount = min(lines.keyCount - 1, record.values.count)
        let codes = (record.keyOrder ?? fallback).resolved(fieldCount: fieldCount, extraCount: record.extras.count)
        var extra = 0
        for code in codes {
            if code == KeyOrder.extraCode {
                let pair = record.extras[extra]
                extra += 1
                guard pair.value != .null else { continue }
                appendKey(pair.key, indentation: 2, to: &output)
                appendValue(pair.value, indentation: 2, to: &output)
                continue
            }
            lines.appendKey(Int(code), to: &output)
            guard code != KeyOrder.idCode else {
                XMLPlistLiteral.stringValue.append(to: &output)
                appendID(record.id, to: &output)
                XMLPlistLiteral.stringValueEnd.append(to: &output)
                continue
            }
            switch record.values[Int(code) - 1] {
            case .text(let text):
                XMLPlistLiteral.stringValue.append(to: &output)
                appendEscaped(text, to: &output)
                XMLPlistLiteral.stringValueEnd.append(to: &output)
            case .date(let seconds):
                XMLPlistLiteral.dateValue.append(to: &output)
                XMLPlistDate.append(seconds, to: &output)
                XMLPlistLiteral.dateValueEnd.append(to: &output)
            }
        }
        XMLPlistLiteral.dictEndLine.append(to: &output)
    }

    /// Appends the uppercase hyphenated form of `id` in one step.
    @inline(__always)
    private static func appendID(_ id: RecordID, to output: inout [UInt8]) {
        id.appendUTF8(to: &output)
    }

    /// Appends `<key>key</key>` on its own line.
    static func appendKey(_ key: String, indentation: Int, to output: inout [UInt8]) {
        appendTabs(indentation, to: &output)
        append("<key>", to: &output)
        appendEscaped(key, to: &output)
        append("</key>\n", to: &output)
    }

    /// Appends any value on its own line(s), starting with `indentation` tabs.
    private static func appendValue(_ value: PropertyValue, indentation: Int, to output: inout [UInt8]) {
        appendTabs(indentation, to: &output)
        switch value {
        case .string(let text):
            append("<string>", to: &output)
            appendEscaped(text, to: &output)
            append("</string>\n", to: &output)
        case .integer(let number):
            append("<integer>", to: &output)
            output.append(contentsOf: String(number).utf8)
            append("</integer>\n", to: &output)
        case .real(let number):
            append("<real>", to: &output)
            XMLPlistNumber.appendReal(number, to: &output)
            append("</real>\n", to: &output)
        case .float(let number):
            append("<real>", to: &output)
            XMLPlistNumber.appendReal(Double(number), to: &output)
            append("</real>\n", to: &output)
        case .numberText(let text):
            switch PropertyValue.plistNumber(text) {
            case .unsigned(let number):
                append("<integer>", to: &output)
                output.append(contentsOf: String(number).utf8)
                append("</integer>\n", to: &output)
            case .real:
                // The text as read (an XML `<real>`, or a JSON number, whose form XML accepts).
                append("<real>", to: &output)
                output.append(contentsOf: text.utf8)
                append("</real>\n", to: &output)
            }
        case .bool(let flag):
            append(flag ? "<true/>\n" : "<false/>\n", to: &output)
        case .date(let seconds):
            append("<date>", to: &output)
            XMLPlistDate.append(seconds, to: &output)
            append("</date>\n", to: &output)
        case .data(let bytes):
            append("<data>\n", to: &output)
            XMLPlistBase64.appendLines(bytes, indentation: indentation, to: &output)
            appendTabs(indentation, to: &output)
            append("</data>\n", to: &output)
        case .null:
            break  // not reached: callers leave nulls out
        case .array(let elements):
            guard elements.contains(where: { $0 != .null }) else {
                append("<array/>\n", to: &output)
                return
            }
            append("<array>\n", to: &output)
            for element in elements where element != .null {
                appendValue(element, indentation: indentation + 1, to: &output)
            }
            appendTabs(indentation, to: &output)
            append("</array>\n", to: &output)
        case .dictionary(let pairs):
            guard pairs.contains(where: { $0.value != .null }) else {
                append("<dict/>\n", to: &output)
                return
            }
            append("<dict>\n", to: &output)
            for pair in pairs where pair.value != .null {
                appendKey(pair.key, indentation: indentation + 1, to: &output)
                appendValue(pair.value, indentation: indentation + 1, to: &output)
            }
            appendTabs(indentation, to: &output)
            append("</dict>\n", to: &output)
        }
    }

    /// Appends `text` with `&`, `<` and `>` escaped, as Foundation writes it.
    private static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.makeContiguousUTF8()
        appendEscaped(text.utf8.span, to: &output)
    }

    /// Appends UTF-8 `text` with `&`, `<` and `>` escaped, as Foundation writes it; eight
    /// bytes at a time while none of them is one of the three.
    @inline(__always)
    private static func appendEscaped(_ text: Span<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < text.count {
            if let word = text.word64(ifFitsAt: index), !hasMarkup(word) {
                index &+= 8
                continue
            }
            let byte = text[index]
            index &+= 1
            guard byte <= UInt8(ascii: ">") else { continue }
            let entity: XMLPlistLiteral
            switch byte {
            case UInt8(ascii: "&"): entity = .ampersandEntity
            case UInt8(ascii: "<"): entity = .lessThanEntity
            case UInt8(ascii: ">"): entity = .greaterThanEntity
            default: continue
            }
            output.append(text.extracting(runStart..<(index &- 1)))
            entity.append(to: &output)
            runStart = index
        }
        output.append(text.extracting(runStart..<text.count))
    }

    /// Whether one of the eight bytes of `word` is `&`, `<` or `>`.
    @inline(__always)
    static func hasMarkup(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let amp = word ^ (ones &* 0x26)
        let less = word ^ (ones &* 0x3C)
        let greater = word ^ (ones &* 0x3E)
        let zeros =
            ((amp &- ones) & ~amp) | ((less &- ones) & ~less) | ((greater &- ones) & ~greater)
        return zeros & highs != 0
    }

    /// Stores UTF-8 `text` with `&`, `<` and `>` escaped, as `appendEscaped` appends it.
    @inline(__always)
    fileprivate static func putEscaped(_ text: Span<UInt8>, to sink: inout ByteSink) {
        var runStart = 0
        var index = 0
        while index < text.count {
            if let word = text.word64(ifFitsAt: index), !hasMarkup(word) {
                index &+= 8
                continue
            }
            let byte = text[index]
            index &+= 1
            guard byte <= UInt8(ascii: ">") else { continue }
            let entity: XMLPlistLiteral
            switch byte {
            case UInt8(ascii: "&"): entity = .ampersandEntity
            case UInt8(ascii: "<"): entity = .lessThanEntity
            case UInt8(ascii: ">"): entity = .greaterThanEntity
            default: continue
            }
            sink.put(text.extracting(runStart..<(index &- 1)))
            put(entity, to: &sink)
            runStart = index
        }
        sink.put(text.extracting(runStart..<text.count))
    }

    /// Stores the bytes of `literal`.
    @inline(__always)
    fileprivate static func put(_ literal: XMLPlistLiteral, to sink: inout ByteSink) {
        sink.put(head: literal.head, tail: literal.tail, count: literal.count)
    }

    /// Stores the bytes of a literal.
    private static func put(_ literal: String, to sink: inout ByteSink) {
        var literal = literal
        literal.makeContiguousUTF8()
        sink.put(literal.utf8.span)
    }

    /// Appends `count` tabs.
    private static func appendTabs(_ count: Int, to output: inout [UInt8]) {
        for _ in 0..<count { output.append(0x09) }
    }

    /// Appends the bytes of a literal.
    @inline(__always)
    private static func append(_ literal: String, to output: inout [UInt8]) {
        output.append(contentsOf: literal.utf8)
    }
}
