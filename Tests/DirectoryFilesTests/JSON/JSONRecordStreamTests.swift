import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// The JSON reader that reads a window at a time must accept, reject and report exactly
/// what the whole-file reader does, wherever the window's edges fall.
@Suite("JSON read a window at a time")
struct JSONRecordStreamTests {
    static let id1 = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let id2 = "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9"

    /// A reader's error, as its words.
    struct Failure: Error, Equatable {
        let text: String
    }

    static let documents: [String] = [
        "[]",
        " \n [ ] \n",
        "\u{FEFF}[{\"id\":\"\(id1)\",\"name\":\"Zoë\",\"office\":\"B/4\"}]",
        "[{\"id\":\"\(id1)\",\"name\":\"Joe \\\"G\\\" \\u00e9\\n\",\"office\":\"\"},"
            + "{\"office\":\"高橋 413\",\"name\":\"🧑🏽‍💻\",\"id\":\"\(id2)\",\"extra\":[1,{\"a\":null}]}]",
        "[{\"id\":\"\(id1)\",\"name\":\"" + String(repeating: "long ", count: 200) + "\"}]  ",
        // Broken files: each must fail with the same message and offset either way.
        "",
        "   ",
        "{\"id\":\"\(id1)\"}",
        "[{\"id\":\"\(id1)\",\"name\":\"Joe\"},]",
        "[{\"id\":\"\(id1)\",\"name\":\"Joe\"}] x",
        "[{\"id\":\"\(id1)\",\"name\":\"Jo",
        "[{\"id\":\"\(id1)\",\"name\":\"Joe\"}",
        "[{\"id\":\"\(id1)\",\"name\":\"Joe\",\"name\":\"Ann\"}]",
        "[{\"name\":\"no id\"}]",
        "[{\"id\":\"\(id1)\",\"name\":\"bad \u{01} control\"}]",
        "[{\"id\":\"\(id1)\",\"name\":42}]",
        // A first record that fails only once its keys are known: a window's edge must not
        // move the error's offset (found by the fuzzer).
        "[{\"id\":\"\(id1)\",\"name\":\"See thea\",\"note\":3114076900}",
        "[\n  {\n    \"id\": \"not-a-uuid\",\n    \"name\": \"x\"\n  }[{\"id\":\"\(id2)\",\"name\":\"A\",\"office\":\"B\","
            + "\"n\":7,\"r\":1.5,\"t\":true,\"a\":[1,\"x\",[2.5,{\"k\":\"v\"}]],\"d\":{\"inner\":{\"deep\":[null]}}}]",
    ]

    /// What the whole-file reader makes of `bytes`: the records, or the error's words.
    static func whole(_ bytes: [UInt8]) -> Result<[Record], Failure> {
        do {
            let decoded = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .json, kind: nil)
            return .success(decoded.records.array)
        } catch {
            return .failure(Failure(text: String(describing: error)))
        }
    }

    /// What the windowed reader makes of the file at `path` through windows of `capacity` bytes.
    static func windowed(_ path: String, capacity: Int) throws -> (Result<[Record], Failure>, FileVersion?) {
        guard var window = try ReadWindow(path: path, capacity: capacity) else {
            return (.failure(Failure(text: "no file")), nil)
        }
        do {
            let decoded = try RecordCodec.decodeJSON(&window, kind: nil, fallback: .person)
            return (.success(decoded.records.array), window.version)
        } catch {
            return (.failure(Failure(text: String(describing: error))), nil)
        }
    }

    @Test(
        "every document reads the same through windows of 1 to 4096 bytes", arguments: [1, 2, 5, 16, 41, 48, 63, 4096])
    func sameAsWholeFile(capacity: Int) throws {
        let path = FileManager.default.temporaryDirectory.path + "/stream-" + UUID().uuidString + ".json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for document in Self.documents {
            let bytes = Array(document.utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let (result, version) = try Self.windowed(path, capacity: capacity)
            let expected = Self.whole(bytes)
            #expect(result == expected, "\(document.debugDescription) through \(capacity)-byte windows")
            if case .success = result {
                #expect(version?.size == bytes.count)
                #expect(version?.hash == ContentHash.of(bytes))
            }
        }
    }

    @Test("a list of 20,000 people read through small windows equals the file read whole")
    func largeList() throws {
        var records: [Record] = []
        var generator = SystemRandomNumberGenerator()
        for number in 0..<20_000 {
            let name = number % 5 == 0 ? "Zoë \"\(number)\"" : "Person \(number)"
            records.append(
                Record(id: .random(using: &generator), values: [.text(name), .text("Room \(number % 977)/B")]))
        }
        let bytes = JSONRecordWriter.write(records, kind: .person)
        let path = FileManager.default.temporaryDirectory.path + "/stream-" + UUID().uuidString + ".json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (result, _) = try Self.windowed(path, capacity: 4093)
        #expect(result == .success(records))
    }
}
