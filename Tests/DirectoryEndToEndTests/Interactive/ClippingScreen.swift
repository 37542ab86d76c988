import DirectoryCore

/// A terminal's screen that does not re-wrap its rows when the window is resized, as xterm
/// and the Linux console do: a narrower window cuts each row, a wider one pads it, and the
/// cursor keeps its row. Fed the program's output, it shows what such a terminal shows.
/// Understands text (by grapheme cluster, with the widths `DisplayWidth` gives), `\r`, `\n`,
/// `\b` and the CSI sequences the prompt writes: `A` `B` `C` `D` (moves), `G` (column),
/// `H` (place), `J` (clear below) and `K` (clear to the row's end); others change nothing.
struct ClippingScreen {
    private(set) var width: Int
    let height: Int
    private var cells: [[String]]
    private(set) var row = 0
    private(set) var column = 0
    /// Whether the last character filled the row: the next one starts the next row.
    private var pendingWrap = false

    /// An empty screen `width` × `height`.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// The rows as shown, trailing spaces and trailing blank rows left out.
    var rows: [String] {
        var shown = cells.map { String($0.joined().reversed().drop { $0 == " " }.reversed()) }
        while shown.last == "" { shown.removeLast() }
        return shown
    }

    /// The window is made `width` columns wide: rows are cut or padded, never re-wrapped.
    mutating func resize(width: Int) {
        cells = cells.map { row in
            row.count >= width ? Array(row.prefix(width)) : row + Array(repeating: " ", count: width - row.count)
        }
        self.width = width
        column = min(column, width - 1)
        pendingWrap = false
    }

    /// Shows `output`.
    mutating func feed(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        var run = String.UnicodeScalarView()
        func flush(_ screen: inout ClippingScreen) {
            for character in String(run) { screen.put(character) }
            run = String.UnicodeScalarView()
        }
        while let scalar = scalars.popFirst() {
            if scalar.value >= 0x20, scalar.value != 0x7F, scalar != "\u{1B}" {
                run.append(scalar)
                continue
            }
            flush(&self)
            switch scalar {
            case "\r":
                column = 0
                pendingWrap = false
            case "\n": lineFeed(returning: false)
            case "\u{08}":
                column = max(0, column - 1)
                pendingWrap = false
            case "\u{1B}":
                guard scalars.first == "[" else { continue }
                scalars.removeFirst()
                var parameter = ""
                while let next = scalars.popFirst() {
                    if next.properties.numericType != nil || next == ";" || next == "?" {
                        parameter.unicodeScalars.append(next)
                        continue
                    }
                    control(next, parameter)
                    break
                }
            default: break
            }
        }
        flush(&self)
    }

    private mutating func control(_ final: Unicode.Scalar, _ parameter: String) {
        let numbers = parameter.split(separator: ";").map { Int($0) ?? 1 }
        let count = max(numbers.first ?? 1, 1)
        if final != "m" { pendingWrap = false }
        switch final {
        case "A": row = max(0, row - count)
        case "B": row = min(height - 1, row + count)
        case "C": column = min(width - 1, column + count)
        case "D": column = max(0, column - count)
        case "G": column = min(width - 1, count - 1)
        case "H":
            row = min(height - 1, max(numbers.first ?? 1, 1) - 1)
            column = min(width - 1, max(numbers.count > 1 ? numbers[1] : 1, 1) - 1)
        case "J":
            if parameter == "2" {
                cells = Array(repeating: Array(repeating: " ", count: width), count: height)
            } else if !parameter.hasPrefix("?") {
                for c in column..<width { cells[row][c] = " " }
                for r in (row + 1)..<height { cells[r] = Array(repeating: " ", count: width) }
            }
        case "K":
            for c in column..<width { cells[row][c] = " " }
        default: break
        }
    }

    /// The next row (the screen scrolls at the bottom), at its start when `returning` (a wrap).
    private mutating func lineFeed(returning: Bool) {
        pendingWrap = false
        if row == height - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: width))
        } else {
            row += 1
        }
        if returning { column = 0 }
    }

    private mutating func put(_ character: Character) {
        let columns = max(DisplayWidth.of(character), 0)
        guard columns > 0 else { return }
        if pendingWrap || column + columns > width {
            lineFeed(returning: true)
        }
        cells[row][column] = String(character)
        if columns == 2, column + 1 < width { cells[row][column + 1] = "" }
        column += columns
        if column >= width {
            column = width - 1
            pendingWrap = true
        }
    }
}
