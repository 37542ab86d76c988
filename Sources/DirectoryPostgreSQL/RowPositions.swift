import DirectoryCore

/// Where an inserted row goes in the list's order (`position`): halfway between the row it
/// follows and the next one. When that gap is too small for a `double precision` to split,
/// the rows around it are spaced out again in the same transaction (a wider neighbourhood
/// each time it is still too crowded, the whole list at worst), so positions never run out.
struct RowPositions {
    let statements: TableStatements
    let connection: PostgreSQLConnection
    /// The revision of rows this transaction writes.
    let revision: Int64

    /// How many rows on each side of the spot are spaced out at first.
    static let firstRadius = 16

    /// The position of a row inserted after the row `after` (`nil`: first).
    func position(after: RecordID?) throws(PostgreSQLError) -> Double {
        guard let after else {
            let first = try connection.run(statements.ends).value(row: 0, column: 0).flatMap(Double.init)
            return (first ?? 1) - 1
        }
        for _ in 0..<2 {
            let row = try connection.run(statements.neighbours, [after.description])
            guard row.rowCount > 0, let previous = row.value(row: 0, column: 0).flatMap(Double.init) else {
                // The row it followed is gone (deleted meanwhile): the new one goes last.
                let last = try connection.run(statements.ends).value(row: 0, column: 1).flatMap(Double.init)
                return (last ?? 0) + 1
            }
            guard let next = row.value(row: 0, column: 1).flatMap(Double.init) else { return previous + 1 }
            let middle = previous + (next - previous) / 2
            if Self.fits(middle, between: previous, and: next) { return middle }
            try respace(around: previous)
        }
        throw PostgreSQLError("the list's positions could not be spaced out around a new row")
    }

    /// Whether `middle` splits the gap with room to spare (a millionth of a millionth of the values' size).
    static func fits(_ middle: Double, between low: Double, and high: Double) -> Bool {
        let scale = max(1, abs(low), abs(high))
        return middle > low && middle < high && (high - low) > scale * 1e-9
    }

    /// Spaces the rows near `position` evenly, widening the neighbourhood until its
    /// rows are at least a thousandth of the values' size apart.
    private func respace(around position: Double) throws(PostgreSQLError) {
        var radius = Self.firstRadius
        while true {
            let low = try connection.run(statements.positionBefore, [String(position), String(radius)])
                .value(row: 0, column: 0).flatMap(Double.init)
            let high = try connection.run(statements.positionAfter, [String(position), String(radius)])
                .value(row: 0, column: 0).flatMap(Double.init)
            let bounds = [low.map { String($0) }, high.map { String($0) }]
            let count =
                try connection.run(statements.countBetween, bounds).value(row: 0, column: 0)
                .flatMap { Int($0) } ?? 0
            let first: Double
            let step: Double
            switch (low, high) {
            case (let low?, let high?):
                step = (high - low) / Double(count + 1)
                guard step > max(1, abs(low), abs(high)) * 1e-6 else {
                    radius *= 4
                    continue
                }
                first = low + step
            case (let low?, nil):
                (first, step) = (low + 1, 1)
            case (nil, let high?):
                (first, step) = (high - Double(count), 1)
            case (nil, nil):
                (first, step) = (1, 1)
            }
            try connection.run(statements.respace, bounds + [String(first), String(step), String(revision)])
            return
        }
    }
}
