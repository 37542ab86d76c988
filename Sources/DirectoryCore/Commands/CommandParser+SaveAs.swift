/// `save as [--xml] PATH` and `save! as`.
extension CommandParser {
    /// The option of `save as` that writes an XML property list whatever the name.
    static let xmlOption = "--xml"

    /// Parses what follows `save as` (or `save! as`): `--xml`, then a path. `--xml` is taken
    /// after the path too (`save as notes.plist --xml`, as plutil users type it): no one names
    /// a file with a trailing ` --xml`. Another word starting with `--` is an option `save as`
    /// does not have, not a path (a file of that name is `./--name`).
    static func saveAsCommand(_ spec: CommandSpec, name: String, argument: Substring) throws(ParseError)
        -> Command
    {
        let command = name + " as"
        var rest = argument
        var xml = false
        while rest == xmlOption || rest.hasPrefix(xmlOption + " ") || rest.hasPrefix(xmlOption + "\t") {
            xml = true
            rest = trimmed(rest.dropFirst(xmlOption.count))
        }
        if rest.hasSuffix(" " + xmlOption) || rest.hasSuffix("\t" + xmlOption) {
            xml = true
            rest = trimmed(rest.dropLast(xmlOption.count))
        }
        guard !rest.isEmpty else {
            throw .missingArgument(command: command, usage: spec.usage, hint: "a file path")
        }
        if rest.hasPrefix("--") {
            let option = rest.prefix { !isSpace($0) }
            throw .unknownOption(command: command, option: String(option), options: [xmlOption], usage: spec.usage)
        }
        let location = try path(rest, command: command, usage: spec.usage)
        return .saveAs(location: location, force: name.hasSuffix("!"), format: xml ? .xmlPlist : nil)
    }
}
