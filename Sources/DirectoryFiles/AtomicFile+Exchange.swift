import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Linux's `renameat2`, which swaps two names in one step (`RENAME_EXCHANGE`) or renames
/// without replacing (`RENAME_NOREPLACE`). Glibc's Swift module does not declare it (it
/// is behind `_GNU_SOURCE`), so it is looked up in the C library by name; where it is
/// missing (an old C library, another system) every call says `unsupported`.
enum RenameExchange {
    /// What a call did.
    enum Outcome: Equatable {
        /// The names were swapped (or the file renamed).
        case done
        /// The system or the file system cannot do it: `EINVAL`, `ENOSYS`, `EOPNOTSUPP`, or no `renameat2`.
        case unsupported
        /// It failed with this `errno`.
        case failed(Int32)
    }

    private typealias Function =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// `RENAME_NOREPLACE` and `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let noReplaceFlag: UInt32 = 1
    private static let exchangeFlag: UInt32 = 2

    /// `renameat2` from the C library, looked up once; `nil` where there is none.
    private static let function: Function? = {
        #if os(Linux)
            guard let library = unsafe dlopen(nil, RTLD_NOW), let symbol = unsafe dlsym(library, "renameat2") else {
                return nil
            }
            return unsafe unsafeBitCast(symbol, to: Function.self)
        #else
            return nil
        #endif
    }()

    /// Whether this system has `renameat2` at all (a file system may still refuse it).
    static var isAvailable: Bool { unsafe function != nil }

    /// Swaps the files at `first` and `second`, both of which must exist.
    static func exchange(_ first: String, _ second: String) -> Outcome {
        call(first, second, flags: exchangeFlag)
    }

    /// Renames `source` to `target` only when nothing is at `target` (else `failed(EEXIST)`).
    static func renameWithoutReplacing(_ source: String, to target: String) -> Outcome {
        call(source, target, flags: noReplaceFlag)
    }

    private static func call(_ first: String, _ second: String, flags: UInt32) -> Outcome {
        guard let function = unsafe function else { return .unsupported }
        while true {
            if unsafe function(AT_FDCWD, first, AT_FDCWD, second, flags) == 0 { return .done }
            let code = errno
            switch code {
            case EINTR: continue
            case EINVAL, ENOSYS, EOPNOTSUPP: return .unsupported
            default: return .failed(code)
            }
        }
    }
}
