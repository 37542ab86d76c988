/// The commands of order and redo (`move`, `sort`, `redo`), and `find FIELD:TEXT`.
extension CommandParser {
    static func orderCommand(_ spec: CommandSpec, _ argument: Substring) throws(ParseError) -> Command {
        switch spec.name {
        case "redo":
            try none(spec, argument)
            return .redo
        case "move":
            return try move(spec, argument)
        default:  // sort
            let words = argument.split(whereSeparator: isSpace)
            guard let field = words.first else {
                throw .missingArgument(command: "sort", usage: spec.usage, hint: "a field to sort by")
            }
            guard words.count <= 2 else {
                throw .unexpectedArgument(command: "sort", usage: spec.usage, argument: String(words[2]))
            }
            guard words.count == 2 else { return .sort(field: String(field), descending: false) }
            switch words[1].lowercased() {
            case "desc", "descending": return .sort(field: String(field), descending: true)
            case "asc", "ascending": return .sort(field: String(field), descending: false)
            default: throw .invalidChoice(command: "sort", value: String(words[1]), choices: ["asc", "desc"])
            }
        }
    }

    /// `move N to M` (or `move N M`); N may be `#ID`.
    private static func move(_ spec: CommandSpec, _ argument: Substring) throws(ParseError) -> Command {
        var words = argument.split(whereSeparator: isSpace)
        if words.count == 3, words[1].lowercased() == "to" { words.remove(at: 1) }
        if words.count == 2, words[1].lowercased() == "to" {
            throw .missingArgument(
                command: "move", usage: spec.usage, hint: "the position to move it to after 'to' (move 5 to 1)")
        }
        guard words.count == 2 else {
            if words.count < 2 {
                throw .missingArgument(command: "move", usage: spec.usage, hint: "two record numbers: move 5 to 1")
            }
            throw .unexpectedArgument(command: "move", usage: spec.usage, argument: String(argument))
        }
        func number(_ word: Substring) throws(ParseError) -> Int {
            guard word.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(word), number > 0 else {
                throw .invalidNumber(String(word), usage: spec.usage)
            }
            return number
        }
        let from: RecordReference
        if words[0].hasPrefix("#") {
            guard let prefix = RecordIDPrefix(words[0].dropFirst()) else { throw .invalidIDPrefix(String(words[0])) }
            from = .id(prefix)
        } else {
            from = .number(try number(words[0]))
        }
        return .move(from: from, to: try number(words[1]))
    }

    /// `find TEXT`, or `find FIELD:TEXT` when the text starts with a word of letters and a colon.
    static func findCommand(_ text: String) -> Command {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex,
            text[..<colon].allSatisfy({ $0.isASCII && $0.isLetter })
        else { return .find(text) }
        return .findField(field: String(text[..<colon]), text: String(text[text.index(after: colon)...]))
    }
}
