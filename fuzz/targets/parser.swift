@testable import DirectoryCore

/// libFuzzer entry point: one line of any bytes through the command parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandParser(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let line = String(decoding: fuzzInput(data, count), as: UTF8.self)
    do {
        _ = try CommandParser.parse(line)
    } catch {
        if error.message.isEmpty { fatalError("a parse error without a message") }
    }
    return 0
}
