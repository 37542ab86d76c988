import DirectoryCore
import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The `-f FILE` script, opened for reading: a file, a pipe or a FIFO (`-f <(…)`),
/// never a folder, which `open` accepts but cannot be read.
enum ScriptFile {
    /// Why a script cannot be run, and the exit status that says so.
    struct Problem: Error {
        /// The message, naming the script.
        let message: String
        /// 2 for a folder (a mistake on the command line), 1 when reading fails.
        let status: Int32
    }

    /// Opens the script at `path` (`shown` is how the user wrote it); the caller closes the descriptor.
    static func open(_ path: String, shown: String) -> Result<Int32, Problem> {
        // The descriptor is this type's until it hands it to the caller.
        let descriptor = unsafe Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            // strerror's text is read at once, before any other call can change it.
            let reason = unsafe String(cString: strerror(errno))
            return .failure(Problem(message: "cannot read the script \(shown): \(reason)", status: 1))
        }
        let type = OpenDescriptor(number: descriptor).fileType
        if type == S_IFDIR {
            close(descriptor)
            return .failure(
                Problem(message: "cannot run the script \(shown): it is a folder, not a file", status: 2))
        }
        if type == S_IFREG, startsBinary(descriptor) {
            close(descriptor)
            return .failure(
                Problem(
                    message:
                        "cannot run the script \(shown): it is not text (a NUL byte in its first 4 KiB: a program, "
                        + "a binary plist, or UTF-16 text); a list is opened with 'open', not run",
                    status: 1))
        }
        return .success(descriptor)
    }

    /// A descriptor of standard input for `-f -` (its own, which the caller closes).
    static func standardInput() -> Result<Int32, Problem> {
        let descriptor = dup(0)
        guard descriptor >= 0 else {
            let reason = unsafe String(cString: strerror(errno))
            return .failure(Problem(message: "cannot read the script from standard input: \(reason)", status: 1))
        }
        return .success(descriptor)
    }

    /// Whether the regular file open at `descriptor` has a NUL byte in its first 4 KiB, as
    /// no script of commands has (bash refuses such a file as binary); read without moving the
    /// file's offset.
    private static func startsBinary(_ descriptor: Int32) -> Bool {
        var block: [UInt8] = []
        _ = DescriptorRead.some(from: descriptor, at: 0, atMost: 4096, appendingTo: &block)
        return block.contains(0)
    }
}
