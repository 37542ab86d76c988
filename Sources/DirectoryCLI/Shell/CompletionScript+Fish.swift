extension CompletionScript {
    /// The fish script: one `complete` line per flag. fish completes file names for the
    /// FILE argument by itself; a flag that takes a word or free text turns that off (`-x`).
    static var fish: String {
        var lines: [String] = []
        for flag in CompletionFlag.all {
            var line = "complete -c directory"
            for name in flag.names {
                line += name.hasPrefix("--") ? " -l " + name.dropFirst(2) : " -s " + name.dropFirst()
            }
            switch flag.value {
            case .none: break
            case .file: line += " -r -F"
            case .words(let words): line += " -x -a " + fishQuoted(words.joined(separator: " "))
            case .text: line += " -x"
            }
            lines.append(line + " -d " + fishQuoted(flag.help))
        }
        return """
            # fish completion for directory. Load it with
            #   directory --completion fish | source
            # or save it as ~/.config/fish/completions/directory.fish
            complete -c directory -e
            \(lines.joined(separator: "\n"))

            """
    }

    /// `text` as one fish word in single quotes, where only `\\` and `'` are special.
    static func fishQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}
