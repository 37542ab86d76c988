/// One property of a card, `[group.]NAME;PARAM=VALUE:value`, as written (still escaped).
struct VCardProperty: Equatable {
    /// The property name in upper case, without its group: `FN`, `ADR`.
    var name: String
    /// The parameters, names in upper case; a bare value (`ADR;WORK:`, vCard 2.1 style) is a `TYPE`.
    var parameters: [String: [String]]
    /// The value, still escaped.
    var value: String

    /// Whether the `TYPE` parameter includes `type`, ignoring case.
    func hasType(_ type: String) -> Bool {
        parameters["TYPE", default: []].contains { $0.lowercased() == type }
    }
}

/// One `BEGIN:VCARD` … `END:VCARD` block.
struct VCard: Equatable {
    /// The line of its `BEGIN:VCARD`.
    var line: Int
    /// Its properties, in order, without `BEGIN` and `END`.
    var properties: [VCardProperty]
    /// Why the card cannot be used, or `nil`.
    var problem: String?

    /// Records the first thing wrong with the card; later problems add nothing.
    mutating func note(_ problem: String) {
        if self.problem == nil { self.problem = problem }
    }

    /// The first property called `name`.
    func first(_ name: String) -> VCardProperty? {
        properties.first { $0.name == name }
    }
}

/// Splits a vCard file (RFC 6350, RFC 2426) into cards: lines are unfolded,
/// CRLF or LF line ends are accepted, and a UTF-8 byte order mark is skipped.
enum VCardParser {
    /// The cards in `bytes`.
    ///
    /// - Throws: when the file holds no card at all.
    static func cards(in bytes: [UInt8]) throws(FileFormatError) -> [VCard] {
        var cards: [VCard] = []
        var open: VCard?
        for (line, bytes) in unfoldedLines(bytes) {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                open?.note("line \(line) is not UTF-8 text")
                continue
            }
            if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            guard let property = property(text) else {
                open?.note("line \(line) is not a property (NAME:value)")
                continue
            }
            let value = property.value.uppercased()
            if property.name == "BEGIN", value == "VCARD" {
                if var unfinished = open {
                    unfinished.problem = unfinished.problem ?? "no END:VCARD before the next card"
                    cards.append(unfinished)
                }
                open = VCard(line: line, properties: [])
            } else if property.name == "END", value == "VCARD", let finished = open {
                cards.append(finished)
                open = nil
            } else {
                open?.properties.append(property)
            }
        }
        if var unfinished = open {
            unfinished.problem = unfinished.problem ?? "the file ends before END:VCARD"
            cards.append(unfinished)
        }
        guard !cards.isEmpty else { throw FileFormatError("no BEGIN:VCARD line: the file holds no vCard") }
        return cards
    }

    /// The logical lines of the file, each with the number of its first physical line.
    static func unfoldedLines(_ bytes: [UInt8]) -> [(line: Int, bytes: [UInt8])] {
        var lines: [(line: Int, bytes: [UInt8])] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let physical = bytes[start..<end]
            if let first = physical.first, first == 0x20 || first == 0x09, !lines.isEmpty {
                lines[lines.count - 1].bytes.append(contentsOf: physical.dropFirst())
            } else {
                lines.append((number, Array(physical)))
            }
            start = next
        }
        return lines
    }

    /// The property on a content line, or `nil` when it has no `:`.
    static func property(_ line: String) -> VCardProperty? {
        var parts: [Substring] = []
        var quoted = false
        var start = line.startIndex
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" {
                quoted.toggle()
            } else if !quoted, character == ";" || character == ":" {
                parts.append(line[start..<index])
                start = line.index(after: index)
                if character == ":" { break }
            }
            index = line.index(after: index)
        }
        guard index < line.endIndex, let head = parts.first else { return nil }
        let name = head.split(separator: ".").last.map { $0.uppercased() } ?? ""
        var parameters: [String: [String]] = [:]
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = pair.count == 2 ? pair[0].uppercased() : "TYPE"
            let values = (pair.last ?? "").split(separator: ",").map { String($0.filter { $0 != "\"" }) }
            parameters[key, default: []] += values
        }
        return VCardProperty(name: name, parameters: parameters, value: String(line[start...]))
    }
}
