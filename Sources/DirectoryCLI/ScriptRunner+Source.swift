import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The commands a script runner carries out itself rather than the session: `format`,
/// which changes how records are printed, and `source`, which runs a file's lines.
extension ScriptRunner {
    /// How deep `source` may nest (a file that sources itself stops here).
    static let sourceDepthLimit = 16

    /// `format FORMAT` prints records in FORMAT from now on; `format` alone says which is in use.
    mutating func setFormat(_ format: OutputFormat?) -> CommandOutput {
        guard let format else {
            return .text(
                "Records are printed as \(printer.renderer.format.rawValue) (format table|json|csv changes it).")
        }
        printer.renderer.format = format
        return .feedback("Records are printed as \(format.rawValue) from now on.")
    }

    /// Runs the lines of the file at `path` as a script: each error is printed with the file's
    /// name and the line (`setup.txt:3: …`), and with `bail` the first one stops the file and
    /// the script that sourced it. Fails (with the errors already printed) when a line failed.
    mutating func source(_ path: String) -> Result<CommandOutput, ScriptFailure> {
        guard sourceDepth < Self.sourceDepthLimit else {
            return .failure(
                ScriptFailure("source is nested more than \(Self.sourceDepthLimit) files deep; \(path) was not run"))
        }
        let home = environment["HOME"].map { ["HOME": $0] } ?? [:]
        let descriptor: Int32
        switch ScriptFile.open(DataPaths(environment: home).expandingTilde(path), shown: path) {
        case .success(let opened): descriptor = opened
        case .failure(let problem): return .failure(ScriptFailure(problem.message))
        }
        defer { close(descriptor) }
        var lines = DescriptorLines(descriptor: descriptor)
        let outer = origin
        origin = .file(path)
        sourceDepth += 1
        defer {
            origin = outer
            sourceDepth -= 1
        }
        var number = 0
        var failed = false
        while let line = lines.next() {
            number += 1
            switch execute(line) {
            case .success(.quit):
                return .success(.quit)
            case .success(let output):
                printer.print(output)
            case .failure(let failure):
                failed = true
                sourcedLineFailed = true
                if !failure.reported { printer.error(failure.message, at: origin.prefix(line: number)) }
                if bail || failure.failedOpen {
                    return .failure(ScriptFailure(reportedFailedOpen: failure.failedOpen))
                }
            }
        }
        return failed ? .failure(ScriptFailure(reportedFailedOpen: false)) : .success(.nothing)
    }
}
