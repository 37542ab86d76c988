import DirectoryCore
import Foundation
import Testing

@testable import DirectoryCLI

@Suite("Man page")
struct ManPageTests {
    /// docs/directory.1 in this checkout.
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/directory.1").path

    /// The roff source of one `.SH` section, with `\-` read as `-`.
    static func section(_ name: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: ".SH \(name)") else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix(".SH ") } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    @Test("groff renders the man page without a single warning", .enabled(if: ToolRun.exists("/usr/bin/groff")))
    func rendersWithoutWarnings() throws {
        let folder = TemporaryFolder()
        let run = try ToolRun.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", Self.path], in: folder)
        #expect(run.status == 0)
        #expect(run.standardError == "")
    }

    @Test("it has the sections man-pages(7) asks for")
    func hasSections() throws {
        for name in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "FILES", "ENVIRONMENT", "EXIT STATUS",
            "EXAMPLES",
        ] {
            #expect(try !Self.section(name).isEmpty, "no section \(name)")
        }
    }

    @Test("every command of the command table has an entry under COMMANDS")
    func everyCommandIsDescribed() throws {
        let lines = try Self.section("COMMANDS")
        var entries = Set<String>()
        for (index, line) in lines.enumerated() where line == ".TP" && index + 1 < lines.count {
            let words = lines[index + 1].split(whereSeparator: { $0 == " " || $0 == "\"" })
            if let word = words.dropFirst().first { entries.insert(String(word)) }
        }
        for spec in CommandTable.all {
            #expect(entries.contains(spec.name), "the man page does not describe '\(spec.name)'")
        }
    }

    @Test("every command-line option is described under OPTIONS")
    func everyOptionIsDescribed() throws {
        let text = try Self.section("OPTIONS").joined(separator: "\n")
        for option in Options.optionNames {
            #expect(text.contains(option), "the man page does not describe \(option)")
        }
    }
}
