import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `directory FILE -c 'find TEXT'`, the search a script runs most, without loading the
/// list: the JSON file is read a window at a time by a `JSONFindScan` (a large one in two
/// halves at once, on two threads), which builds only the records that may match, and the
/// rows are printed as the full run prints them.
///
/// `directory FILE -c 'list 10-20'` (any `list N|RANGE…` of numbers and ranges) is the same
/// scan building only the records it lists (`JSONFindScan(numbers:kind:fallback:)`), on one
/// thread.
///
/// It answers only when it is sure to print what the full run prints: one `find TEXT` or
/// `list N|RANGE…` command, no `--kind`, a JSON file that is there, no journal of an ended session and no conflict copy
/// to announce, and a scan that met neither an error nor a repeated id (nor, for `list`, a
/// number past the end). Otherwise it says
/// `nil`, having printed nothing, and the program runs as usual.
enum OneShotFind {
    /// Runs `commands` on the file at `path` when they are one `find TEXT` or `list
    /// N|RANGE…` that this can answer, printing with `printer`; returns the exit status, or
    /// `nil` to run as usual.
    static func run(
        commands: [String], path: String, kind: ListKind?, recoveryFolder: String, printer: OutputPrinter
    ) -> Int32? {
        guard commands.count == 1, case .command(let command)? = try? CommandParser.parse(commands[0]) else {
            return nil
        }
        // A kind given on the command line is checked against the file's records by the full run.
        guard kind == nil else { return nil }
        let fallback = Session.kind(forFileNamed: path)
        var scan: JSONFindScan
        var split = JSONFindScan.Split.automatic
        switch command {
        case .find(let text):
            scan = JSONFindScan(text: text, kind: nil, fallback: fallback)
            guard !scan.findsEverything else { return nil }
        case .listRecords(let references):
            guard let numbers = RecordNumbers(references) else { return nil }
            scan = JSONFindScan(numbers: numbers, kind: nil, fallback: fallback)
            split = .oneThread
        default:
            return nil
        }
        let recovery = FileRecoveryStore(folder: recoveryFolder, pid: Int(getpid()), now: { 0 })
        guard recovery.orphans(of: path).isEmpty else { return nil }
        // Conflict copies beside the list are announced by the full run.
        guard FileConflictCopies().copies(of: path).isEmpty else { return nil }
        guard let listing = scanFile(at: path, with: &scan, split: split) else { return nil }
        printer.print(.records(listing))
        return printer.output.finish(status: 0, errors: printer.errors)
    }

    /// Scans the JSON file at `path`; `nil` when it is not a readable, non-empty regular
    /// JSON file or the scan is unsure.
    private static func scanFile(
        at path: String, with scan: inout JSONFindScan, split: JSONFindScan.Split
    ) -> RecordListing? {
        // Without waiting for a writer, should the path be a FIFO: only a regular file is read.
        let number = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard number >= 0 else { return nil }
        defer { close(number) }
        guard let file = OneShotFindFile(descriptor: number) else { return nil }
        return scan.listing(of: file, split: split)
    }
}
