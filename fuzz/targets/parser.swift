@testable import DirectoryCore

/// libFuzzer entry point: one line of any bytes through the command parser.
@c(LLVMFuzzerTestOneInput)
public func fuzzCommandParser(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = fuzzInput(data, count)
    let line = String(decoding: bytes, as: UTF8.self)
    let fromText = Result { () throws(ParseError) in try CommandParser.parse(line) }
    if case .failure(let error) = fromText, error.message.isEmpty { fatalError("a parse error without a message") }
    // A script reader hands valid UTF-8 without a NUL byte to the parser as bytes.
    if String(validating: bytes, as: UTF8.self) != nil, !bytes.contains(0) {
        let fromBytes = Result { () throws(ParseError) in try CommandParser.parse(utf8: bytes.span) }
        if fromBytes != fromText { fatalError("a line's bytes parse differently from its text") }
    }
    return 0
}
