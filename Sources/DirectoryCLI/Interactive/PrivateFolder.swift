#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The check `HistoryFile` makes of the folder that holds the history: one that another
/// user can write is refused, because that user could plant links or files there for
/// this program to read or write through. (Recovery journals check their own folder,
/// `RecoveryFolder.prepare`.)
enum PrivateFolder {
    /// Why `folder` is not private, or `nil` when it is (or does not exist yet):
    /// writable by its group or by everyone, or owned by another user.
    static func problem(with folder: String) -> String? {
        var info = stat()
        // stat(2) takes the path as a C string and fills the local `info`, during the call only.
        guard unsafe stat(folder, &info) == 0 else { return nil }
        let mode = "mode 0" + String(info.st_mode & 0o7777, radix: 8)
        if info.st_mode & 0o022 != 0 {
            return "the folder \(folder) can be written by other users (\(mode)); "
                + "make it private with chmod go-w '\(folder)'"
        }
        if info.st_uid != geteuid(), info.st_uid != 0 {
            return "the folder \(folder) belongs to another user (uid \(info.st_uid)); use a folder of your own"
        }
        return nil
    }
}
