/// `import` and `export`: records to and from CSV, JSON and vCard files.
extension Session {
    /// Adds the records of an import file as one change: `changes` lists them,
    /// one `undo` removes them all, `revert` discards them. Ctrl-C (`Interruption`) stops it
    /// while the file is read, before the records are added: then nothing changes.
    ///
    /// A record whose id is already in the list gets a new id, so importing a
    /// file twice gives two copies rather than two records with one identity.
    mutating func importRecords(
        _ format: ExchangeFormat, path: String, options: ExchangeOptions, command: Command
    ) throws(SessionError) -> CommandOutput {
        try checkSupported(format)
        let bytes: [UInt8]
        do {
            bytes = try stores.store(for: path).readBytes(path: path, stoppingWhen: environment.interruption)
        } catch {
            throw .storage(error)
        }
        // A read stopped by Ctrl-C while a FIFO's writer paused: its bytes are thrown away unread.
        guard !environment.interruption.isRequested else {
            throw .interrupted(command: CommandDescription.text(of: command))
        }
        let result: ImportResult
        do {
            result = try RecordExchange.read(
                bytes, format: format, kind: kind, options: options, environment: environment)
        } catch {
            throw .importUnreadable(path: path, format: format.displayName, reason: error.description)
        }
        // Readers stop early when interrupted; what they read is thrown away.
        guard !environment.interruption.isRequested else {
            throw .interrupted(command: CommandDescription.text(of: command))
        }
        let rejected = result.rejected.map(\.description)
        if !rejected.isEmpty, !options.partial {
            throw .importRejected(path: path, total: result.total, rejected: rejected)
        }
        let notes = result.notes.map { " Note: \($0)." }.joined()
        guard !result.records.isEmpty else {
            let message = "No records imported from \(path): it holds \(result.total)."
            guard rejected.isEmpty else { return .warning(message + notes + "\n" + ImportReport.lines(rejected)) }
            return notes.isEmpty ? .feedback(message) : .warning(message + notes)
        }
        let alreadyInList = list.append(imported: result.records, by: command)
        var message = "Imported \(count(result.records.count)) from \(path) (read \(result.total))."
        if alreadyInList > 0 {
            // A copy of this very list imported: every person twice. Said in scripts too.
            let some = alreadyInList == result.records.count ? "All" : "\(alreadyInList)"
            message +=
                " \(some) of them had the id of \(alreadyInList == 1 ? "a record" : "records") already in the list "
                + "and \(alreadyInList == 1 ? "was" : "were") added again as new; if the file is a copy of this list, "
                + (format == .json
                    ? "'undo' takes the import back and "
                        + "'\(CommandDescription.text(of: .merge(.path(path), force: false)))' combines the two."
                    : "'undo' takes the import back.")
        }
        guard rejected.isEmpty else {
            return .warning(message + notes + " Rejected \(rejected.count):\n" + ImportReport.lines(rejected))
        }
        // A column ignored, or records imported twice, is said in scripts too.
        return notes.isEmpty && alreadyInList == 0 ? .feedback(message) : .warning(message + notes)
    }

    /// Writes every record to `path` in `format`; the list and its file stay as they are.
    func export(_ format: ExchangeFormat, path: String, options: ExchangeOptions) throws(SessionError)
        -> CommandOutput
    {
        try checkSupported(format)
        if Self.standardOutputPaths.contains(path) {
            do {
                let bytes = try RecordExchange.write(records, format: format, kind: kind, options: options)
                return .exported(String(decoding: bytes, as: UTF8.self))
            } catch {
                throw .exportFailed(path: path, reason: error.description)
            }
        }
        // However spelled (`./p.plist`, an absolute path, a link): the list's own file.
        guard path != location, !(store.medium == .file && stores.store(for: path).isSameList(path, as: location))
        else {
            let own = store.medium.rawValue
            throw .exportFailed(path: path, reason: "it is the list's own \(own); use save, or export elsewhere")
        }
        if let what = stores.store(for: path).notAFile(location: path) {
            var streamed = options
            streamed.replace = false
            throw .notAFile(
                location: path, what: what,
                standardOutput: CommandDescription.text(of: .exportFile(format, path: "-", options: streamed)))
        }
        if !options.replace, stores.store(for: path).exists(location: path) {
            var replacing = options
            replacing.replace = true
            throw .fileExists(
                location: path,
                replacing: CommandDescription.text(of: .exportFile(format, path: path, options: replacing)))
        }
        let bytes: [UInt8]
        do {
            bytes = try RecordExchange.write(records, format: format, kind: kind, options: options)
        } catch {
            throw .exportFailed(path: path, reason: error.description)
        }
        do {
            try stores.store(for: path).writeBytes(bytes, to: path)
        } catch {
            if case .writeFailed(_, let reason) = error { throw .exportFailed(path: path, reason: reason) }
            throw .storage(error)
        }
        return .feedback("Exported \(count(records.count)) to \(path) as \(format.displayName).")
    }

    /// The paths `export` writes to standard output: `-`, as most tools take it, and `/dev/stdout`,
    /// which cannot be replaced atomically as a file is.
    static let standardOutputPaths: Set<String> = ["-", "/dev/stdout"]

    /// Refuses a format that cannot hold this kind of record.
    private func checkSupported(_ format: ExchangeFormat) throws(SessionError) {
        guard format.supports(kind) else {
            throw .formatNotForKind(
                format: format.displayName, kind: kind.name,
                formats: ExchangeFormat.supported(by: kind).map(\.rawValue))
        }
    }
}

/// The wording of what an import did, shared by its confirmation and its errors.
enum ImportReport {
    /// How many rejected lines are named before the rest are counted.
    static let shownRejections = 20

    /// The rejections, one indented line each, the ones past `shownRejections` counted.
    static func lines(_ rejected: [String]) -> String {
        var lines = rejected.prefix(shownRejections).map { "  " + $0 }
        if rejected.count > shownRejections {
            lines.append("  … and \(rejected.count - shownRejections) more")
        }
        return lines.joined(separator: "\n")
    }
}
