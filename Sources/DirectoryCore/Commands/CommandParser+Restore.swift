/// `restore N [RECORD…]`.
extension CommandParser {
    /// Parses the arguments of `restore`: a kept version's number (as `versions` numbers them),
    /// then, optionally, the records of that version to bring back, as `list` and `edit` name them.
    static func restoreCommand(_ spec: CommandSpec, _ argument: Substring) throws(ParseError) -> Command {
        guard !argument.isEmpty else {
            throw .missingArgument(command: "restore", usage: spec.usage, hint: "a version's number (see versions)")
        }
        let end = firstSpace(in: argument)
        let word = argument[..<end]
        guard word.allSatisfy({ $0.isASCII && $0.isNumber }), let version = Int(word), version >= 1 else {
            throw .invalidVersion(String(word), usage: spec.usage)
        }
        let rest = trimmed(argument[end...])
        return .restore(version: version, records: rest.isEmpty ? [] : try records(spec, rest))
    }
}
