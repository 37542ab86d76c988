/// Reads objects of a binary property list into `PropertyValue`s, guarding
/// against hostile object graphs: reference cycles, nesting deeper than
/// `maximumDepth`, and shared containers that would expand without bound.
///
/// Dictionary keys are cached by object number: writers share one key object
/// between all records, so a million records decode "name" once.
struct BinaryPlistValueParser: ~Escapable {
    /// The deepest nesting of arrays and dictionaries accepted, counting the top-level array.
    static let maximumDepth = 512

    /// The objects being read.
    let table: BinaryPlistObjectTable
    /// The containers being read, outermost first.
    private var stack: [Int] = []
    /// How many more values may be read; a file without shared containers
    /// reads one value per reference, so this bounds the work by the file size.
    private(set) var budget: Int
    private var cachedKeyObjects = [Int](repeating: -1, count: 64)
    private var cachedKeys = [String](repeating: "", count: 64)

    /// Creates a parser over a validated object table.
    @_lifetime(copy table)
    init(table: BinaryPlistObjectTable) {
        self.table = table
        budget = table.bytes.count.multipliedReportingOverflow(by: 16).partialValue + 4096
    }

    /// Marks `container` as being read: throws on a cycle or too deep nesting.
    mutating func enter(_ container: BinaryPlistObject) throws(FileFormatError) {
        guard !stack.contains(container.index) else {
            throw FileFormatError(
                "object \(container.index) (\(container.kind.description)) contains itself (a reference cycle)",
                offset: container.position)
        }
        guard stack.count < Self.maximumDepth else {
            throw FileFormatError(
                "arrays and dictionaries are nested more than \(Self.maximumDepth) levels deep",
                offset: container.position)
        }
        stack.append(container.index)
    }

    /// Marks the innermost container as read.
    mutating func leave() {
        stack.removeLast()
    }

    /// Counts `count` values against the budget, which must have `count` left.
    @inline(__always)
    mutating func spend(_ count: Int) {
        precondition(budget >= count, "the budget must have room for the values spent at once")
        budget &-= count
    }

    /// Counts one value against the budget.
    mutating func spend(at position: Int) throws(FileFormatError) {
        budget -= 1
        guard budget >= 0 else {
            throw FileFormatError(
                "the file shares the same arrays or dictionaries so often that reading it would never end",
                offset: position)
        }
    }

    /// Reads the dictionary key that is object `index`, which must be a string.
    mutating func key(_ index: Int, in dictionary: BinaryPlistObject) throws(FileFormatError) -> String {
        let slot = index & 63
        if cachedKeyObjects[slot] == index { return cachedKeys[slot] }
        let object = try table.object(index)
        let key: String
        switch object.kind {
        case .asciiString: key = try BinaryPlistStringDecoder.ascii(table.bytes, object)
        case .utf16String: key = try BinaryPlistStringDecoder.utf16(table.bytes, object)
        default:
            throw FileFormatError(
                "a key of the dictionary at byte \(dictionary.position) is \(object.kind.description), expected a string",
                offset: object.position)
        }
        cachedKeyObjects[slot] = index
        cachedKeys[slot] = key
        return key
    }

    /// Reads object `index` and everything it contains.
    mutating func value(_ index: Int) throws(FileFormatError) -> PropertyValue {
        let object = try table.object(index)
        try spend(at: object.position)
        let bytes = table.bytes
        switch object.kind {
        case .asciiString: return .string(try BinaryPlistStringDecoder.ascii(bytes, object))
        case .utf16String: return .string(try BinaryPlistStringDecoder.utf16(bytes, object))
        case .null: return .null
        case .boolean: return .bool(object.marker == 0x09)
        case .integer: return try integer(object)
        case .real:
            let bits = BinaryPlistTrailer.bigEndian(bytes, at: object.payload, size: object.count)
            // A 4-byte real stays 4 bytes wide when written back.
            if object.count == 4 { return .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) }
            return .real(Double(bitPattern: bits))
        case .date:
            return .date(Double(bitPattern: BinaryPlistTrailer.bigEndian(bytes, at: object.payload)))
        case .data:
            var data: [UInt8] = []
            data.append(bytes.extracting(object.payload..<(object.payload + object.count)))
            return .data(data)
        case .array, .set:
            try enter(object)
            var elements: [PropertyValue] = []
            elements.reserveCapacity(object.count)
            for slot in 0..<object.count {
                elements.append(try value(table.reference(in: object, slot: slot)))
            }
            leave()
            return .array(elements)
        case .dictionary:
            try enter(object)
            let pairs = try dictionary(object)
            leave()
            return .dictionary(pairs)
        }
    }

    /// Reads the pairs of a nested dictionary (already entered), rejecting repeated keys.
    private mutating func dictionary(_ object: BinaryPlistObject) throws(FileFormatError) -> [KeyedValue] {
        var pairs: [KeyedValue] = []
        pairs.reserveCapacity(object.count)
        var seen: Set<String> = []
        for slot in 0..<object.count {
            let key = try key(table.reference(in: object, slot: slot), in: object)
            let isRepeated = object.count > 8 ? !seen.insert(key).inserted : pairs.contains { $0.key == key }
            guard !isRepeated else {
                throw FileFormatError(
                    "the dictionary at byte \(object.position) has the key '\(key)' twice", offset: object.position)
            }
            let value = try value(table.reference(in: object, slot: object.count + slot))
            pairs.append(KeyedValue(key, value))
        }
        return pairs
    }

    /// Reads an integer object: 1, 2 and 4 bytes are unsigned, 8 bytes signed,
    /// and 16 bytes are Foundation's form of an unsigned 64-bit number (its high
    /// half zero): one above `Int64.max` is kept as its digits (`.numberText`),
    /// which a save writes back as 16 bytes.
    private func integer(_ object: BinaryPlistObject) throws(FileFormatError) -> PropertyValue {
        let bytes = table.bytes
        switch object.count {
        case 16:
            let high = BinaryPlistTrailer.bigEndian(bytes, at: object.payload)
            let low = BinaryPlistTrailer.bigEndian(bytes, at: object.payload + 8)
            guard high == 0 else {
                throw FileFormatError(
                    "the 16-byte integer at byte \(object.position) does not fit in an unsigned 64-bit integer",
                    offset: object.position)
            }
            return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .numberText(String(low))
        case 8:
            return .integer(Int64(bitPattern: BinaryPlistTrailer.bigEndian(bytes, at: object.payload)))
        default:
            return .integer(Int64(BinaryPlistTrailer.bigEndian(bytes, at: object.payload, size: object.count)))
        }
    }
}
