/// libFuzzer entry point: one line of any bytes through the command parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandParser(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let data else { return 0 }
    let line = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    _ = try? CommandParser.parse(line)
    return 0
}
