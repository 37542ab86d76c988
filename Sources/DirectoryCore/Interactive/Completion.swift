/// What Tab can offer for the word before the cursor, and what pressing it does.
public struct Completion: Equatable, Sendable {
    /// One way to finish the word.
    public struct Candidate: Equatable, Sendable {
        /// The word as it would be on the line.
        public var text: String
        /// What follows a unique match: a space after a word, `/` after a folder.
        public var terminator: String
        /// How the candidate is shown in a list of several.
        public var display: String

        /// Creates a candidate; `display` defaults to `text`.
        public init(text: String, terminator: String = " ", display: String? = nil) {
            self.text = text
            self.terminator = terminator
            self.display = display ?? text
        }
    }

    /// The word being completed: the text between its start and the cursor.
    public var word: String
    /// The candidates, in the order they are listed.
    public var candidates: [Candidate]

    /// Creates a completion.
    public init(word: String, candidates: [Candidate]) {
        self.word = word
        self.candidates = candidates
    }

    /// Nothing to offer.
    public static let none = Completion(word: "", candidates: [])

    /// What Tab does, as a shell does it: a unique match is completed (with its
    /// terminator); several are completed to their longest common prefix, and
    /// listed when that adds nothing.
    public var action: CompletionAction {
        guard let first = candidates.first else { return .none }
        if candidates.count == 1 { return replacement(with: first.text + first.terminator) }
        let prefix = candidates.dropFirst().reduce(first.text) { Self.commonPrefix($0, $1.text) }
        if prefix.count > word.count { return replacement(with: prefix) }
        return .list(candidates.map(\.display))
    }

    /// Replaces the word with `text`, keeping what was typed when `text` extends it.
    private func replacement(with text: String) -> CompletionAction {
        let typed = Array(word.unicodeScalars)
        let new = Array(text.unicodeScalars)
        if new.starts(with: typed) {
            guard new.count > typed.count else { return .none }
            return .replace(deleting: 0, inserting: String(String.UnicodeScalarView(new[typed.count...])))
        }
        return .replace(deleting: typed.count, inserting: text)
    }

    /// The longest common prefix of two strings, by character.
    static func commonPrefix(_ a: String, _ b: String) -> String {
        var result = ""
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            result.append(x)
        }
        return result
    }
}

/// What the line editor does when Tab is pressed.
public enum CompletionAction: Equatable, Sendable {
    /// Nothing to add: ring the bell.
    case none
    /// Delete `deleting` characters (Unicode scalars) before the cursor and insert `inserting`.
    case replace(deleting: Int, inserting: String)
    /// Show these candidates below the line.
    case list([String])
}
