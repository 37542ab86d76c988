/// The shell completion scripts `directory --completion bash|zsh|fish` prints:
/// flags, the values of `--kind`, `--format`, `--color` and `--completion`,
/// and file names for `--file`, `-f` and the FILE argument.
public enum CompletionScript {
    /// The shells there is a script for.
    public enum Shell: String, Equatable, Sendable, CaseIterable {
        /// GNU bash 4 or later.
        case bash
        /// zsh with `compinit`.
        case zsh
        /// fish 3 or later.
        case fish
    }

    /// The script for `shell`.
    public static func text(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    /// The bash script: a `_directory` function registered with `complete -F`.
    static var bash: String {
        var cases: [String] = []
        for flag in CompletionFlag.all where flag.value != .none {
            let pattern = flag.names.joined(separator: "|")
            switch flag.value {
            case .file:
                cases.append("        \(pattern)) _directory_files; return 0 ;;")
            case .words(let words):
                cases.append(
                    "        \(pattern)) COMPREPLY=($(IFS=' '; compgen -P \"$prefix\" -W \"\(words.joined(separator: " "))\" "
                        + "-- \"$cur\")); return 0 ;;")
            case .text, .none:
                cases.append("        \(pattern)) COMPREPLY=(); return 0 ;;")
            }
        }
        let flags = CompletionFlag.all.flatMap(\.names).joined(separator: " ")
        return """
            # bash completion for directory. Load it with
            #   source <(directory --completion bash)
            # or save it as ~/.local/share/bash-completion/completions/directory
            _directory_files() {
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -P "$prefix" -f -- "$cur"))
            }
            _directory() {
                local IFS=$'\\n'
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="" prefix=""
                if (( COMP_CWORD > 0 )); then prev="${COMP_WORDS[COMP_CWORD-1]}"; fi
                if [[ "$cur" == "=" ]]; then
                    cur=""
                elif [[ "$prev" == "=" ]] && (( COMP_CWORD > 1 )); then
                    prev="${COMP_WORDS[COMP_CWORD-2]}"
                elif [[ "$cur" == --*=* ]]; then
                    prev="${cur%%=*}"; cur="${cur#*=}"; prefix="$prev="
                fi
                case "$prev" in
            \(cases.joined(separator: "\n"))
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(IFS=' '; compgen -W "\(flags)" -- "$cur"))
                    return 0
                fi
                _directory_files
            }
            complete -F _directory directory

            """
    }

    /// The zsh script: an `_arguments` specification, usable from `$fpath` or sourced.
    static var zsh: String {
        var specs: [String] = []
        for flag in CompletionFlag.all {
            let action: String
            switch flag.value {
            case .none: action = ""
            case .file: action = ":file:_files"
            case .words(let words): action = ":value:(\(words.joined(separator: " ")))"
            case .text: action = ":command: "
            }
            for name in flag.names {
                let takesValue = flag.value != .none
                let suffix = takesValue ? (name.hasPrefix("--") ? "=" : "+") : ""
                let repetition = flag.repeatable ? "*" : ""
                specs.append("    '\(repetition)\(name)\(suffix)[\(flag.help)]\(action)' \\")
            }
        }
        return """
            #compdef directory
            # zsh completion for directory. Load it (after compinit) with
            #   source <(directory --completion zsh)
            # or save it as _directory in a folder on $fpath.
            _directory() {
              _arguments -s -S \\
            \(specs.joined(separator: "\n"))
                ':file:_files'
            }
            if [[ "${funcstack[1]}" == "_directory" ]]; then
              _directory "$@"
            else
              compdef _directory directory
            fi

            """
    }
}
