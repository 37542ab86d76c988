import Foundation

@testable import DirectoryCore
@testable import DirectoryFiles

/// libFuzzer entry point: any bytes through the json reader (and back through its writer),
/// and through the reader a load uses, which reads a file a window at a time.
@c(LLVMFuzzerTestOneInput)
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = fuzzInput(data, count)
    ReaderProperty.check(bytes, format: .json)
    WindowedJSONProperty.check(bytes)
    return 0
}

/// A JSON list read from a file a window at a time must give what the whole-file reader
/// gives, the same records or the same error, wherever the window's edges fall.
enum WindowedJSONProperty {
    /// One file per fuzzing process, rewritten for each input.
    static let path = FileManager.default.temporaryDirectory.path + "/directory-fuzz-\(getpid()).json"

    static func check(_ bytes: [UInt8]) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write \(path)")
        }
        // Windows of 1 to 61 bytes, varying with the input.
        let capacity = 1 + bytes.count % 61
        let whole = describe { () throws(FileFormatError) in try decodeList(bytes, format: .json, kind: nil) }
        let windowed = describe { () throws(StorageError) in
            guard var window = try ReadWindow(path: path, capacity: capacity) else { throw .emptyFile(path: path) }
            do throws(FileFormatError) {
                return try RecordCodec.decodeJSON(&window, kind: nil, fallback: .person)
            } catch {
                throw .corrupt(path: path, format: .json, error)
            }
        }
        if whole != windowed {
            fatalError("read through \(capacity)-byte windows: \(windowed); read whole: \(whole)")
        }
    }

    /// The records read, or the reader's error in words.
    private static func describe<Failure: Error>(
        _ read: () throws(Failure) -> (kind: ListKind, records: RecordList)
    ) -> String {
        do {
            let list = try read()
            return "\(list.kind.noun): \(list.records.array)"
        } catch let error as StorageError {
            guard case .corrupt(_, _, let formatError) = error else { return "\(error)" }
            return "\(formatError)"
        } catch {
            return "\(error)"
        }
    }
}
