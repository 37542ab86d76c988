import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The user's editor for `editor`: `$VISUAL`, else `$EDITOR`, else `vi`, run on a
/// private temporary file (mode 0600, created exclusively) that is removed afterwards; for
/// `editor`'s records it is made in the recovery folder (`EditorLeftover`), so that a session
/// killed while the editor runs leaves it where the next start finds it.
///
/// It owns that file: the system calls that make, open and remove it take C strings
/// (`unsafe` only for that); its bytes are read through `DescriptorRead`.
struct ExternalEditor {
    /// The program's environment (`VISUAL`, `EDITOR`, `TMPDIR`, `PATH`).
    let environment: [String: String]
    /// Where the file is made when it should be found after a crash (`editor`'s records), rather
    /// than in `$TMPDIR`; `$TMPDIR` still when that folder cannot be used.
    var leftover: EditorLeftover? = nil

    /// The shell command that edits a file, as git and crontab choose it.
    var command: String { chosen ?? "vi" }

    /// Whether the user chose the editor (`VISUAL` or `EDITOR`), rather than getting `vi`.
    var isChosen: Bool { chosen != nil }

    /// `$VISUAL`, else `$EDITOR`, when set to more than spaces.
    private var chosen: String? {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], value.contains(where: { $0 != " " && $0 != "\t" }) { return value }
        }
        return nil
    }

    /// Writes `text` to a new temporary file, lets `run` run the editor command on it
    /// (returning its exit status, or `nil` when it could not start), and returns the
    /// file's bytes afterwards (read as text by `EditorText.read`). The file is removed in every case.
    /// Its name ends with `suffix` (`.tsv` for records, `.txt` for a line), which editors go by.
    func edit(
        _ text: [UInt8], suffix: String = ".tsv", run: (String) -> Int32?
    ) -> Result<[UInt8], ExternalEditorFailure> {
        var folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var stem = "directory-edit-"
        if let leftover, RecoveryFolder.prepare(leftover.folder) == nil {
            folder = leftover.folder
            stem = leftover.stem
        }
        // mkstemps fills in the template's X's: the file it creates is this type's until removed below.
        var template = Array((folder + "/" + stem + "XXXXXX" + suffix).utf8CString)
        let descriptor = unsafe mkstemps(&template, Int32(suffix.utf8.count))
        guard descriptor >= 0 else { return .failure(.cannotCreate(folder: folder, reason: Self.errorText())) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unsafe unlink(path) }
        let written = Self.write(text, to: descriptor)
        close(descriptor)
        guard written else { return .failure(.cannotCreate(folder: folder, reason: Self.errorText())) }
        let command = self.command
        guard let status = run(command + " " + Self.quoted(path)) else { return .failure(.cannotStart(command)) }
        guard status == 0 else { return .failure(.exited(command, status: status)) }
        guard let edited = Self.read(path) else { return .failure(.cannotRead(path: path, reason: Self.errorText())) }
        return .success(edited)
    }

    /// `path` quoted for `/bin/sh`.
    static func quoted(_ path: String) -> String {
        "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    private static func write(_ text: [UInt8], to descriptor: Int32) -> Bool {
        DescriptorWrite.all(text.span, to: descriptor) == 0
    }

    private static func read(_ path: String) -> [UInt8]? {
        // The temporary file is this type's: it opens, reads and closes it here.
        let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        while true {
            let count = DescriptorRead.some(from: descriptor, atMost: 1 << 16, appendingTo: &bytes)
            if count < 0 { return nil }
            if count == 0 { break }
        }
        return bytes
    }

    /// What `errno` says, read at once (strerror's text lives until the next call).
    private static func errorText() -> String { unsafe String(cString: strerror(errno)) }
}

/// Why the editor gave no text back; nothing was changed.
enum ExternalEditorFailure: Error, Equatable {
    /// The temporary file could not be made.
    case cannotCreate(folder: String, reason: String)
    /// The editor command could not be started.
    case cannotStart(String)
    /// No editor was chosen and there is no terminal for `vi` to run on.
    case noTerminal
    /// The editor exited with a failure status (or was killed).
    case exited(String, status: Int32)
    /// The edited file could not be read back.
    case cannotRead(path: String, reason: String)

    /// The message for the user.
    var message: String {
        switch self {
        case .cannotCreate(let folder, let reason):
            return "cannot make a temporary file in \(folder): \(reason); set TMPDIR to a writable folder"
        case .cannotStart(let command):
            return "cannot start the editor '\(command)'; set VISUAL or EDITOR to an editor that is installed"
        case .noTerminal:
            return "there is no terminal for vi to run on; set VISUAL or EDITOR to a command that edits the file "
                + "named after it (a script, say), or run editor at a terminal"
        case .exited(let command, let status):
            return "the editor '\(command)' exited with status \(status), so nothing was changed"
        case .cannotRead(let path, let reason):
            return "cannot read the edited file \(path): \(reason); nothing was changed"
        }
    }
}
