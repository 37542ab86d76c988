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
        Case(words: ["directory", "--completion", ""], expected: ["bash", "zsh"]),
        Case(words: ["directory", "--file", "peo"], expected: ["people.plist", "people two.json"]),
        Case(words: ["directory", "-f", "s"], expected: ["setup.txt"]),
        Case(words: ["directory", "-c", ""], expected: []),
    ]

    @Test("bash completes flags, --kind/--format/--color values and --file names", arguments: cases)
    func bashCompletes(_ example: Case) throws {
        let folder = TemporaryFolder()
        for name in ["people.plist", "people two.json", "setup.txt"] {
            FileManager.default.createFile(atPath: folder.file(name), contents: Data())
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

    @Test("an unknown shell is a usage error, status 2")
    func unknownShell() throws {
        let run = try ProgramRun.run(["--completion", "fish"], folder: TemporaryFolder())
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("directory: --completion takes bash, zsh, not 'fish'\n"))
    }
}
