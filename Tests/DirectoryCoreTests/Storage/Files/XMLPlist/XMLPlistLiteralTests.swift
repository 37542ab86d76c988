import Testing

@testable import DirectoryCore

/// The markup constants the XML property list scanner compares are the bytes they name.
struct XMLPlistLiteralTests {
    @Test("each constant holds the bytes of its text")
    func constantsHoldTheirText() {
        let constants: [(XMLPlistLiteral, String)] = [
            (.key, "<key>"), (.keyEnd, "</key>"), (.string, "<string>"), (.stringEnd, "</string>"),
            (.date, "<date>"), (.dateEnd, "</date>"), (.dict, "<dict>"), (.dictEnd, "</dict>"),
            (.endTag, "</"), (.cdata, "<![CDATA["), (.cdataEnd, "]]>"), (.comment, "<!--"),
            (.commentEnd, "-->"), (.doctype, "<!DOCTYPE"), (.declaration, "<?xml"),
            (.instructionEnd, "?>"), (.encoding, "encoding"), (.dictLine, "\t<dict>\n"),
            (.dictEndLine, "\t</dict>\n"), (.stringValue, "\t\t<string>"), (.stringValueEnd, "</string>\n"),
            (.lineIndent, "\n\t\t"), (.stringLine, "\n\t\t<string>"),
            (.dateValue, "\t\t<date>"), (.dateValueEnd, "</date>\n"),
            (.ampersandEntity, "&amp;"), (.lessThanEntity, "&lt;"), (.greaterThanEntity, "&gt;"),
        ]
        for (constant, text) in constants {
            #expect(constant == XMLPlistLiteral(text), "\(text)")
            #expect((0..<constant.count).map { constant[$0] } == Array(text.utf8), "\(text)")
        }
    }

    @Test("a literal appends its bytes after what the output holds")
    func appendsItsBytes() {
        var output = Array("x".utf8)
        XMLPlistLiteral.stringValueEnd.append(to: &output)
        XMLPlistLiteral.endTag.append(to: &output)
        #expect(output == Array("x</string>\n</".utf8))
    }
}
