@testable import DirectoryCore

/// libFuzzer entry point: any bytes through the binary-plist reader (and back through its writer).
@c(LLVMFuzzerTestOneInput)
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ReaderProperty.check(fuzzInput(data, count), format: .binaryPlist)
    return 0
}
