/// The value of a record entry read by `XMLPlistScanner.readSimpleEntry()`.
enum XMLPlistSimpleValue {
    /// A `<string>` without entities: where its (valid UTF-8) text lies in the file.
    case text(Range<Int>)
    /// A `<date>`, in seconds since 2001.
    case date(Double)
}
