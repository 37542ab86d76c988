import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

/// Conversions between Swift strings and libedit's wide (`wchar_t`, UTF-32) text.
enum WideText {
    /// The string of `characters`; values that are not Unicode scalars are dropped.
    static func string(_ characters: Span<wchar_t>) -> String {
        var scalars = String.UnicodeScalarView()
        for index in characters.indices {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: characters[index])) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Whether `first` and `second` hold the same characters, compared as memory: the line is
    /// compared with the one before at each key, also at each key of a long paste.
    static func same(_ first: Span<wchar_t>, _ second: Span<wchar_t>) -> Bool {
        guard first.count == second.count else { return false }
        return unsafe first.withUnsafeBufferPointer { first in
            unsafe second.withUnsafeBufferPointer { second in
                guard let one = first.baseAddress, let other = second.baseAddress else { return true }
                return unsafe memcmp(one, other, first.count * MemoryLayout<wchar_t>.stride) == 0
            }
        }
    }

    /// `text` as wide characters, NUL-terminated, as libedit takes them.
    static func characters(of text: String) -> [wchar_t] {
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        return wide
    }
}
