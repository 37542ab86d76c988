/// A change libedit made by code point, widened to whole characters (grapheme clusters):
/// what `LineChanges` applies after each key.
enum ClusterRepair {
    /// `new` with the text it deleted from `old` widened to the whole clusters of `old` it cut
    /// into; `nil` when it cut none (typing, a whole character deleted). A replacement that
    /// makes one character with the rest of the one it cut (`~` on the `e` of `é`) keeps it.
    static func repair(from old: LineState, to new: LineState) -> LineState? {
        let before = Array(old.text.unicodeScalars)
        let after = Array(new.text.unicodeScalars)
        var start = 0
        while start < before.count, start < after.count, before[start] == after[start] { start += 1 }
        var same = 0
        while same < before.count - start, same < after.count - start,
            before[before.count - 1 - same] == after[after.count - 1 - same]
        {
            same += 1
        }
        let deletedEnd = before.count - same
        let insertedEnd = after.count - same
        guard deletedEnd > start else { return nil }  // nothing deleted
        let bounds = boundaries(of: old.text)
        let wideStart = bounds.last { $0 <= start } ?? 0
        var wideEnd = bounds.first { $0 >= deletedEnd } ?? before.count
        let inserted = String(String.UnicodeScalarView(after[start..<insertedEnd]))
        if !inserted.isEmpty, wideEnd > deletedEnd {
            let rest = String(String.UnicodeScalarView(before[deletedEnd..<wideEnd]))
            if (inserted + rest).count == inserted.count { wideEnd = deletedEnd }
        }
        guard wideStart < start || wideEnd > deletedEnd else { return nil }
        let text = String(
            String.UnicodeScalarView(before[..<wideStart] + after[start..<insertedEnd] + before[wideEnd...]))
        let extraBefore = start - wideStart
        let extraAfter = wideEnd - deletedEnd
        let cursor: Int
        switch new.cursor {
        case ...wideStart: cursor = new.cursor
        case ...start: cursor = wideStart
        case ...insertedEnd: cursor = new.cursor - extraBefore
        case ...(insertedEnd + extraAfter): cursor = insertedEnd - extraBefore
        default: cursor = new.cursor - extraBefore - extraAfter
        }
        return LineState(text: text, cursor: cursor)
    }

    /// The offsets, in Unicode scalars, where the clusters of `text` start, and its end.
    static func boundaries(of text: String) -> [Int] {
        var offsets = [0]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            offsets.append(offset)
        }
        return offsets
    }
}
