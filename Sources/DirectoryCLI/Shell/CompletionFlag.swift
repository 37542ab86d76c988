import DirectoryCore

/// One command-line flag as shell completion knows it: its names, what value
/// it takes, and a few words of help. `CompletionScript` writes both shells'
/// scripts from this one list.
struct CompletionFlag {
    /// What follows the flag.
    enum Value: Equatable {
        /// Nothing: the flag stands alone.
        case none
        /// A file name.
        case file
        /// One of a few words.
        case words([String])
        /// Free text, not completed.
        case text
    }

    /// The flag's names: `["-c", "--command"]`.
    let names: [String]
    /// What follows it.
    let value: Value
    /// A few words for zsh's menu.
    let help: String
    /// Whether it may be given more than once (`-c`).
    var repeatable = false

    /// Every flag of `directory`, in the order of its usage text.
    static let all: [CompletionFlag] = [
        CompletionFlag(names: ["--file"], value: .file, help: "the list to open"),
        CompletionFlag(names: ["--kind"], value: .words(ListKind.all.map(\.name)), help: "the kind of list"),
        CompletionFlag(
            names: ["-c", "--command"], value: .words(commandNames), help: "run a command, then exit",
            repeatable: true),
        CompletionFlag(names: ["-f", "--script"], value: .file, help: "run the commands in a file"),
        CompletionFlag(
            names: ["--format"], value: .words(OutputFormat.allCases.map(\.rawValue)), help: "how records print"),
        CompletionFlag(
            names: ["--color"], value: .words(ColorChoice.allCases.map(\.rawValue)), help: "when to colour output"),
        CompletionFlag(names: ["--bail"], value: .none, help: "stop at the first failing command"),
        CompletionFlag(names: ["--autosave"], value: .none, help: "save after every change"),
        CompletionFlag(names: ["--no-autosave"], value: .none, help: "wait for save, whatever the config file says"),
        CompletionFlag(
            names: ["--completion"], value: .words(CompletionScript.Shell.allCases.map(\.rawValue)),
            help: "print a shell completion script"),
        CompletionFlag(names: ["--no-pager"], value: .none, help: "print long output at the prompt without a pager"),
        CompletionFlag(names: ["--print-config"], value: .none, help: "show the settings and their origins"),
        CompletionFlag(names: ["-h", "--help"], value: .none, help: "show the usage"),
        CompletionFlag(names: ["--version"], value: .none, help: "show the version"),
    ]

    /// The commands `-c` offers: every command name and word alias (`ls`, `rm`, `exit`), not the
    /// `!` forms or the psql and sqlite3 quit names.
    static var commandNames: [String] {
        CommandTable.all.flatMap(\.allNames).filter { $0.allSatisfy(\.isLetter) }
    }
}
