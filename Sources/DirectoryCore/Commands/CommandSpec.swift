/// What `help` says about a command, and what its arguments are, so that the
/// parser, `help` and completion all work from one table.
public struct CommandSpec: Sendable {
    /// What kind of argument a command takes, for completion.
    public enum Argument: Sendable, Equatable {
        /// No argument.
        case none
        /// A field name, then a value (`set`).
        case field
        /// Record numbers or names (`edit`, `delete`).
        case records
        /// Free text (`new`, `find`).
        case text
        /// A file path (`open`, `save as`).
        case path
        /// A command name (`help`).
        case command
        /// One of a few words (`autosave on|off`).
        case choice([String])
        /// A field name, then an optional word (`sort FIELD [desc]`).
        case fieldName
    }

    /// The command's name.
    public let name: String
    /// Other names that mean the same (`ls` for `list`).
    public let aliases: [String]
    /// The usage line: `set FIELD VALUE`.
    public let usage: String
    /// One line for the `help` overview.
    public let summary: String
    /// A paragraph for `help COMMAND`.
    public let details: String
    /// Example lines for `help COMMAND` and the docs.
    public let examples: [String]
    /// What its argument is.
    public let argument: Argument
    /// Whether the command is only for some kinds of list (`done` for bucket lists); `nil` for all.
    public let kinds: [String]?

    /// Creates a command description.
    public init(
        name: String, aliases: [String] = [], usage: String, summary: String, details: String,
        examples: [String] = [], argument: Argument = .none, kinds: [String]? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.details = details
        self.examples = examples
        self.argument = argument
        self.kinds = kinds
    }

    /// The name and every alias.
    public var allNames: [String] { [name] + aliases }
}
