/// Splits CSV text into rows of fields, following RFC 4180 and what
/// spreadsheets write: fields in double quotes may hold separators, quotes
/// (doubled) and line breaks; lines end in CRLF or LF; a UTF-8 byte order mark
/// at the start is skipped; blank lines are skipped.
struct CSVParser {
    /// One row of the file: its fields, or why they could not be read.
    struct Row: Equatable {
        /// The line the row starts on, from 1.
        var line: Int
        /// The fields, decoded as UTF-8.
        var fields: [String]
        /// Why the row is unusable, or `nil` when it is fine.
        var problem: String?
    }

    private let bytes: [UInt8]
    private let separator: UInt8
    private var index = 0
    private var line = 1

    /// A parser of `bytes` whose fields are separated by `separator` (`,`, `;` or a tab).
    init(_ bytes: [UInt8], separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Every non-blank row of the file, in order.
    static func rows(of bytes: [UInt8], separator: UInt8, interruption: Interruption = .never) -> [Row] {
        var parser = CSVParser(bytes, separator: separator)
        var rows: [Row] = []
        var poll = InterruptionPoll(interruption)
        while !poll.shouldStop(), let row = parser.nextRow() {
            let blank = row.problem == nil && row.fields.count == 1 && row.fields[0].isEmpty
            if !blank { rows.append(row) }
        }
        return rows
    }

    /// The next row, or `nil` at the end of the file.
    mutating func nextRow() -> Row? {
        guard index < bytes.count else { return nil }
        let start = line
        var fields: [[UInt8]] = []
        var problem: String?
        while true {
            let field = readField(number: fields.count + 1, problem: &problem)
            fields.append(field)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            if byte == separator { continue }
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
            line += 1
            break
        }
        var texts: [String] = []
        texts.reserveCapacity(fields.count)
        for field in fields {
            guard let text = String(validating: field, as: UTF8.self) else {
                return Row(line: start, fields: [], problem: "not UTF-8 text (save the file as UTF-8 CSV)")
            }
            texts.append(text)
        }
        return Row(line: start, fields: texts, problem: problem)
    }

    /// Reads one field and stops before the separator or line break that ends it.
    private mutating func readField(number: Int, problem: inout String?) -> [UInt8] {
        var field: [UInt8] = []
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            while index < bytes.count, !endsField(bytes[index]) {
                field.append(bytes[index])
                index += 1
            }
            return field
        }
        index += 1
        while true {
            guard index < bytes.count else {
                problem = problem ?? "field \(number) opens a quote that is never closed"
                return field
            }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
                index += 1
            } else if byte == 0x0A {
                line += 1
            }
            field.append(byte)
        }
        if index < bytes.count, !endsField(bytes[index]) {
            problem = problem ?? "text after the closing quote of field \(number); double a quote inside quotes (\"\")"
            while index < bytes.count, !endsField(bytes[index]) { index += 1 }
        }
        return field
    }

    /// Whether `byte` ends an unquoted field: the separator or a line break.
    private func endsField(_ byte: UInt8) -> Bool {
        byte == separator || byte == 0x0A || byte == 0x0D
    }
}
