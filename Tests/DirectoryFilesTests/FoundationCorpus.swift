import Foundation

@testable import DirectoryCore
@testable import DirectoryFiles

/// Files written by Foundation itself — the apps' own encoders, and
/// `PropertyListSerialization` for keys the apps do not declare — for the
/// byte-identity tests (`FoundationCorpusTests`).
enum FoundationCorpus {
    /// Text no writer may change: control characters, a carriage return, `/`, XML's
    /// special characters, and one character of every Unicode plane. Foundation writes
    /// control characters and non-characters raw in XML too (XML 1.0 has no room for
    /// them) and reads them back, and so does this program.
    static func hostileStrings() -> [String] {
        var strings = [
            "", "Acacia Ackles", "line\rreturn", "crlf\r\nend", "a/b\\c\"d", "&<>'\"", "\t tab\nfeed",
            "Zoë e\u{301} 李 👩‍👩‍👧‍👦 🇨🇦", "\u{2028}\u{2029}\u{85}\u{A0}",
        ]
        // One scalar of each of the 17 planes (the private-use planes' last usable ones too).
        strings.append((0...16).map { plane in String(Unicode.Scalar(plane * 0x10000 + 0x41) ?? "?") }.joined())
        strings.append("\u{E0001}\u{F0000}\u{10FFFD}\u{FFFD}")
        strings.append((1..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{7F}")
        strings.append("\u{FFFE}\u{FFFF}\u{0}")
        return strings
    }

    /// Dates at the edges: `distantPast`, `distantFuture`, the reference date, before
    /// it, fractions, and a date far beyond the calendar.
    static let dates: [Double] = [
        ListKind.distantPast, 63_113_904_000, 0, -0.125, -1, 786_000_000.123456, 1e-300, 1e10, 1.5e15,
        -978_307_200,
    ]

    /// `count` people, with hostile text and random ids.
    static func people(_ count: Int, using generator: inout SeededGenerator) -> [AppPerson] {
        let strings = hostileStrings()
        return (0..<count).map { index in
            AppPerson(
                id: uuid(using: &generator), name: strings[index % strings.count],
                office: strings[(index * 7 + 3) % strings.count])
        }
    }

    /// `count` bucket items, with hostile text, dates at the edges and random ids.
    static func items(_ count: Int, using generator: inout SeededGenerator) -> [AppBucketItem] {
        let strings = hostileStrings()
        return (0..<count).map { index in
            AppBucketItem(
                id: uuid(using: &generator), name: strings[index % strings.count],
                note: strings[(index * 5 + 1) % strings.count],
                completedDate: Date(timeIntervalSinceReferenceDate: dates[index % dates.count]))
        }
    }

    /// A random UUID from `generator`.
    static func uuid(using generator: inout SeededGenerator) -> UUID {
        let high = generator.next()
        let low = generator.next()
        // The sixteen bytes of `high` then `low`, most significant first.
        let raw = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (56 - 8 * ($0 % 8))) }
        return UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], 0x40 | raw[6] & 0x0F, raw[7],
                0x80 | raw[8] & 0x3F, raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
    }

    /// `value` encoded by Foundation in `format`, as the apps save it.
    static func encode<Value: Encodable>(_ value: Value, as format: FileFormat) throws -> [UInt8] {
        switch format {
        case .json:
            return Array(try JSONEncoder().encode(value))
        case .binaryPlist, .xmlPlist:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xmlPlist ? .xml : .binary
            return Array(try encoder.encode(value))
        }
    }

    /// A value of every property-list type, for unknown keys.
    static var unknownValues: [Any] {
        [
            "text/with\r", Int64(-5), Int64.max, UInt64.max, 0.1, -0.0, Float(1.5), true, false,
            Date(timeIntervalSinceReferenceDate: 12.5), Data([0, 1, 2, 250]), [1, "two", [3.5]] as [Any],
            ["inner": "x", "n": 2] as [String: Any],
        ]
    }

    /// Records as dictionaries with unknown keys whose names sort before (`a…`), between
    /// (`j…`, `nb…`) and after (`z…`) the known ones, each holding a value of another type.
    static func dictionaries(_ count: Int, bucket: Bool, using generator: inout SeededGenerator) -> [[String: Any]] {
        let strings = hostileStrings()
        return (0..<count).map { index in
            var dictionary: [String: Any] = [
                "id": uuid(using: &generator).uuidString, "name": strings[index % strings.count],
            ]
            if bucket {
                dictionary["note"] = strings[(index + 2) % strings.count]
                dictionary["completedDate"] = Date(timeIntervalSinceReferenceDate: dates[index % dates.count])
            } else {
                dictionary["office"] = strings[(index + 4) % strings.count]
            }
            for (offset, name) in ["aa", "jj", "nb", "zz"].enumerated() {
                dictionary[name] = unknownValues[(index + offset * 3) % unknownValues.count]
            }
            return dictionary
        }
    }

    /// A JSON file of `count` records written member by member with Foundation's own
    /// encodings of each value, in a key order per record drawn from `generator`
    /// (one order for the whole file when `oneOrder`), with unknown keys of every
    /// JSON type (numbers as `JSONSerialization` writes them) among the known ones.
    static func jsonWithKeyOrders(
        _ count: Int, bucket: Bool, unknownKeys: Bool, oneOrder: Bool, using generator: inout SeededGenerator
    ) throws -> [UInt8] {
        let strings = hostileStrings()
        let encoder = JSONEncoder()
        let unknown: [String] = [
            "-0", "1e-07", "0.1", "18446744073709551615", "3.14159265358979323846", "null", "true",
            #"[1,"a\/b",{"k":-0}]"#, #"{"nested":{"x":1.5}}"#, "0.000000000000000017677670333165535",
        ]
        var fileOrder: [Int]?
        var text = "["
        for index in 0..<count {
            var members: [String] = []
            members.append(#""id":"# + String(decoding: try encoder.encode(uuid(using: &generator)), as: UTF8.self))
            members.append(
                #""name":"# + String(decoding: try encoder.encode(strings[index % strings.count]), as: UTF8.self))
            if bucket {
                let note = strings[(index + 3) % strings.count]
                let date = Date(timeIntervalSinceReferenceDate: dates[index % dates.count])
                members.append(#""note":"# + String(decoding: try encoder.encode(note), as: UTF8.self))
                members.append(#""completedDate":"# + String(decoding: try encoder.encode(date), as: UTF8.self))
            } else {
                members.append(
                    #""office":"#
                        + String(decoding: try encoder.encode(strings[index / 3 % strings.count]), as: UTF8.self))
            }
            if unknownKeys {
                for offset in 0..<3 {
                    members.append(#""x\#(offset)":"# + unknown[(index + offset * 4) % unknown.count])
                }
            }
            let order =
                oneOrder
                ? (fileOrder ?? members.indices.shuffled(using: &generator))
                : members.indices.shuffled(using: &generator)
            fileOrder = order
            text += (index > 0 ? "," : "") + "{" + order.map { members[$0] }.joined(separator: ",") + "}"
        }
        return Array((text + "]").utf8)
    }
}
