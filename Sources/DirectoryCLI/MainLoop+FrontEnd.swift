import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The commands the loop carries out itself, not the session: `history` and `clear` (the
/// terminal's), `editor` (the user's editor), `format` (how records are printed) and `source`
/// (another file of lines, read by this same loop).
extension MainLoop {
    /// How deep `source` may nest (a file that sources itself stops here).
    static let sourceDepthLimit = 16

    /// Carries out a front end's command, at the prompt (`interactive`) or in a script.
    mutating func carryOut(_ command: FrontEndCommand, interactive: Bool) throws(LineError) -> CommandOutput {
        switch command {
        case .history(let count):
            guard interactive, let prompt else { throw .promptOnly("history") }
            let listing = HistoryExpansion.listing(of: prompt.editor.historyEntries, last: count)
            return listing.isEmpty ? .nothing : .text(listing)
        case .clear:
            if interactive { clearScreen() }
            return .nothing
        case .editor(let references):
            return try runEditor(references, interactive: interactive)
        case .format(let format):
            return setFormat(format)
        case .source(let path):
            return try source(path)
        }
    }

    /// `format FORMAT` prints records in FORMAT from now on; `format` alone says which is in use.
    mutating func setFormat(_ format: OutputFormat?) -> CommandOutput {
        guard let format else {
            return .text(
                "Records are printed as \(printer.renderer.format.rawValue) (format table|json|csv changes it).")
        }
        printer.renderer.format = format
        return .feedback("Records are printed as \(format.rawValue) from now on.")
    }

    /// Runs the lines of the file at `path` through this loop by the script rules, at the prompt
    /// too: each error is printed with the file's name and the line (`setup.txt:3: …`), and with
    /// `--bail` (or a failed `open`) the first one stops the file and the script that sourced
    /// it. Fails, with the errors already printed, when a line failed. Ctrl-C at the prompt stops
    /// it (and the files it sources) between lines: the lines done stay, as psql's `\i` leaves them.
    mutating func source(_ path: String) throws(LineError) -> CommandOutput {
        guard sourceDepth < Self.sourceDepthLimit else {
            throw .sourceTooDeep(path: path, limit: Self.sourceDepthLimit)
        }
        let home = environment["HOME"].map { ["HOME": $0] } ?? [:]
        let descriptor: Int32
        switch ScriptFile.open(DataPaths(environment: home).expandingTilde(path), shown: path) {
        case .success(let opened): descriptor = opened
        case .failure(let problem): throw .sourceUnreadable(problem)
        }
        defer { close(descriptor) }
        // What the lines printed is shown before a read that may wait (a FIFO's writer pausing).
        let output = printer.output
        // At the prompt, Ctrl-C stops it while it waits for a line, as between its lines.
        let atPrompt = prompt != nil
        var lines = DescriptorLines(
            descriptor: descriptor, beforeReading: { output.flush() },
            isCancelled: { atPrompt && Termination.interruption.isRequested })
        let outer = origin
        origin = .file(path)
        sourceDepth += 1
        defer {
            origin = outer
            sourceDepth -= 1
        }
        switch run(&lines) {
        case .quit: return .quit
        case .exhausted(let failed):
            if failed { throw .sourcedLinesFailed(opensList: false) }
            return .nothing
        case .stopped(let failedOpen): throw .sourcedLinesFailed(opensList: failedOpen)
        case .exit: throw .sourcedLinesFailed(opensList: false)  // only the outermost loop exits
        case .interrupted(let line, let ranBefore):
            throw .sourceInterrupted(path: path, line: line, ranBefore: ranBefore)
        }
    }
}
