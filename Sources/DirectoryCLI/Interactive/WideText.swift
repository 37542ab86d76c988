import CLibEdit

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

    /// `text` as wide characters, NUL-terminated, as libedit takes them.
    static func characters(of text: String) -> [wchar_t] {
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        return wide
    }
}
