import Testing

@testable import DirectoryCore

@Suite("Record id prefixes (#ID)")
struct RecordIDPrefixTests {
    static let id = RecordID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")

    @Test(
        "a prefix of 4 or more hex digits matches, whatever the case and hyphens",
        arguments: ["e621", "E621E1F8", "e621e1f8-c36c", "E621E1F8C36C495A93FC0C247A3E6E5F"])
    func prefixesMatch(text: String) throws {
        let id = try #require(Self.id)
        #expect(try #require(RecordIDPrefix(text)).matches(id))
    }

    @Test("a prefix that differs in any digit does not match", arguments: ["e622", "E621E1F8C36C495A93FC0C247A3E6E50"])
    func otherPrefixesDoNotMatch(text: String) throws {
        let id = try #require(Self.id)
        #expect(try #require(RecordIDPrefix(text)).matches(id) == false)
    }

    @Test(
        "fewer than 4 digits, a non-hex letter or more than 32 digits is no prefix",
        arguments: ["e62", "e62g", "", String(repeating: "a", count: 33)])
    func invalidPrefixes(text: String) {
        #expect(RecordIDPrefix(text) == nil)
    }

    @Test("the parser reads #ID wherever record numbers go, and refuses a short one")
    func parserReadsIDs() throws {
        let prefix = try #require(RecordIDPrefix("e621"))
        #expect(try CommandParser.parse("edit #e621")?.command == .edit(.id(prefix)))
        #expect(try CommandParser.parse("delete #e621 3")?.command == .delete([.id(prefix), .number(3)]))
        #expect(try CommandParser.parse("list #e621")?.command == .listRecords([.id(prefix)]))
        #expect(throws: ParseError.invalidIDPrefix("#e6")) { try CommandParser.parse("edit #e6") }
    }
}
