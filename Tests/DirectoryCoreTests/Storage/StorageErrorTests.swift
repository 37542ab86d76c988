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
}
