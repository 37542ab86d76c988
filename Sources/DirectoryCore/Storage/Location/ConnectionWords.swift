/// The `keyword = value` words of a libpq keyword/value connection string, read as libpq
/// reads them: spaces around `=` allowed, a value either single-quoted (with `\'` and
/// `\\` escapes) or running to the next space (with backslash escapes).
struct ConnectionWords {
    /// One word: its keyword and its whole text as written (`password = 'a b'`).
    struct Word {
        /// The keyword, as written.
        var key: String
        /// The word's text in the string, keyword, `=` and value.
        var text: String
    }

    /// The words of `text`; a trailing keyword without `=` is a word of its own.
    static func parse(_ text: String) -> [Word] {
        let characters = Array(text)
        var words: [Word] = []
        var index = 0
        func skipSpaces() { while index < characters.count, characters[index].isWhitespace { index += 1 } }
        while true {
            skipSpaces()
            guard index < characters.count else { break }
            let start = index
            while index < characters.count, characters[index] != "=", !characters[index].isWhitespace { index += 1 }
            let key = String(characters[start..<index])
            skipSpaces()
            guard index < characters.count, characters[index] == "=" else {
                words.append(Word(key: key, text: String(characters[start..<index])))
                continue
            }
            index += 1
            skipSpaces()
            if index < characters.count, characters[index] == "'" {
                index += 1
                while index < characters.count, characters[index] != "'" {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index = min(index + 1, characters.count)
            } else {
                while index < characters.count, !characters[index].isWhitespace {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index = min(index, characters.count)
            }
            words.append(Word(key: key, text: String(characters[start..<index])))
        }
        return words
    }
}
