import Foundation
import Testing

@testable import DirectoryCLI

@Suite("Colour")
struct ColorTests {
    /// One situation and whether `auto` colours in it.
    struct Case: CustomTestStringConvertible, Sendable {
        let terminal: Bool
        let environment: [String: String]
        let colours: Bool
        var testDescription: String { "terminal \(terminal), \(environment)" }
    }

    static let cases: [Case] = [
        Case(terminal: true, environment: ["TERM": "xterm-256color"], colours: true),
        Case(terminal: false, environment: ["TERM": "xterm-256color"], colours: false),
        Case(terminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"], colours: false),
        Case(terminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""], colours: true),
        Case(terminal: true, environment: ["TERM": "dumb"], colours: false),
        Case(terminal: true, environment: [:], colours: false),
    ]

    @Test("auto colours only a terminal, without NO_COLOR, with a TERM that is not dumb", arguments: cases)
    func autoDecides(_ example: Case) {
        #expect(
            ColorChoice.auto.enabled(isTerminal: example.terminal, environment: example.environment) == example.colours)
    }

    @Test("always and never ignore the terminal and NO_COLOR")
    func explicitChoicesWin() {
        #expect(ColorChoice.always.enabled(isTerminal: false, environment: ["NO_COLOR": "1", "TERM": "dumb"]))
        #expect(!ColorChoice.never.enabled(isTerminal: true, environment: ["TERM": "xterm"]))
    }

    @Test("--color=always colours list numbers and error prefixes; JSON stays plain")
    func alwaysColours() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--color=always", "-c", "list", "-c", "bogus"], folder: folder)
        #expect(run.standardOutput.hasPrefix("  \u{1B}[2m1\u{1B}[0m  Acacia Ackles"))
        #expect(run.standardError.hasPrefix("\u{1B}[1;31mdirectory: -c #2: \u{1B}[0munknown command"))
        let json = try ProgramRun.run(["--color=always", "--format", "json", "-c", "list"], folder: folder)
        #expect(!json.standardOutput.contains("\u{1B}"))
    }

    @Test(
        "at a terminal, output is coloured, and with NO_COLOR=1 it has no escape codes",
        .enabled(if: ToolRun.exists("/usr/bin/script")))
    func noColorAtTerminal() throws {
        let folder = TemporaryFolder()
        let command = "\"$DIRECTORY\" -c list -c show"
        let coloured = try ToolRun.run(
            "/usr/bin/script", ["-qec", command, "/dev/null"], in: folder, environment: ["TERM": "xterm"])
        #expect(coloured.standardOutput.contains("\u{1B}[2m1\u{1B}[0m"))
        let plain = try ToolRun.run(
            "/usr/bin/script", ["-qec", command, "/dev/null"], in: folder,
            environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(plain.standardOutput.contains("Acacia Ackles"))
        #expect(!plain.standardOutput.contains("\u{1B}["))
    }
}
