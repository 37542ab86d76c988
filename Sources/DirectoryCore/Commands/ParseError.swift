/// Why a line is not a command. Each message says what to do instead.
public enum ParseError: Error, Equatable, Sendable {
    /// The first word names no command; `suggestion` is the nearest one.
    case unknownCommand(String, suggestion: String?)
    /// The first word is sqlite3's or psql's (`.mode`, `\pset`); `hint` says what does its work here.
    case foreignCommand(String, hint: String)
    /// The command needs an argument it did not get.
    case missingArgument(command: String, usage: String, hint: String)
    /// The command takes no argument (or fewer than it got).
    case unexpectedArgument(command: String, usage: String, argument: String)
    /// A record number is not a positive whole number.
    case invalidNumber(String, usage: String)
    /// A count (`history N`) is not a whole number of zero or more.
    case invalidCount(String, usage: String)
    /// A kept version's number (`restore N`) is not a whole number of one or more.
    case invalidVersion(String, usage: String)
    /// A history reference (`!!`, `!3`, `!set`) where there is no history: in a script.
    case historyReference(String)
    /// A range's start is after its end (`4-2`).
    case invalidRange(String)
    /// A range spelled as another tool spells it (`2..4`, `-3`); `suggestion` is this one's spelling.
    case rangeSpelling(String, suggestion: String)
    /// A double-quoted value has no closing quote.
    case unterminatedQuote
    /// Text follows the closing quote of a quoted value.
    case textAfterQuote(String)
    /// A backslash escape inside double quotes is not one of the known ones.
    case invalidEscape(String)
    /// A `#` that is not followed by 4 to 32 hex digits of an id.
    case invalidIDPrefix(String)
    /// The argument is not one of the allowed words.
    case invalidChoice(command: String, value: String, choices: [String])
    /// A word starting with `--` that is not one of the command's options.
    case unknownOption(command: String, option: String, options: [String], usage: String)

    /// The message for the user: lower-case, saying what was wrong and what to do.
    public var message: String {
        switch self {
        case .unknownCommand(let name, let suggestion?):
            return "unknown command '\(name)'; did you mean '\(suggestion)'?"
        case .unknownCommand(let name, nil):
            return "unknown command '\(name)'; type 'help' for a list of commands"
        case .foreignCommand(let name, let hint):
            return "unknown command '\(name)'; here, \(hint)"
        case .missingArgument(let command, let usage, let hint):
            return "\(command) needs \(hint); usage: \(usage)"
        case .unexpectedArgument(let command, let usage, let argument):
            return "\(command) takes no argument '\(argument)'; usage: \(usage)"
        case .invalidNumber(let text, let usage):
            return "'\(text)' is not a record number (use the numbers that list shows); usage: \(usage)"
        case .invalidCount(let text, let usage):
            return "'\(text)' is not a number of lines; usage: \(usage)"
        case .invalidVersion(let text, let usage):
            return "'\(text)' is not a version's number (use the numbers that versions shows); usage: \(usage)"
        case .historyReference(let text):
            return "'\(text)' recalls a line of the history, which only the interactive prompt has; "
                + "write the command out"
        case .invalidRange(let text):
            return "the range '\(text)' runs backwards; write the smaller number first, e.g. 2-4"
        case .rangeSpelling(let text, let suggestion):
            return "'\(text)' is not a range here; write \(suggestion) (a range is N-M, first to last)"
        case .unterminatedQuote:
            return "the value has no closing \"; end it with \" or drop the opening quote"
        case .textAfterQuote(let rest):
            return "unexpected text '\(rest)' after the closing quote; put the whole value inside the quotes"
        case .invalidEscape(let escape):
            return "unknown escape '\(escape)' inside double quotes; use \\\\ for a backslash"
        case .invalidIDPrefix(let word):
            return "'\(word)' is not a record id: write # and at least \(RecordIDPrefix.minimumDigits) hex digits "
                + "of the id that show prints, e.g. #E621"
        case .invalidChoice(let command, let value, let choices):
            return "\(command) takes \(choices.joined(separator: " or ")), not '\(value)'"
        case .unknownOption(let command, let option, let options, let usage):
            let known =
                options.count == 1
                ? "its only option is \(options[0])" : "its options are \(options.joined(separator: ", "))"
            return
                "\(command) has no option '\(option)' (\(known); a file of that name is ./\(option)); usage: \(usage)"
        }
    }
}
