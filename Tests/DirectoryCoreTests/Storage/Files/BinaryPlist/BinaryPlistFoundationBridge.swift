import Foundation

@testable import DirectoryCore

/// Converts between the model's `PropertyValue` and the objects
/// `PropertyListSerialization` reads and writes, for differential tests.
enum BinaryPlistFoundationBridge {
    /// The Foundation object for `value` (`.null` has none and becomes `nil`).
    static func object(_ value: PropertyValue) -> Any? {
        switch value {
        case .string(let text): return text
        case .integer(let number): return Int(number)
        case .real(let number): return number
        case .float(let number): return number
        case .numberText(let digits): return UInt64(digits).map { $0 as Any } ?? Double(digits)
        case .bool(let flag): return flag
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let bytes): return Data(bytes)
        case .null: return nil
        case .array(let elements): return elements.compactMap(object)
        case .dictionary(let pairs):
            var dictionary: [String: Any] = [:]
            for pair in pairs {
                if let value = object(pair.value) { dictionary[pair.key] = value }
            }
            return dictionary
        }
    }

    /// The dictionary `PropertyListSerialization` would read for `record`.
    static func object(_ record: Record, kind: ListKind) -> [String: Any] {
        var dictionary: [String: Any] = ["id": record.id.description]
        for (field, value) in zip(kind.fields, record.values) {
            switch value {
            case .text(let text): dictionary[field.name] = text
            case .date(let seconds): dictionary[field.name] = Date(timeIntervalSinceReferenceDate: seconds)
            }
        }
        for extra in record.extras {
            if let value = object(extra.value) { dictionary[extra.key] = value }
        }
        return dictionary
    }

    /// `value` with every dictionary's keys sorted, so that values read from
    /// files with different key orders compare equal.
    static func sorted(_ value: PropertyValue) -> PropertyValue {
        switch value {
        case .array(let elements): return .array(elements.map(sorted))
        case .dictionary(let pairs):
            return .dictionary(pairs.map { KeyedValue($0.key, sorted($0.value)) }.sorted { $0.key < $1.key })
        default: return value
        }
    }

    /// The XML property list `PropertyListSerialization` writes for `object`
    /// (dictionary keys sorted), a canonical form for comparing plists.
    static func xml(_ object: Any) throws -> String {
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// The canonical XML of the plist in `bytes`, as Foundation reads it.
    static func xml(reading bytes: [UInt8]) throws -> String {
        let object = try unsafe PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        return try xml(object)
    }

    /// Extras that exercise every plist type, nested.
    static let sampleExtras: [KeyedValue] = [
        KeyedValue("favorite", .bool(true)),
        KeyedValue("retired", .bool(false)),
        KeyedValue("age", .integer(42)),
        KeyedValue("big", .integer(70_000)),
        KeyedValue("huge", .integer(Int64.max)),
        KeyedValue("negative", .integer(-5)),
        KeyedValue("ratio", .real(0.1)),
        KeyedValue("tiny", .real(-2.5e-300)),
        KeyedValue("born", .date(-1_000_000.75)),
        KeyedValue("photo", .data([0, 1, 2, 0xFF, 0xFE] + Array(repeating: 7, count: 20))),
        KeyedValue(
            "nested",
            .dictionary([
                KeyedValue("list", .array([.integer(1), .string("two 😀"), .array([.real(3.5), .dictionary([])])])),
                KeyedValue("empty", .array([])),
                KeyedValue("ключ", .string("значение")),
                KeyedValue("when", .date(0.5)),
            ])),
        KeyedValue("tags", .array((0..<20).map { .string("tag \($0 % 4)") })),
    ]
}
