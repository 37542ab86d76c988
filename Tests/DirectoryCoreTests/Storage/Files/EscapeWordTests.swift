import Testing

@testable import DirectoryCore

/// The JSON and XML writers pass over text eight bytes at a time while no byte of the word
/// needs escaping; the word tests must agree with the byte tests for every byte in every place.
@Suite("Escapes found a word at a time")
struct EscapeWordTests {
    /// Words of `filler` with `byte` at each of the eight places, as the writers load them.
    static func words(with byte: UInt8, filler: UInt8) -> [UInt64] {
        (0..<8).map { place in
            var bytes = [UInt8](repeating: filler, count: 8)
            bytes[place] = byte
            return bytes.span.word64(at: 0)
        }
    }

    @Test("JSON: a word needs escaping exactly when one of its bytes does", arguments: [0x61, 0x20, 0xC3, 0xFF, 0x7F])
    func jsonWords(filler: UInt8) {
        for byte in UInt8.min...UInt8.max {
            for word in Self.words(with: byte, filler: filler) {
                let expected = JSONStringEscaper.needsEscape(byte) || JSONStringEscaper.needsEscape(filler)
                #expect(JSONStringEscaper.needsEscape(anyOf: word) == expected, "byte \(byte), filler \(filler)")
            }
        }
    }

    @Test(
        "XML: a word holds markup exactly when one of its bytes is &, < or >",
        arguments: [0x61, 0x3D, 0xC3, 0xFF, 0x00])
    func xmlWords(filler: UInt8) {
        let markup: Set<UInt8> = [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">")]
        for byte in UInt8.min...UInt8.max {
            for word in Self.words(with: byte, filler: filler) {
                let expected = markup.contains(byte) || markup.contains(filler)
                #expect(XMLPlistRecordWriter.hasMarkup(word) == expected, "byte \(byte), filler \(filler)")
            }
        }
    }

    @Test("escaped text is the same whatever the place of its escapes")
    func escapesInEveryPlace() {
        for length in 0..<20 {
            for place in 0..<max(length, 1) {
                for special in ["\"", "\\", "/", "\n", "\u{1}", "é"] {
                    var characters = Array(repeating: "a", count: length)
                    if length > 0 { characters[place] = special }
                    let text = characters.joined()
                    var output: [UInt8] = []
                    JSONStringEscaper.appendEscaped(Array(text.utf8).span, to: &output)
                    var expected: [UInt8] = []
                    for byte in text.utf8 {
                        if JSONStringEscaper.needsEscape(byte) {
                            JSONStringEscaper.appendEscape(for: byte, to: &expected)
                        } else {
                            expected.append(byte)
                        }
                    }
                    #expect(output == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test("XML: the end of a text is the first < or & from where it starts, in any place of a word")
    func xmlTextEnd() {
        for filler in [UInt8(0x61), 0x3D, 0x3B, 0x27, 0xC3, 0x00] {
            for length in 0..<24 {
                for place in 0..<(length + 1) {
                    for stop in [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: ">")] {
                        var bytes = [UInt8](repeating: filler, count: length)
                        if place < length { bytes[place] = stop }
                        if place + 2 < length { bytes[place + 2] = UInt8(ascii: "<") }
                        let expected =
                            bytes.indices.first { bytes[$0] == UInt8(ascii: "<") || bytes[$0] == UInt8(ascii: "&") }
                            ?? length
                        let scanner = XMLPlistScanner(bytes.span)
                        #expect(scanner.textEnd(from: 0) == expected, "\(bytes)")
                        if length > 1 {
                            let later = bytes.indices.dropFirst().first {
                                bytes[$0] == UInt8(ascii: "<") || bytes[$0] == UInt8(ascii: "&")
                            }
                            #expect(scanner.textEnd(from: 1) == (later ?? length), "\(bytes)")
                        }
                    }
                }
            }
        }
    }
}
