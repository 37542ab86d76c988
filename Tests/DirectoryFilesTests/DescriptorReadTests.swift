import Foundation
import Testing

@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// `read(2)` in one room: every read of a descriptor goes through `DescriptorRead`, which
/// loops after a short read, and retries after EINTR except where a caller wants it back.
@Suite("DescriptorRead: the one read(2) of the program")
struct DescriptorReadTests {
    /// A pipe: its read end and its write end.
    static func pipeEnds() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #expect(unsafe pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test("some appends what a pipe holds, block by block, and 0 at its end")
    func someReadsToTheEnd() {
        let (reader, writer) = Self.pipeEnds()
        defer { close(reader) }
        let text = Array("one\ntwo\n".utf8)
        _ = DescriptorWrite.all(text.span, to: writer)
        close(writer)
        var bytes: [UInt8] = Array("before:".utf8)
        var counts: [Int] = []
        while true {
            let count = DescriptorRead.some(from: reader, atMost: 3, appendingTo: &bytes)
            counts.append(count)
            if count <= 0 { break }
        }
        #expect(bytes == Array("before:".utf8) + text)
        #expect(counts.last == 0 && counts.dropLast().allSatisfy { $0 > 0 && $0 <= 3 }, "\(counts)")
    }

    @Test("fill fills every word, or says the input ended first")
    func fillWords() {
        let (reader, writer) = Self.pipeEnds()
        defer { close(reader) }
        _ = DescriptorWrite.all([UInt8](repeating: 1, count: 24).span, to: writer)
        close(writer)
        var words = [UInt64](repeating: 0, count: 2)
        #expect(DescriptorRead.fill(&words, from: reader))
        #expect(words == [0x0101_0101_0101_0101, 0x0101_0101_0101_0101])
        #expect(!DescriptorRead.fill(&words, from: reader))  // 8 bytes left of 16
    }

    @Test("no source file but DescriptorIO.swift hands read(2) a buffer")
    func readInOneRoom() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        // Strict memory safety marks every call that hands read(2) a pointer `unsafe`.
        let call = try Regex(#"(unsafe |Glibc\.|Darwin\.)p?read\("#)
        var callers: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)
        while let file = files?.nextObject() as? String {
            guard file.hasSuffix(".swift"), !file.hasSuffix("DirectoryFiles/DescriptorIO.swift") else { continue }
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if line.contains(call) { callers.append("\(file): \(line)") }
            }
        }
        #expect(callers.isEmpty, "\(callers.joined(separator: "\n"))")
    }
}
