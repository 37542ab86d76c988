/// Finds what Tab can complete: command names, field names and values after `set`,
/// records after `edit`, `delete` and `find`, values after `find FIELD:`, `today` after
/// `done`, paths after `open`, `save as`, `source`,
/// and `import FORMAT` and `export FORMAT` (after their options).
/// Every name comes from `CommandTable` and the list's kind.
public struct Completer {
    /// The kind of the open list (its fields, and which commands apply).
    public var kind: ListKind
    /// The open list's records, for numbers and names.
    public var records: RecordList
    /// Lists a folder (already tilde-expanded; `.` for the working folder).
    public var listFolder: (String) -> [FolderEntry]
    /// Expands a leading `~/` in a path.
    public var expandingTilde: (String) -> String

    /// Creates a completer for a list; folders are read with `listFolder`.
    public init(
        kind: ListKind, records: RecordList, listFolder: @escaping (String) -> [FolderEntry],
        expandingTilde: @escaping (String) -> String = { $0 }
    ) {
        self.kind = kind
        self.records = records
        self.listFolder = listFolder
        self.expandingTilde = expandingTilde
    }

    /// The candidates for the line up to the cursor.
    public func complete(_ linePrefix: String) -> Completion {
        let line = linePrefix.drop { CommandParser.isSpace($0) }
        guard let nameEnd = line.firstIndex(where: CommandParser.isSpace) else {
            return words(commandNames, for: String(line))
        }
        let name = String(line[..<nameEnd])
        let argument = String(line[nameEnd...].drop { CommandParser.isSpace($0) })
        guard let spec = CommandTable.spec(named: name) else { return .none }
        switch spec.argument {
        case .field:
            guard let space = argument.firstIndex(where: CommandParser.isSpace) else {
                return words(kind.fieldNames, for: argument)
            }
            let value = argument[space...].drop { CommandParser.isSpace($0) }
            return fieldValues(of: String(argument[..<space]), startingWith: String(value))
        case .records:
            // list and move take numbers only, not names.
            if spec.name == "list" || spec.name == "move", !(argument.first.map { $0.isASCII && $0.isNumber } ?? false)
            {
                return .none
            }
            return recordReferences(argument, several: spec.name != "edit")
        case .text where spec.name == "find":
            return findFieldValues(argument) ?? recordNames(argument)
        case .text where spec.name == "done":
            return words(Self.dateWords(clearing: false), for: argument)
        case .path where spec.name == "save":
            guard let space = argument.firstIndex(where: CommandParser.isSpace) else {
                return words(["as"], for: argument)
            }
            guard argument[..<space] == "as" else { return .none }
            return paths(String(argument[space...].drop { CommandParser.isSpace($0) }))
        case .path where spec.name == "merge":
            var rest = Substring(argument)
            var words = ["conflicts", "--keep"]
            if rest.hasPrefix("--keep"), let space = rest.firstIndex(where: CommandParser.isSpace) {
                rest = rest[space...].drop { CommandParser.isSpace($0) }
                words = ["conflicts"]
            }
            let files = paths(String(rest))
            let offered = words.filter { $0.hasPrefix(rest) }.map { Completion.Candidate(text: $0) }
            return Completion(word: files.word, candidates: offered + files.candidates)
        case .path:
            return paths(argument)
        case .command:
            return words(commandNames, for: argument)
        case .choice(let choices) where spec.name == "import" || spec.name == "export":
            guard let space = argument.firstIndex(where: CommandParser.isSpace) else {
                return words(choices, for: argument)
            }
            return exchangeArguments(argument[space...].drop { CommandParser.isSpace($0) })
        case .choice(let choices):
            return words(choices, for: argument)
        case .fieldName:
            guard let space = argument.firstIndex(where: CommandParser.isSpace) else {
                return words(kind.fieldNames, for: argument)
            }
            return words(["asc", "desc"], for: String(argument[space...].drop { CommandParser.isSpace($0) }))
        case .none, .text:
            return .none
        }
    }

    /// Command names and word aliases (`ls`, `rm`, `exit`) that apply to this kind of list;
    /// not the `!` forms.
    public var commandNames: [String] {
        CommandTable.all.filter { $0.kinds?.contains(kind.name) ?? true }
            .flatMap(\.allNames)
            .filter { $0.allSatisfy(\.isLetter) }
    }

    /// The words that start with `word`.
    func words(_ choices: [String], for word: String) -> Completion {
        Completion(word: word, candidates: choices.filter { $0.hasPrefix(word) }.map { .init(text: $0) })
    }

    /// Record numbers (when the word starts with a digit) or names.
    private func recordReferences(_ argument: String, several: Bool) -> Completion {
        guard let first = argument.first, first.isASCII, first.isNumber else { return recordNames(argument) }
        var word = argument
        if several, let separator = argument.lastIndex(where: { CommandParser.isSpace($0) || $0 == "," }) {
            word = String(argument[argument.index(after: separator)...])
        }
        guard word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .none }
        let candidates = Self.numbers(startingWith: word, upTo: records.count).map { number in
            Completion.Candidate(text: String(number), display: String(number) + " " + title(of: number - 1))
        }
        return Completion(word: word, candidates: candidates)
    }

    /// The numbers from 1 to `count` whose digits start with `digits`, ascending: `digits`
    /// itself, then each range one digit longer (`12`, `120...129`, `1200...1299`), so a
    /// million records are not counted through one by one.
    static func numbers(startingWith digits: String, upTo count: Int) -> [Int] {
        guard count > 0 else { return [] }
        if digits.isEmpty { return Array(1...count) }
        guard !digits.hasPrefix("0"), var low = Int(digits) else { return [] }
        var high = low
        var numbers: [Int] = []
        while low <= count {
            numbers.append(contentsOf: low...min(high, count))
            let (nextLow, lowOverflow) = low.multipliedReportingOverflow(by: 10)
            let (nextHigh, highOverflow) = high.multipliedReportingOverflow(by: 10)
            guard !lowOverflow, !highOverflow, nextHigh <= Int.max - 9 else { break }
            (low, high) = (nextLow, nextHigh + 9)
        }
        return numbers
    }

    /// The names of records that start with `word`, ignoring case and accents.
    private func recordNames(_ word: String) -> Completion {
        let names = distinctValues(of: kind.titleField, startingWith: word) { _ in true }
        return Completion(word: word, candidates: names.map { .init(text: $0) })
    }

    /// The name of the record at `index`.
    private func title(of index: Int) -> String {
        guard records.indices.contains(index) else { return "" }
        return records.value(at: index, field: kind.titleField).text ?? ""
    }

    /// After `import FORMAT` or `export FORMAT`: an option, the value of `--separator`, or the path.
    private func exchangeArguments(_ text: Substring) -> Completion {
        var rest = text
        while rest.hasPrefix("--") {
            guard let end = rest.firstIndex(where: CommandParser.isSpace) else {
                return words(["--partial", "--separator"], for: String(rest))
            }
            let option = rest[..<end]
            rest = rest[end...].drop { CommandParser.isSpace($0) }
            guard option == "--separator" else { continue }
            guard let valueEnd = rest.firstIndex(where: CommandParser.isSpace) else {
                return words(ExchangeOptions.separators.map(\.name), for: String(rest))
            }
            rest = rest[valueEnd...].drop { CommandParser.isSpace($0) }
        }
        return paths(String(rest))
    }

    /// Files and folders whose path starts with `word`.
    private func paths(_ word: String) -> Completion {
        let folder = word.lastIndex(of: "/").map { String(word[...$0]) } ?? ""
        let prefix = String(word.dropFirst(folder.count))
        let listed = listFolder(folder.isEmpty ? "." : expandingTilde(folder))
        let candidates = listed.filter { entry in
            entry.name.hasPrefix(prefix) && entry.name != "." && entry.name != ".."
                && (prefix.hasPrefix(".") || !entry.name.hasPrefix("."))
        }
        .sorted { $0.name < $1.name }
        .map { entry in
            Completion.Candidate(
                text: folder + entry.name, terminator: entry.isFolder ? "/" : " ",
                display: entry.name + (entry.isFolder ? "/" : ""))
        }
        return Completion(word: word, candidates: candidates)
    }
}

/// One entry of a folder, as a path completion sees it.
public struct FolderEntry: Equatable, Sendable {
    /// The entry's name, without its folder.
    public var name: String
    /// Whether it is a folder (completed with `/`).
    public var isFolder: Bool

    /// Creates an entry.
    public init(name: String, isFolder: Bool) {
        self.name = name
        self.isFolder = isFolder
    }
}
