import CLibEdit

/// Conversions between Swift strings and libedit's wide (`wchar_t`, UTF-32) text.
enum WideText {
    /// The string of `characters`; values that are not Unicode scalars are dropped.
    static func string(_ characters: UnsafeBufferPointer<wchar_t>) -> String {
        var scalars = String.UnicodeScalarView()
        for index in 0..<characters.count {
            let character = unsafe characters[index]
            if let scalar = Unicode.Scalar(UInt32(bitPattern: character)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// The string of a NUL-terminated wide string.
    static func string(_ text: UnsafePointer<wchar_t>) -> String {
        unsafe string(UnsafeBufferPointer(start: text, count: wcslen(text)))
    }

    /// Calls `body` with `text` as a NUL-terminated wide string.
    static func withWide<Result>(_ text: String, _ body: (UnsafePointer<wchar_t>) -> Result) -> Result {
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        return unsafe wide.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return unsafe body([0]) }
            return unsafe body(base)
        }
    }
}
