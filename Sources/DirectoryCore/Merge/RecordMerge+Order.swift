/// Putting back an order `recover` kept, around the records other sessions added since.
extension RecordMerge {
    /// `merged` in the order of `order` (the keys of a list): the records `order` names keep
    /// that order, and a record it does not name stays before the record it preceded in
    /// `merged` (or last, when nothing `order` names followed it).
    static func ordered(_ merged: [Record], byKeys order: [RecordKey]) -> [Record] {
        var ourPosition: [RecordKey: Int] = [:]
        ourPosition.reserveCapacity(order.count)
        for (position, key) in order.enumerated() { ourPosition[key] = position }
        var waiting: [Record] = []
        var preceding: [RecordKey: [Record]] = [:]
        var shared: [Record] = []
        for record in merged {
            if ourPosition[record.key] != nil {
                shared.append(record)
                if !waiting.isEmpty { preceding[record.key] = waiting }
                waiting = []
            } else {
                waiting.append(record)
            }
        }
        shared.sort { (ourPosition[$0.key] ?? 0) < (ourPosition[$1.key] ?? 0) }
        var result: [Record] = []
        result.reserveCapacity(merged.count)
        for record in shared {
            result += preceding[record.key] ?? []
            result.append(record)
        }
        return result + waiting
    }
}
