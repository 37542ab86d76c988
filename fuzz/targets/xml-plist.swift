@testable import DirectoryCore

/// libFuzzer entry point: any bytes through the xml-plist reader (and back through its writer).
@c(LLVMFuzzerTestOneInput)
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ReaderProperty.check(fuzzInput(data, count), format: .xmlPlist)
    return 0
}
