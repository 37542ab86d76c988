/// `merge [--keep] PATH|conflicts` and `merge!`.
extension CommandParser {
    /// Parses the arguments of `merge` or `merge!`: `--keep`, then a path or the word `conflicts`
    /// (a file of that name is `./conflicts`). Another word starting with `--` is an option it
    /// does not have, not a path (a file of that name is `./--name`).
    static func mergeCommand(_ spec: CommandSpec, name: String, argument: Substring) throws(ParseError) -> Command {
        var rest = argument
        var keep = false
        // Given twice, `--keep` still means keep.
        while rest == "--keep" || rest.hasPrefix("--keep ") || rest.hasPrefix("--keep\t") {
            keep = true
            rest = trimmed(rest.dropFirst("--keep".count))
        }
        guard !rest.isEmpty else {
            throw .missingArgument(
                command: name, usage: spec.usage, hint: "a file path, or conflicts for every conflict copy")
        }
        if rest.hasPrefix("--") {
            let option = rest.prefix { !isSpace($0) }
            throw .unknownOption(command: name, option: String(option), options: ["--keep"], usage: spec.usage)
        }
        let force = name.hasSuffix("!")
        if rest == "conflicts" { return .merge(.conflicts, force: force, keep: keep) }
        let path = try path(
            rest, command: name, usage: spec.usage, hint: "a file path, or conflicts for every conflict copy")
        return .merge(.path(path), force: force, keep: keep)
    }
}
