/// Keeping this session's order when it reordered the list and another session saved meanwhile.
extension RecordMerge {
    /// `merged` in the order of `ours`: the records this session has keep its order, and a
    /// record only the other session has stays after the record it followed in `merged`
    /// (or first, when it led the list).
    static func ordered(_ merged: [Record], like ours: [Record]) -> [Record] {
        var ourPosition: [RecordID: Int] = [:]
        ourPosition.reserveCapacity(ours.count)
        for (position, record) in ours.enumerated() { ourPosition[record.id] = position }
        var leading: [Record] = []
        var following: [RecordID: [Record]] = [:]
        var shared: [Record] = []
        var anchor: RecordID?
        for record in merged {
            if ourPosition[record.id] != nil {
                shared.append(record)
                anchor = record.id
            } else if let anchor {
                following[anchor, default: []].append(record)
            } else {
                leading.append(record)
            }
        }
        shared.sort { (ourPosition[$0.id] ?? 0) < (ourPosition[$1.id] ?? 0) }
        var result = leading
        result.reserveCapacity(merged.count)
        for record in shared {
            result.append(record)
            result += following[record.id] ?? []
        }
        return result
    }
}
