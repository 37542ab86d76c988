/// `import` and `export`: a format, options, then a path.
extension CommandParser {
    /// Parses `FORMAT [--partial] [--separator SEP] PATH` after `import` or `export`;
    /// `replacing` is set for `export!`, which may replace an existing file.
    static func exchange(_ spec: CommandSpec, _ argument: Substring, replacing: Bool = false) throws(ParseError)
        -> Command
    {
        let formats = ExchangeFormat.allCases.map(\.rawValue)
        var rest = argument
        let word = nextWord(&rest)
        guard !word.isEmpty else {
            throw .missingArgument(
                command: spec.name, usage: spec.usage, hint: "a format (\(formats.joined(separator: ", "))) and a path")
        }
        guard let format = ExchangeFormat(rawValue: word.lowercased()) else {
            throw .invalidChoice(command: spec.name, value: String(word), choices: formats)
        }
        let command = spec.name + " " + format.rawValue
        var allowed: [String] = []
        if spec.name == "import" { allowed.append("--partial") }
        if format == .csv { allowed.append("--separator") }
        var options = ExchangeOptions(replace: replacing && spec.name == "export")
        while rest.hasPrefix("--") {
            var option = nextWord(&rest)
            var value: Substring?
            if let equals = option.firstIndex(of: "=") {
                value = option[option.index(after: equals)...]
                option = option[..<equals]
            }
            guard allowed.contains(String(option)) else {
                guard !allowed.isEmpty else {
                    throw .unexpectedArgument(command: command, usage: spec.usage, argument: String(option))
                }
                throw .invalidChoice(command: command, value: String(option), choices: allowed)
            }
            if option == "--partial" {
                options.partial = true
                continue
            }
            let text = try QuotedValue.parse(value ?? nextWord(&rest)).lowercased()
            guard let separator = ExchangeOptions.separators.first(where: { $0.name == text }) else {
                throw .invalidChoice(
                    command: "--separator", value: text, choices: ExchangeOptions.separators.map(\.name))
            }
            options.separator = separator.byte
        }
        guard !rest.isEmpty else {
            throw .missingArgument(command: command, usage: spec.usage, hint: "a file path")
        }
        let path = try path(rest, command: command, usage: spec.usage)
        return spec.name == "import"
            ? .importFile(format, path: path, options: options) : .exportFile(format, path: path, options: options)
    }

    /// Takes the first word off `text` (up to a space or tab) and returns it.
    private static func nextWord(_ text: inout Substring) -> Substring {
        let end = firstSpace(in: text)
        let word = text[..<end]
        text = trimmed(text[end...])
        return word
    }
}
