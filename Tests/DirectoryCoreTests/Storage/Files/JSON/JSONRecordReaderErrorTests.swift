import Testing

@testable import DirectoryCore

/// `JSONRecordReader` on malformed and hostile input: always a `FileFormatError`
/// with a plain message and, where meaningful, the byte offset.
struct JSONRecordReaderErrorTests {
    private static let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    private static let record = #"{"id":"\#(id)","name":"n"}"#

    @Test(
        "rejects malformed input with a plain message",
        arguments: [
            ("", "the file is empty; expected a JSON array of records", nil),
            (" \n", "the file is empty; expected a JSON array of records", nil),
            (#"{"id":"x"}"#, "the top level is a dictionary, expected an array of records", 0),
            (#""text""#, "the top level is a string, expected an array of records", 0),
            ("  42", "the top level is a number, expected an array of records", 2),
            ("null", "the top level is null, expected an array of records", 0),
            ("<plist>", "the file is not JSON: it starts with '<'", 0),
            ("[1]", "record 1 is a number, expected a dictionary", 1),
            (#"[\#(record),"x"]"#, "record 2 is a string, expected a dictionary", 58),
            (#"[\#(record),[]]"#, "record 2 is an array, expected a dictionary", 58),
            (#"[\#(record),]"#, "trailing comma after record 1", 58),
            (#"[\#(record)"#, "expected ',' or ']' after record 1, found the end of the file", 57),
            (#"[\#(record)}"#, "expected ',' or ']' after record 1, found '}'", 57),
            (#"[\#(record)] x"#, "unexpected 'x' after the end of the array of records", 59),
            (#"[\#(record)][]"#, "unexpected '[' after the end of the array of records", 58),
            ("[", "expected record 1, found the end of the file", 1),
            (#"[{"id""#, "expected ':' after a dictionary key, found the end of the file", 6),
            (#"[{"id":"#, "expected a value, found the end of the file", 7),
            (#"[{"id":"abc"#, "unterminated string", 7),
            (#"[{"id":"\#(id)",}]"#, "trailing comma before '}'", 46),
            (#"[{"id":"\#(id)","x":[1,]}]"#, "trailing comma before ']'", 53),
            (#"[{"id":"\#(id)","x":[1 2]}]"#, "expected ',' or ']' after an array element, found '2'", 53),
            (#"[{"id":"\#(id)","x":{"a" 1}}]"#, "expected ':' after a dictionary key, found '1'", 55),
            (#"[{"id":"\#(id)","x":{1:2}}]"#, "expected a string key in a dictionary, found '1'", 51),
            (#"[{'id':1}]"#, "expected a string key in a dictionary, found '''", 2),
            (#"[{"id":"\#(id)","x":tru}]"#, "invalid literal: expected true, false or null", 50),
            (#"[{"id":"\#(id)","x":nul}]"#, "invalid literal: expected true, false or null", 50),
            (#"[{"id":"\#(id)","x":01}]"#, "invalid number: leading zeros are not allowed", 50),
            (#"[{"id":"\#(id)","x":-}]"#, "invalid number: expected a digit after '-'", 50),
            (#"[{"id":"\#(id)","x":1.}]"#, "invalid number: expected a digit after '.'", 50),
            (#"[{"id":"\#(id)","x":.5}]"#, "expected a value, found '.'", 50),
            (#"[{"id":"\#(id)","x":1e}]"#, "invalid number: expected a digit after 'e'", 50),
            (#"[{"id":"\#(id)","x":+1}]"#, "expected a value, found '+'", 50),
            (#"[{"id":"\#(id)","x":1e400}]"#, "number out of range: 1e400", 50),
            (#"[{"id":"\#(id)","x":-1e400}]"#, "number out of range: -1e400", 50),
            (#"[{"id":"\#(id)","x":NaN}]"#, "expected a value, found 'N'", 50),
            ("[{\"id\":\"a\tb\"}]", "control character 0x09 in a string; it must be escaped", 9),
            ("[{\"id\":\"a\nb\"}]", "control character 0x0A in a string; it must be escaped", 9),
            (#"[{"id":"a\x"}]"#, "invalid escape \\'x' in a string", 9),
            (#"[{"id":"a\'"}]"#, "invalid escape \\''' in a string", 9),
            (#"[{"id":"\u12"}]"#, "invalid \\u escape in a string: expected four hexadecimal digits", 8),
            (#"[{"id":"\u"#, "incomplete \\u escape in a string", 8),
            (#"[{"id":"\ud800"}]"#, "unpaired surrogate \\uD800 in a string", 8),
            (#"[{"id":"\udfff\ud800"}]"#, "unpaired surrogate \\uDFFF in a string", 8),
            (#"[{"id":"\ud800\u0041"}]"#, "unpaired surrogate \\uD800 in a string", 8),
            (#"[{"id":"\ud800\ud800"}]"#, "unpaired surrogate \\uD800 in a string", 8),
            (#"[{"name":"n"}]"#, "record 1 has no 'id'", 1),
            (#"[{"id":7}]"#, "record 1: 'id' is an integer, expected a UUID string", 7),
            (#"[{"id":"not-a-uuid"}]"#, #"record 1: 'id' is not a UUID: "not-a-uuid""#, 7),
            (#"[{"id":"\#(id)","id":"\#(id)"}]"#, "record 1 has the key 'id' twice", 46),
            (#"[{"id":"\#(id)","name":1}]"#, "record 1: 'name' is an integer, expected a string", 53),
            (#"[{"id":"\#(id)", "name" :  5}]"#, "record 1: 'name' is an integer, expected a string", 57),
            (
                #"[{"id":"\#(id)","name":"a","office":""},{"id":"\#(id)","office":[1],"name":"b"}]"#,
                "record 2: 'office' is an array, expected a string", 124
            ),
        ] as [(String, String, Int?)])
    func rejectsMalformedInputWithAPlainMessage(text: String, message: String, offset: Int?) {
        let error = JSONTestSupport.readError(text)
        #expect(error == FileFormatError(message, offset: offset), "\(text)")
    }

    @Test("rejects invalid UTF-8 in strings")
    func rejectsInvalidUTF8InStrings() {
        let prefix = Array(#"[{"id":"ab"#.utf8)
        let suffix = Array(#""}]"#.utf8)
        let badSequences: [[UInt8]] = [
            [0xFF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        ]
        for bad in badSequences {
            let error = JSONTestSupport.readError(prefix + bad + suffix)
            #expect(error == FileFormatError("invalid utf-8 in a string", offset: 10), "\(bad)")
        }
        // The same bytes in an escaped string are caught too.
        let escaped = Array(#"[{"id":"\n"#.utf8) + [0xFF] + suffix
        #expect(JSONTestSupport.readError(escaped) == FileFormatError("invalid utf-8 in a string", offset: 10))
    }

    @Test("rejects bytes outside strings")
    func rejectsBytesOutsideStrings() {
        #expect(
            JSONTestSupport.readError([0x5B, 0xFF]) == FileFormatError("expected record 1, found byte 0xFF", offset: 1))
        #expect(
            JSONTestSupport.readError([0x5B, 0x00]) == FileFormatError("expected record 1, found byte 0x00", offset: 1))
    }

    @Test("rejects deep nesting without crashing")
    func rejectsDeepNestingWithoutCrashing() {
        let opening = String(repeating: "[", count: 100_000)
        let atTop = JSONTestSupport.readError(opening)
        #expect(atTop == FileFormatError("record 1 is an array, expected a dictionary", offset: 1))
        let inRecord = JSONTestSupport.readError(#"[{"id":"\#(Self.id)","deep":"# + opening)
        #expect(inRecord?.message == "arrays and dictionaries are nested more than 512 levels deep")
        // The first '[' is at 53; the top-level array and the record take two levels.
        #expect(inRecord?.offset == 53 + JSONScanner.maximumDepth - 2)
        let objects = JSONTestSupport.readError(#"[{"a":"# + String(repeating: #"{"a":"#, count: 100_000))
        #expect(objects?.message == "arrays and dictionaries are nested more than 512 levels deep")
    }

    @Test("every truncation of a valid file throws")
    func everyTruncationOfAValidFileThrows() {
        let text = #"[{"id":"\#(Self.id)","name":"Zoë 😀 \n \u00e9","x":[1.5e3,{"k":[true,null,-7]}]}]"#
        let bytes = Array(text.utf8)
        #expect(JSONTestSupport.readError(bytes) == nil)
        for length in 0..<bytes.count {
            #expect(JSONTestSupport.readError(Array(bytes[0..<length])) != nil, "length \(length)")
        }
    }

    @Test("random garbage never crashes")
    func randomGarbageNeverCrashes() {
        var generator = JSONTestGenerator(seed: 42)
        let alphabet = Array(#"[]{}",:\/ "0123456789-+.eEtrufalsn"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF]
        for _ in 0..<3_000 {
            let count = Int.random(in: 0..<40, using: &generator)
            let bytes =
                [UInt8(ascii: "[")]
                + (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            if let error = JSONTestSupport.readError(bytes) {
                #expect(!error.message.isEmpty)
                #expect(error.offset.map { $0 >= 0 && $0 <= bytes.count } ?? true)
            }
        }
    }
}
