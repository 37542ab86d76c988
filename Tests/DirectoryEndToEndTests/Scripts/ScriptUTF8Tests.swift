import Foundation
import Testing

/// A script's lines are checked a block at a time; the two- and three-byte sequences most
/// names hold are passed over without the standard library's validation, and every other
/// sequence is left to it. Each ill-formed line here is the only one in its script, so that
/// its block is refused only if that line is.
@Suite("End to end: UTF-8 in a script's lines")
struct ScriptUTF8Tests {
    /// Lines of well-formed non-ASCII text, the common sequences and the rarer ones around them.
    static let wellFormed = [
        "Zoë", "Łukasz", "高橋", "Nguyễn", "\u{A1}", "\u{7FF}", "\u{800}", "\u{FFF}", "\u{1000}",
        "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}",
    ]

    /// Bytes that UTF-8 forbids, each next to a sequence the quick check passes.
    static let illFormed: [(name: String, bytes: [UInt8])] = [
        ("overlong two bytes", [0xC0, 0xAF]),
        ("overlong two bytes from C1", [0xC1, 0xBF]),
        ("two bytes cut short", [0xC3]),
        ("two bytes without their continuation", [0xC3, 0x28]),
        ("a lead byte after a lead byte", [0xC3, 0xC3, 0xA9]),
        ("overlong three bytes", [0xE0, 0x80, 0x80]),
        ("a surrogate", [0xED, 0xA0, 0x80]),
        ("three bytes cut short", [0xE9, 0xAB]),
        ("three bytes with a bad last byte", [0xE9, 0xAB, 0x28]),
        ("beyond U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ("a lone continuation byte", [0xA9]),
    ]

    @Test("well-formed two-, three- and four-byte sequences are taken, the last value saved")
    func wellFormedLinesAreTaken() throws {
        let folder = TemporaryFolder()
        var script = "new Start\n"
        for text in Self.wellFormed { script += "set name \(text) x\nset office é\(text)\n" }
        script += "save\n"
        let run = try ProgramRun.run(["--file", "d.json"], input: script, folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("line"), "\(run.standardError)")
        let saved = try #require(FileManager.default.contents(atPath: folder.file("d.json")))
        let people = try JSONSerialization.jsonObject(with: saved) as? [[String: Any]]
        #expect(people?.last?["name"] as? String == "\u{10FFFF} x")
        #expect(people?.last?["office"] as? String == "é\u{10FFFF}")
    }

    @Test("an ill-formed sequence among well-formed ones is refused, on its own line only", arguments: illFormed)
    func illFormedLineIsRefused(_ name: String, _ bytes: [UInt8]) throws {
        let folder = TemporaryFolder()
        var script = Data("new Start\nset name Zoë 高橋\n".utf8)
        // `set office é`, the bytes, then `é 高`.
        script.append(Data("set office é".utf8))
        script.append(contentsOf: bytes)
        script.append(Data("é 高\nset office Łukasz\nsave\n".utf8))
        let run = try ProgramRun.run(["--file", "d.json"], inputData: script, folder: folder)
        #expect(run.status == 1, "\(name)")
        let errors = run.standardError.split(separator: "\n").filter { $0.contains("line") }
        #expect(errors == ["directory: line 3: the line is not valid UTF-8 text; the line was skipped"], "\(name)")
        let saved = try #require(FileManager.default.contents(atPath: folder.file("d.json")))
        let people = try JSONSerialization.jsonObject(with: saved) as? [[String: Any]]
        #expect(people?.last?["office"] as? String == "Łukasz", "\(name)")
    }
}
