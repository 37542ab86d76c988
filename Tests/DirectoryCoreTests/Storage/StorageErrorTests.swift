import Testing

@testable import DirectoryCore

@Suite("Storage errors")
struct StorageErrorTests {
    @Test("a damaged file is named with its format in words, as the other messages name them")
    func corruptNamesTheFormatInWords() {
        let problem = FileFormatError("unexpected end", offset: 12)
        for (format, words) in [(FileFormat.binaryPlist, "binary plist"), (.xmlPlist, "XML plist"), (.json, "JSON")] {
            let message = StorageError.corrupt(path: "list.plist", format: format, problem).message
            #expect(message.hasPrefix("list.plist is not a valid \(words) list of records"), "\(message)")
        }
    }

    @Test(
        "a file that is no list (now), that keeps changing, or whose version was kept aside: the message says what to do",
        arguments: [
            (StorageError.emptyFile(path: "p.plist"), ["p.plist is empty (0 bytes)", "'save!'", "edits are kept"]),
            (.notAListNow(path: "p.plist", problem: "it is empty (0 bytes)"), ["held a list", "'save as PATH'"]),
            (.unsettled(path: "p.plist"), ["kept changing for 2 seconds", "try again"]),
            (.displacedVersionKept(path: "p.plist", kept: "p.plist.displaced-1-2"), ["kept as p.plist.displaced-1-2"]),
            (
                .lateWriteKept(path: "p.plist", kept: "p.plist.late-1-2"),
                ["was saved", "kept as p.plist.late-1-2", "merge conflicts"]
            ),
            (.lateWriteKept(path: "p.plist", kept: nil), ["was saved", "could not be copied"]),
        ])
    func noListMessages(error: StorageError, phrases: [String]) {
        for phrase in phrases { #expect(error.message.contains(phrase), "\(error.message)") }
    }
}
