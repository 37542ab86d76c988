import Foundation
import Testing

@testable import DirectoryCLI

@Suite("Shell completion")
struct CompletionTests {
    /// One command line being typed (ending where Tab is pressed) and the completions bash must offer.
    struct Case: CustomTestStringConvertible, Sendable {
        let words: [String]
        let expected: [String]
        var testDescription: String { words.joined(separator: " ") + "<Tab>" }
    }

    static let cases: [Case] = [
        Case(words: ["directory", "--fo"], expected: ["--format"]),
        Case(words: ["directory", "--c"], expected: ["--command", "--color", "--completion"]),
        Case(words: ["directory", "--kind", ""], expected: ["person", "bucket"]),
        Case(words: ["directory", "--kind", "=", "b"], expected: ["bucket"]),
        Case(words: ["directory", "--format", "j"], expected: ["json"]),
        Case(words: ["directory", "--color", "a"], expected: ["auto", "always"]),
        Case(words: ["directory", "--completion", ""], expected: ["bash", "zsh", "fish"]),
        Case(words: ["directory", "--file", "peo"], expected: ["people.plist", "people two.json"]),
        Case(words: ["directory", "-f", "s"], expected: ["setup.txt"]),
        Case(words: ["directory", "-c", "ed"], expected: ["edit", "editor"]),
        Case(words: ["directory", "--command", "re"], expected: ["revert", "refresh", "redo", "recover", "restore"]),
        Case(words: ["directory", "-c", "sor"], expected: ["sort"]),
    ]

    @Test("bash completes flags, --kind/--format/--color values and --file names", arguments: cases)
    func bashCompletes(_ example: Case) throws {
        let folder = TemporaryFolder()
        for name in ["people.plist", "people two.json", "setup.txt"] {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data())
        }
        let words = example.words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <("$DIRECTORY" --completion bash) || exit 3
            COMP_WORDS=(\(words)); COMP_CWORD=\(example.words.count - 1)
            _directory
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try ToolRun.run("/bin/bash", ["-c", script], in: folder)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let offered = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(offered.sorted() == example.expected.sorted())
    }

    @Test("bash offers every command-line option after --")
    func bashOffersEveryOption() throws {
        let folder = TemporaryFolder()
        let script = """
            source <("$DIRECTORY" --completion bash)
            COMP_WORDS=(directory -); COMP_CWORD=1; _directory; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try ToolRun.run("/bin/bash", ["-c", script], in: folder)
        #expect(Set(run.standardOutput.split(separator: "\n").map(String.init)) == Set(Options.optionNames))
    }

    @Test("zsh loads its script and registers the completion", .enabled(if: ToolRun.exists("/usr/bin/zsh")))
    func zshRegisters() throws {
        let folder = TemporaryFolder()
        let script = """
            autoload -U compinit && compinit -u -D
            source <("$DIRECTORY" --completion zsh)
            print -r -- $_comps[directory]
            """
        let run = try ToolRun.run("/usr/bin/zsh", ["-f", "-c", script], in: folder)
        #expect(run.standardOutput == "_directory\n")
    }

    @Test(
        "zsh completes flags, --kind/--color values and file names at a real prompt",
        .enabled(if: ToolRun.exists("/usr/bin/zsh"), "zsh is not installed (Debian: apt-get install zsh)"))
    func zshCompletesAtThePrompt() throws {
        let folder = TemporaryFolder()
        for name in ["people.plist", "setup.txt"] {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data())
        }
        let programFolder = BuiltProgram.url.deletingLastPathComponent().path
        let zsh = try PseudoTerminal(
            ["-f", "-i"], program: "/usr/bin/zsh", folder: folder,
            environment: ["PATH": programFolder + ":/usr/bin:/bin", "PS1": "zsh%# "])
        #expect(zsh.waitFor("zsh"))
        zsh.type(
            "cd '\(folder.path)' && autoload -U compinit && compinit -u -D && source <(directory --completion zsh)")
        zsh.press(.enter)
        zsh.type("echo loaded-$_comps[directory]")
        zsh.press(.enter)
        #expect(zsh.waitFor("loaded-_directory"))
        let cases: [(typed: String, shown: String)] = [
            ("directory --fo", "directory --format="),
            ("directory --kind ", "bucket  person"),
            ("directory --color ", "always  auto    never"),
            ("directory -f se", "directory -f setup.txt"),
            ("directory --file peo", "directory --file people.plist"),
            ("directory -c edit", "edit    editor"),
            ("directory -c sor", "directory -c sort"),
        ]
        for example in cases {
            zsh.type(example.typed)
            zsh.press(.tab)
            #expect(zsh.waitFor(example.shown), "\(example.typed)<Tab>")
            zsh.press(.controlU)
        }
        zsh.type("exit")
        zsh.press(.enter)
        #expect(zsh.waitForExit() == 0)
    }

    /// One command line being typed (ending where Tab is pressed) and the completions fish must offer.
    static let fishCases: [Case] = [
        Case(words: ["directory", "--fo"], expected: ["--format"]),
        Case(words: ["directory", "--c"], expected: ["--command", "--color", "--completion"]),
        Case(words: ["directory", "--kind", ""], expected: ["person", "bucket"]),
        Case(words: ["directory", "--kind="], expected: ["--kind=person", "--kind=bucket"]),
        Case(words: ["directory", "--format", "j"], expected: ["json"]),
        Case(words: ["directory", "--color", "a"], expected: ["auto", "always"]),
        Case(words: ["directory", "--completion", ""], expected: ["bash", "zsh", "fish"]),
        Case(words: ["directory", "--file", "peo"], expected: ["people.plist", "people two.json"]),
        Case(words: ["directory", "-f", "s"], expected: ["setup.txt"]),
        Case(words: ["directory", "s"], expected: ["setup.txt"]),
        Case(words: ["directory", "-c", "ed"], expected: ["edit", "editor"]),
        Case(words: ["directory", "--command", "re"], expected: ["revert", "refresh", "redo", "recover", "restore"]),
    ]

    @Test(
        "fish completes flags, --kind/--format/--color values, commands and file names",
        .enabled(if: ToolRun.exists("/usr/bin/fish"), "fish is not installed (Debian: apt-get install fish)"),
        arguments: fishCases)
    func fishCompletes(_ example: Case) throws {
        let folder = TemporaryFolder()
        for name in ["people.plist", "people two.json", "setup.txt"] {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data())
        }
        // What is typed, quoted for fish: a word in single quotes, with the last one left open
        // when it is empty so that Tab completes a new word.
        let typed = example.words.map { $0.isEmpty ? "" : CompletionScript.fishQuoted($0) }.joined(separator: " ")
        let script = """
            "$DIRECTORY" --completion fish | source; or exit 3
            complete --do-complete \(CompletionScript.fishQuoted(typed))
            """
        let run = try ToolRun.run("/usr/bin/fish", ["--no-config", "-c", script], in: folder)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        let offered = run.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(offered.sorted() == example.expected.sorted())
    }

    @Test(
        "fish offers every command-line option, each with its help",
        .enabled(if: ToolRun.exists("/usr/bin/fish"), "fish is not installed (Debian: apt-get install fish)"))
    func fishOffersEveryOption() throws {
        let folder = TemporaryFolder()
        let script = """
            "$DIRECTORY" --completion fish | source
            complete --do-complete 'directory -'
            """
        let run = try ToolRun.run("/usr/bin/fish", ["--no-config", "-c", script], in: folder)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let offered = Set(lines.map { String($0.prefix { $0 != "\t" }) })
        #expect(offered == Set(Options.optionNames))
        #expect(lines.contains("--kind\tthe kind of list"))
    }

    @Test("fish's script quotes help and words as fish reads them")
    func fishQuoting() {
        #expect(CompletionScript.fishQuoted("the list to open") == "'the list to open'")
        #expect(CompletionScript.fishQuoted("it's a \\ here") == "'it\\'s a \\\\ here'")
    }

    @Test("an unknown shell is a usage error, status 2")
    func unknownShell() throws {
        let run = try ProgramRun.run(["--completion", "tcsh"], folder: TemporaryFolder())
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("directory: --completion takes bash, zsh, fish, not 'tcsh'\n"))
    }
}
