/// Turns one line of input into what it asks for: the only parser of lines, for the prompt,
/// scripts, `-c` and sourced files alike.
public enum CommandParser {
    /// What `line` asks for, or `nil` for a blank line or a `#` comment.
    public static func parse(_ line: some StringProtocol) throws(ParseError) -> ParsedLine? {
        let text = String(line)
        if let command = try newOrSet(in: text.utf8.span) { return .command(command) }
        return try parseGeneral(Substring(text))
    }

    /// What the line in `bytes` (valid UTF-8, without its line break) asks for, or `nil` for a
    /// blank line or a `#` comment. A script reader hands its buffer straight in: `new` and
    /// `set`, most of a long script, are parsed from the bytes without a `String` of the line.
    public static func parse(utf8 bytes: Span<UInt8>) throws(ParseError) -> ParsedLine? {
        if let command = try newOrSet(in: bytes) { return .command(command) }
        return try parseGeneral(Substring(string(bytes, 0, bytes.count)))
    }

    /// The name in the table of the command `line` starts with (`open` for `open!`), even when
    /// its arguments do not parse; `nil` for a blank line, a comment or an unknown word.
    public static func commandName(of line: some StringProtocol) -> String? {
        let text = trimmed(Substring(line))
        return CommandTable.spec(named: String(text[..<firstSpace(in: text)]))?.name
    }

    /// Any line, by the general rules (`new` and `set` by their grammar on bytes).
    static func parseGeneral(_ line: Substring) throws(ParseError) -> ParsedLine? {
        let text = trimmed(line)
        guard let first = text.first, first != "#" else { return nil }
        let nameEnd = firstSpace(in: text)
        let name = String(text[..<nameEnd])
        let rest = trimmed(text[nameEnd...])
        guard let spec = CommandTable.spec(named: name) else {
            // At the prompt, history references were expanded before the line got here.
            if name.count > 1, name.hasPrefix("!") { throw .historyReference(name) }
            if let hint = ForeignCommand.hint(for: name) { throw .foreignCommand(name, hint: hint) }
            throw .unknownCommand(name, suggestion: Suggestion.closest(to: name, in: CommandTable.allNames))
        }
        return try command(spec: spec, name: name, argument: rest)
    }

    private static func command(spec: CommandSpec, name: String, argument: Substring) throws(ParseError)
        -> ParsedLine
    {
        if let frontEnd = try frontEndCommand(spec: spec, name: name, argument: argument) { return .frontEnd(frontEnd) }
        return .command(try sessionCommand(spec: spec, name: name, argument: argument))
    }

    /// The commands a front end carries out: `history`, `clear`, `editor`, `format`, `source`;
    /// `nil` for the others.
    private static func frontEndCommand(spec: CommandSpec, name: String, argument: Substring) throws(ParseError)
        -> FrontEndCommand?
    {
        switch spec.name {
        case "history":
            if argument.isEmpty { return .history(count: nil) }
            guard let count = Int(argument), count >= 0 else {
                throw .invalidCount(String(argument), usage: spec.usage)
            }
            return .history(count: count)
        case "clear":
            try none(spec, argument)
            return .clear
        case "editor":
            return .editor(argument.isEmpty ? [] : try records(spec, argument))
        case "format":
            if argument.isEmpty { return .format(nil) }
            guard let format = OutputFormat(rawValue: argument.lowercased()) else {
                throw .invalidChoice(
                    command: "format", value: String(argument), choices: OutputFormat.allCases.map(\.rawValue))
            }
            return .format(format)
        case "source":
            guard !argument.isEmpty else {
                throw .missingArgument(command: name, usage: spec.usage, hint: "the path of a file of commands")
            }
            return .source(path: try QuotedValue.parse(argument))
        default:
            return nil
        }
    }

    private static func sessionCommand(spec: CommandSpec, name: String, argument: Substring) throws(ParseError)
        -> Command
    {
        let forced = name.hasSuffix("!")
        switch spec.name {
        case "list":
            guard let first = argument.first else { return .list }
            guard first.isASCII, first.isNumber || first == "#" else { throw numberError(argument, spec) }
            return .listRecords(try records(spec, argument))
        case "show":
            guard !argument.isEmpty else { return .show() }
            let references = try records(spec, argument)
            guard references.count == 1, case let reference = references[0], !isRange(reference) else {
                throw .unexpectedArgument(command: "show", usage: spec.usage, argument: String(argument))
            }
            return .show(reference)
        case "changes":
            try none(spec, argument)
            return .changes
        case "undo":
            try none(spec, argument)
            return .undo
        case "revert":
            try none(spec, argument)
            return .revert
        case "undone":
            try none(spec, argument)
            return .undone
        case "quit":
            try none(spec, argument)
            return .quit(force: forced)
        case "recover":
            try none(spec, argument)
            return .recover(force: forced)
        case "discard":
            try none(spec, argument)
            return .discard
        case "versions":
            try none(spec, argument)
            return .versions
        case "restore":
            return try restoreCommand(spec, argument)
        case "new", "set":
            var text = argument
            text.makeContiguousUTF8()
            let bytes = text.utf8.span
            if spec.name == "new" { return try newCommand(bytes, 0, bytes.count) }
            return try setCommand(bytes, 0, bytes.count)
        case "edit":
            let references = try records(spec, argument)
            guard references.count == 1, case let reference = references[0], !isRange(reference) else {
                throw .unexpectedArgument(command: "edit", usage: spec.usage, argument: String(argument))
            }
            return .edit(reference)
        case "delete":
            return .delete(try records(spec, argument))
        case "find":
            guard !argument.isEmpty else {
                throw .missingArgument(command: "find", usage: spec.usage, hint: "some text to look for")
            }
            let command = findCommand(try QuotedValue.parse(argument))
            if case .findField(let field, let text) = command, text.isEmpty {
                throw .missingArgument(
                    command: "find", usage: spec.usage, hint: "some text to look for after \(field):")
            }
            return command
        case "save":
            if argument.isEmpty { return .save(force: forced) }
            guard argument.hasPrefix("as"), argument.count > 2,
                let space = argument.dropFirst(2).first, isSpace(space)
            else {
                if argument == "as" {
                    throw .missingArgument(command: name + " as", usage: spec.usage, hint: "a file path")
                }
                throw .unexpectedArgument(command: name, usage: spec.usage, argument: String(argument))
            }
            return try saveAsCommand(spec, name: name, argument: trimmed(argument.dropFirst(2)))
        case "open":
            guard !argument.isEmpty else {
                throw .missingArgument(command: "open", usage: spec.usage, hint: "a file path")
            }
            return .open(location: try path(argument, command: "open", usage: spec.usage), force: forced)
        case "import", "export":
            return try exchange(spec, argument, replacing: forced)
        case "done":
            return .done(date: argument.isEmpty ? nil : try QuotedValue.parse(argument))
        case "autosave":
            switch argument.lowercased() {
            case "": return .autosave(nil)
            case "on", "true", "yes": return .autosave(true)
            case "off", "false", "no": return .autosave(false)
            default:
                throw .invalidChoice(command: "autosave", value: String(argument), choices: ["on", "off"])
            }
        case "refresh":
            try none(spec, argument)
            return .refresh
        case "conflicts":
            try none(spec, argument)
            return .conflicts
        case "merge":
            return try mergeCommand(spec, name: name, argument: argument)
        case "redo", "move", "sort":
            return try orderCommand(spec, argument)
        default:  // help
            return .help(topic: helpTopic(argument))
        }
    }

    /// The command `help` is asked about: `help save as` and `help list 10-20` are about the
    /// command the first word names, as the overview's usage lines show it.
    private static func helpTopic(_ argument: Substring) -> String? {
        guard !argument.isEmpty else { return nil }
        let first = argument[..<firstSpace(in: argument)]
        guard first.endIndex != argument.endIndex, CommandTable.spec(named: String(first)) != nil else {
            return String(argument)
        }
        return String(first)
    }

    /// Parses `2 5-7,9` or a name into record references.
    static func records(_ spec: CommandSpec, _ argument: Substring) throws(ParseError) -> [RecordReference] {
        guard !argument.isEmpty else {
            throw .missingArgument(command: spec.name, usage: spec.usage, hint: "a record number (see list)")
        }
        guard let first = argument.first, first.isASCII, first.isNumber || first == "#" else {
            return [.name(try QuotedValue.parse(argument))]
        }
        var references: [RecordReference] = []
        for word in argument.split(whereSeparator: { isSpace($0) || $0 == "," }) {
            if word.hasPrefix("#") {
                guard let prefix = RecordIDPrefix(word.dropFirst()) else { throw .invalidIDPrefix(String(word)) }
                references.append(.id(prefix))
                continue
            }
            let bounds = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let low = number(bounds[0]) else { throw numberError(word, spec) }
            guard bounds.count == 2 else {
                references.append(.number(low))
                continue
            }
            // A range runs to the end of the list at most: an end too large for a number is the end,
            // and so is no end (`5-`, as `cut -f 5-` has it).
            let digits = bounds[1]
            let tooLarge =
                digits.isEmpty || (digits.allSatisfy({ $0.isASCII && $0.isNumber }) && Int(digits) == nil)
            guard let high = tooLarge ? Int.max : number(digits) else {
                throw .invalidNumber(String(word), usage: spec.usage)
            }
            guard low <= high else { throw .invalidRange(String(word)) }
            references.append(.range(low, high))
        }
        return references
    }

    /// Why `word` is no record number: a range in another tool's spelling (`2..4` as in Swift and
    /// Ruby, `-3` as an open start) is answered with this one's, anything else with the usage.
    private static func numberError(_ word: Substring, _ spec: CommandSpec) -> ParseError {
        if let dots = word.firstRange(of: ".."), let low = number(word[..<dots.lowerBound]),
            let high = number(word[dots.upperBound...])
        {
            return .rangeSpelling(String(word), suggestion: "\(low)-\(high)")
        }
        if word.first == "-", let high = number(word.dropFirst()) {
            return .rangeSpelling(String(word), suggestion: "1-\(high)")
        }
        return .invalidNumber(String(word), usage: spec.usage)
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0 else {
            return nil
        }
        return value
    }

    private static func isRange(_ reference: RecordReference) -> Bool {
        if case .range = reference { return true }
        return false
    }

    static func none(_ spec: CommandSpec, _ argument: Substring) throws(ParseError) {
        guard argument.isEmpty else {
            throw .unexpectedArgument(command: spec.name, usage: spec.usage, argument: String(argument))
        }
    }

    /// The index of the first space or tab in `text`, or its end; searched in
    /// UTF-8 bytes, which is much faster than by characters on long values.
    static func firstSpace(in text: Substring) -> Substring.Index {
        text.utf8.firstIndex { $0 == 0x20 || $0 == 0x09 } ?? text.endIndex
    }

    /// Whether `character` separates words: a space or a tab.
    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    /// `text` without leading and trailing spaces, tabs and line breaks (`\r`, `\n`),
    /// trimmed on UTF-8 bytes: these are all ASCII, so the cut never splits a UTF-8 sequence.
    /// The path `text` gives (quoted or not); an empty one (`""`) is no path, as none at all.
    static func path(_ text: Substring, command: String, usage: String, hint: String = "a file path")
        throws(ParseError) -> String
    {
        let path = try QuotedValue.parse(text)
        guard !path.isEmpty else { throw .missingArgument(command: command, usage: usage, hint: hint) }
        return path
    }

    static func trimmed(_ text: Substring) -> Substring {
        var copy = text
        copy.makeContiguousUTF8()
        let bytes = copy.utf8.span
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while start < end {
            let last = bytes[end - 1]
            guard last == 0x20 || last == 0x09 || last == 0x0D || last == 0x0A else { break }
            end -= 1
        }
        let (leading, trailing) = (start, bytes.count - end)
        if leading == 0, trailing == 0 { return text }
        let utf8 = text.utf8
        return text[utf8.index(text.startIndex, offsetBy: leading)..<utf8.index(text.endIndex, offsetBy: -trailing)]
    }
}
