import DirectoryCore

/// The command line, parsed.
public struct Options: Equatable, Sendable {
    /// `--file PATH` (or a lone PATH argument): the list to open.
    public var file: String?
    /// `--kind`: read and create lists of this kind.
    public var kind: ListKind?
    /// `-c COMMAND`, in order: run these instead of reading standard input.
    public var commands: [String] = []
    /// `-f FILE`: run the lines of this script.
    public var script: String?
    /// `--format`: how records are printed.
    public var format: OutputFormat = .table
    /// `--bail`: stop at the first failing command.
    public var bail = false
    /// `--autosave`: save after every change.
    public var autosave = false
    /// `--help`.
    public var help = false
    /// `--version`.
    public var version = false
    /// `--color`: when to colour output; `nil` leaves it to the config file (else `auto`).
    public var color: ColorChoice?
    /// `--completion bash|zsh|fish`: print that shell's completion script and exit.
    public var completion: CompletionScript.Shell?
    /// `--no-pager`: never page long output; `nil` leaves it to the config file (else `auto`).
    public var pager: PagerChoice?
    /// `--print-config`: print the effective settings and where each came from, and exit.
    public var printConfig = false
    /// The options given on the command line, by long name, so that they win over the config file.
    public var given: Set<String> = []

    /// Creates the default options.
    public init() {}

    /// Whether `argument` is an option (`-c`, `--kind`), not a value: a path that starts with
    /// `-` is written `./-c`; `-` alone is a value.
    static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        func value(for name: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw .missingValue(name) }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            options.given.insert(name)
            switch name {
            case "--file":
                let file = try value(for: name, inline: inline)
                // `--file -c list`: the path was left out, and the next option taken for it.
                if file == "" || (inline == nil && isOption(file)) { throw .missingValue(name) }
                options.file = file
            case "-c", "--command": options.commands.append(try value(for: name, inline: inline))
            case "-f", "--script": options.script = try value(for: name, inline: inline)
            case "--kind":
                let text = try value(for: name, inline: inline)
                guard let kind = ListKind.named(text) else {
                    throw .invalidValue(name, text, ListKind.all.map(\.name))
                }
                options.kind = kind
            case "--format":
                let text = try value(for: name, inline: inline)
                guard let format = OutputFormat(rawValue: text.lowercased()) else {
                    throw .invalidValue(name, text, OutputFormat.allCases.map(\.rawValue))
                }
                options.format = format
            case "--color", "--colour":
                let text = try value(for: name, inline: inline)
                guard let choice = ColorChoice(rawValue: text.lowercased()) else {
                    throw .invalidValue(name, text, ColorChoice.allCases.map(\.rawValue))
                }
                options.color = choice
            case "--completion":
                let text = try value(for: name, inline: inline)
                guard let shell = CompletionScript.Shell(rawValue: text.lowercased()) else {
                    throw .invalidValue(name, text, CompletionScript.Shell.allCases.map(\.rawValue))
                }
                options.completion = shell
            case "--print-config": options.printConfig = true
            case "--no-pager": options.pager = .off
            case "--bail": options.bail = true
            case "--autosave": options.autosave = true
            case "--no-autosave": options.autosave = false
            case "-h", "--help": options.help = true
            case "--version": options.version = true
            case "--":
                index += 1
                while index < arguments.count {
                    try options.setFile(arguments[index])
                    index += 1
                }
                return options
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    let names = Self.optionNames
                    throw .unknownOption(argument, suggestion: Suggestion.closest(to: name, in: names))
                }
                try options.setFile(argument)
            }
            index += 1
        }
        if options.script != nil, !options.commands.isEmpty { throw .conflicting("-c", "-f") }
        return options
    }

    private mutating func setFile(_ path: String) throws(UsageError) {
        if let file { throw .extraArgument(path, after: file) }
        // An empty argument (an unset variable in "$LIST") is no list, not the default one.
        guard !path.isEmpty else { throw .emptyFile }
        file = path
    }

    /// Every option name, for suggestions.
    static let optionNames = [
        "--file", "-c", "--command", "-f", "--script", "--kind", "--format", "--bail", "--autosave", "--no-autosave",
        "-h", "--help",
        "--version", "--color", "--completion", "--print-config", "--no-pager",
    ]
}

/// A command line that could not be understood; the program exits with status 2.
public enum UsageError: Error, Equatable, Sendable {
    /// An option that does not exist.
    case unknownOption(String, suggestion: String?)
    /// An option that needs a value came last.
    case missingValue(String)
    /// An option's value is not one of the allowed ones.
    case invalidValue(String, String, [String])
    /// Two options that cannot go together.
    case conflicting(String, String)
    /// More than one file was named: the second, after the first.
    case extraArgument(String, after: String)
    /// The list was given as an empty argument (`directory ""`).
    case emptyFile

    /// The message for the user.
    public var message: String {
        switch self {
        case .unknownOption(let option, let suggestion?):
            return "unknown option '\(option)'; did you mean '\(suggestion)'?"
        case .unknownOption(let option, nil): return "unknown option '\(option)'"
        case .missingValue(let option): return "\(option) needs a value"
        case .invalidValue(let option, let value, let choices):
            return "\(option) takes \(choices.joined(separator: ", ")), not '\(value)'"
        case .conflicting(let first, let second): return "\(first) and \(second) cannot be used together"
        case .extraArgument(let argument, let first):
            // `directory find briggs`, as psql and sqlite3 take a command after the database.
            guard CommandTable.spec(named: first) != nil else {
                return "only one file can be opened; unexpected '\(argument)'"
            }
            return "only one file can be opened; unexpected '\(argument)'. To run a command, give it with -c: "
                + "directory -c '\(first) \(argument)'"
        case .emptyFile: return "the list to open is an empty argument; give a file path or a connection string"
        }
    }
}
