extension FileBytes {
    /// The fingerprint of the file at `path`, hashed a megabyte at a time so that checking
    /// a large list before a save never holds a second copy of it; `nil` when there is no file.
    static func fingerprint(path: String) throws(StorageError) -> FileFingerprint? {
        guard var window = try ReadWindow(path: path, capacity: 1 << 20) else { return nil }
        while !window.atEnd { window.more(keepingFrom: window.count) }
        if let failure = window.failure { throw failure }
        return window.fingerprint
    }
}
