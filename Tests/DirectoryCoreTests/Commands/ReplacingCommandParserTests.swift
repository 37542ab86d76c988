import Testing

@testable import DirectoryCore

@Suite("Command parser: refresh, save! as and export!")
struct ReplacingCommandParserTests {
    static let valid: [ParseCase] = [
        ParseCase(line: "refresh", expected: .refresh),
        ParseCase(line: "  refresh  ", expected: .refresh),
        ParseCase(line: "save as x.plist", expected: .saveAs(location: "x.plist", force: false)),
        ParseCase(line: "save! as x.plist", expected: .saveAs(location: "x.plist", force: true)),
        ParseCase(line: "save! as \"/tmp/a b.json\"", expected: .saveAs(location: "/tmp/a b.json", force: true)),
        ParseCase(line: "save as --xml x.plist", expected: .saveAs(location: "x.plist", format: .xmlPlist)),
        ParseCase(
            line: "save! as x.plist --xml", expected: .saveAs(location: "x.plist", force: true, format: .xmlPlist)),
        ParseCase(
            line: "save as --xml \"/tmp/a b.plist\"", expected: .saveAs(location: "/tmp/a b.plist", format: .xmlPlist)),
        ParseCase(line: "save as ./--xml", expected: .saveAs(location: "./--xml")),
        ParseCase(
            line: "export! csv people.csv",
            expected: .exportFile(.csv, path: "people.csv", options: .init(replace: true))),
        ParseCase(
            line: "export! csv --separator ; x.csv",
            expected: .exportFile(.csv, path: "x.csv", options: .init(separator: UInt8(ascii: ";"), replace: true))),
        ParseCase(
            line: "export json backup.json", expected: .exportFile(.json, path: "backup.json", options: .init())),
    ]

    @Test("each valid line parses to its command", arguments: valid)
    func parsesValidLine(_ testCase: ParseCase) throws {
        #expect(try CommandParser.parse(testCase.line) == testCase.expected)
    }

    static let invalid: [ParseErrorCase] = [
        ParseErrorCase(line: "refresh now", message: "refresh takes no argument 'now'; usage: refresh"),
        ParseErrorCase(
            line: "save! as", message: "save! as needs a file path; usage: save | save! | save as [--xml] PATH"),
        ParseErrorCase(
            line: "save as! x.plist",
            message: "save takes no argument 'as! x.plist'; usage: save | save! | save as [--xml] PATH"),
        ParseErrorCase(
            line: "export! csv", message: "export csv needs a file path; usage: export FORMAT [OPTIONS] PATH"),
        ParseErrorCase(line: "import! csv x.csv", message: "unknown command 'import!'; did you mean 'import'?"),
        ParseErrorCase(
            line: "save as --xml", message: "save as needs a file path; usage: save | save! | save as [--xml] PATH"),
        ParseErrorCase(
            line: "save as --binary x.plist",
            message: "save as has no option '--binary' (its only option is --xml; a file of that name is "
                + "./--binary); usage: save | save! | save as [--xml] PATH"),
    ]

    @Test("each invalid line is refused with its message", arguments: invalid)
    func rejectsInvalidLine(_ testCase: ParseErrorCase) {
        do {
            _ = try CommandParser.parse(testCase.line)
            Issue.record("\(testCase.line) was accepted")
        } catch {
            #expect(error.message == testCase.message)
        }
    }

    @Test("the forced forms are written back as typed, so undo and messages name them")
    func descriptionsRoundTrip() throws {
        for line in ["refresh", "save! as x.plist", "save as x.plist", "export! csv x.csv", "export csv x.csv"] {
            let command = try #require(try CommandParser.parse(line)?.command)
            #expect(CommandDescription.text(of: command) == line)
        }
    }
}
