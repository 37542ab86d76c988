import Foundation

@testable import DirectoryCore

/// Runs small Python programs for the interoperability tests.
enum BinaryPlistPython {
    /// Whether `python3` can import `plistlib`.
    static let isAvailable: Bool = (try? run("import plistlib")) != nil

    /// Runs a Python program with `arguments`, returning its standard output; throws when it fails.
    @discardableResult
    static func run(_ program: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program] + arguments
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FileFormatError(
                "python3 exited with status \(process.terminationStatus): \(String(decoding: messages, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
