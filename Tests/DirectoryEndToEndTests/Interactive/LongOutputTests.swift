import DirectoryCore
import Foundation
import Testing

extension Interactive {
    /// Output at the prompt: help wrapped between words, a long completion list through the
    /// pager, and the prompt on a line of its own after Ctrl-C ends the pager.
    struct LongOutputTests {
        @Test("help text wraps between words at the window's width")
        func helpTextWrapsBetweenWordsAtTheWindowsWidth() throws {
            let folder = TemporaryFolder()
            let terminal = try PseudoTerminal(folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("help sort")
            terminal.press(.enter)
            #expect(terminal.waitFor("Examples:"))
            #expect(terminal.waitFor("directory.plist > "))
            let help = terminal.screenText.components(separatedBy: "usage: sort").last ?? ""
            #expect(help.contains("\n"))
            for line in help.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
            }
            // The line breaks fell between words: joined again, the text reads as the command table has it.
            let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            #expect(words.contains("Sorts by FIELD in the alphabet of your locale (LANG), ignoring case and accents"))
        }

        @Test("a completion list of thousands goes through the pager after the question")
        func aCompletionListOfThousandsGoesThroughThePagerAfterTheQuestion() throws {
            let folder = TemporaryFolder()
            let path = try SavedList.people((1...3000).map { String(format: "P%06d", $0) }, in: folder)
            let paged = folder.file("paged.txt")
            let terminal = try PseudoTerminal(
                ["--file", path], folder: folder, environment: ["PAGER": "cat > '\(paged)'"])
            #expect(terminal.waitFor("d.json > "))
            terminal.type("edit P")
            terminal.press(.tab)  // completes the common prefix P00
            terminal.press(.tab)
            #expect(terminal.waitFor("Display all 3000 possibilities? (y or n)"))
            terminal.type("y")
            #expect(terminal.waitFor("d.json > edit P00"))
            #expect(
                FileManager.default.contents(atPath: paged).map { String(decoding: $0, as: UTF8.self) }?
                    .contains("P003000") == true)
            #expect(!terminal.screenText.contains("P003000"))
            terminal.type("29")
            terminal.press(.tab)
            terminal.press(.tab)
            #expect(terminal.waitFor("P002999"))  // 100 names: printed below the line, as before
        }

        @Test("Ctrl-C ending the pager in mid-line leaves the prompt on a line of its own")
        func controlCEndingThePagerInMidLineLeavesThePromptOnALineOfItsOwn() throws {
            let folder = TemporaryFolder()
            let pager = folder.file("half-line-pager")
            let script = "#!/bin/sh\nprintf 'first line\\nsecond li'\nexec sleep 60\n"
            _ = FileManager.default.createFile(
                atPath: pager, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
            // Run by sh: executing a file just written can fail with ETXTBSY while other tests spawn.
            let terminal = try PseudoTerminal(folder: folder, environment: ["PAGER": "sh '\(pager)'"])
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("help")
            terminal.press(.enter)
            #expect(terminal.waitFor("second li"))
            terminal.press(.controlC)
            #expect(terminal.waitFor("directory.plist > "))
            #expect(terminal.screenText.hasSuffix("\ndirectory.plist > "))
        }
    }
}
