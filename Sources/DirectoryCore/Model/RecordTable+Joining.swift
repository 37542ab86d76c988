import Dispatch
import Synchronization

extension RecordTable.Builder {
    /// The fewest rows of `other` for which a join copies the ids and the values' bytes on a
    /// second thread while this one does the rest: below, a thread's wake-up costs more.
    static let joinedOnTwoThreadsFrom = 50_000

    /// Appends the rows of `other`, a table of the same kind, after these, as appending
    /// them one by one would: their values' bytes and offsets, ids, key orders (each order
    /// `other` used found among these or added after them) and objects. Returns `false`,
    /// appending nothing, when the two together hold more orders or bytes than a table
    /// can, so that appending one by one would have refused some rows.
    ///
    /// It copies each array once, where appending row by row copies value by value; from
    /// `twoThreadsFrom` rows of `other` on, the ids and the values' bytes are copied on a
    /// second thread meanwhile (`JoinedCopies`), into the same arrays.
    mutating func append(
        contentsOf other: RecordTable.Builder, twoThreadsFrom: Int = joinedOnTwoThreadsFrom
    ) -> Bool {
        guard other.fieldCount == fieldCount, other.textFields == textFields else { return false }
        guard !other.ids.isEmpty else { return true }
        guard bytes.count + other.bytes.count + sharedValueBytes + other.sharedValueBytes <= Self.capacityLimit else {
            return false
        }
        // The texts `other`'s rows keep by object, added to these (an object's text is the same
        // in both); refused like the rest when they would not fit.
        var joinedShared = shared
        guard joinedShared.add(contentsOf: other.shared) else { return false }
        // Where each of `other`'s orders stands among these, new ones added in the order
        // `other` first used them, as appending its rows would add them.
        var orders = packedOrders
        var added: [KeyOrder?] = []
        var orderMap: [UInt8] = []
        orderMap.reserveCapacity(other.packedOrders.count)
        for (index, packed) in other.packedOrders.enumerated() {
            if let found = orders.firstIndex(of: packed) {
                orderMap.append(UInt8(truncatingIfNeeded: found))
                continue
            }
            guard orders.count <= Int(UInt8.max) else { return false }
            orders.append(packed)
            added.append(other.keyOrders[index])
            orderMap.append(UInt8(truncatingIfNeeded: orders.count - 1))
        }
        let rowBase = ids.count
        let offset = UInt32(truncatingIfNeeded: bytes.count)
        var copies: JoinedCopies?
        if other.ids.count >= twoThreadsFrom {
            let handed = JoinedCopies(ids: ids, bytes: bytes)
            // Let go of them here, so the second thread's arrays are its only references
            // (appended to in place, not copied first).
            ids = []
            bytes = []
            handed.start(appending: other.ids, other.bytes)
            copies = handed
        }
        shared = joinedShared
        sharedValueBytes += other.sharedValueBytes
        appendRowOrders(of: other, rowBase: rowBase, mappedBy: orderMap)
        packedOrders = orders
        keyOrders.append(contentsOf: added)
        lastOrderIndex = -1

        if !other.valueObjects.isEmpty {
            let earlier = rowBase &* fieldCount
            if valueObjects.count < earlier {
                valueObjects.append(
                    contentsOf: repeatElement(RecordTable.noObject, count: earlier - valueObjects.count))
            }
            valueObjects.append(contentsOf: other.valueObjects)
            valueObjectBound = max(valueObjectBound, other.valueObjectBound)
        }

        // One append of a known count: the array's room and ownership checked once, not per offset.
        starts.append(contentsOf: other.starts[1...].lazy.map { $0 &+ offset })
        // Where the rows were in the file: kept only when both parts noted every row's.
        if origins.count == rowBase, other.origins.count == other.ids.count {
            origins.append(contentsOf: other.origins)
        } else {
            origins = []
        }
        if let copies {
            (ids, bytes) = copies.finish()
        } else {
            bytes.append(contentsOf: other.bytes)
            ids.append(contentsOf: other.ids)
        }
        return true
    }

    /// Notes the orders of `other`'s rows, each `orderMap[its index in other]` here: the
    /// column stays empty while every row has the first order, as `appendOrder` keeps it.
    private mutating func appendRowOrders(of other: RecordTable.Builder, rowBase: Int, mappedBy orderMap: [UInt8]) {
        let allFirst =
            other.rowOrders.isEmpty
            ? orderMap.first ?? 0 == 0 : other.rowOrders.allSatisfy { orderMap[Int($0)] == 0 }
        guard !(rowOrders.isEmpty && allFirst) else { return }
        if rowOrders.isEmpty {
            rowOrders = Array(repeating: 0, count: rowBase)
            rowOrders.reserveCapacity(rowBase + other.ids.count)
        }
        if other.rowOrders.isEmpty {
            rowOrders.append(contentsOf: repeatElement(orderMap.first ?? 0, count: other.ids.count))
        } else {
            for order in other.rowOrders { rowOrders.append(orderMap[Int(order)]) }
        }
    }

    /// Whether `record` has the shape of a row (no extras, not a repeated id, each value of
    /// its field's type, at most eight keys): whether only a full table keeps it whole.
    func fitsARow(_ record: Record) -> Bool {
        guard record.extras.isEmpty, record.occurrence == 0, record.values.count == fieldCount else { return false }
        if let order = record.keyOrder?.withoutExtras, order.codes.count > 8 { return false }
        for (field, value) in record.values.enumerated() {
            switch value {
            case .text where textFields[field], .date where !textFields[field]: continue
            default: return false
            }
        }
        return true
    }
}

extension RecordList.Builder {
    /// Appends the records `other` built after this builder's, as if this builder had been
    /// given them one by one: a run of a file read on another thread. Returns `false`,
    /// appending nothing, when that might not be so: `other` kept whole a record that fits a
    /// row (its table was full, where the joined one might not have been), or the two tables
    /// together hold more than one can (`RecordTable.Builder.append(contentsOf:)`).
    mutating func append(
        contentsOf other: RecordList.Builder, twoThreadsFrom: Int = RecordTable.Builder.joinedOnTwoThreadsFrom
    ) -> Bool {
        guard !other.loose.contains(where: other.table.fitsARow) else { return false }
        let rowBase = table.count
        guard table.append(contentsOf: other.table, twoThreadsFrom: twoThreadsFrom) else { return false }
        let looseBase = loose.count
        let slotBase = slots.count
        slots.append(contentsOf: other.slots.lazy.map { $0 >= 0 ? $0 &+ rowBase : ~(~$0 &+ looseBase) })
        loose.append(contentsOf: other.loose)
        for position in other.loosePositions { loosePositions.append(position &+ slotBase) }
        return true
    }
}

/// A join's two largest copies (the ids and the values' bytes of the rows appended) made on a
/// second thread, into the arrays handed to it, while the joining thread maps the rest.
private final class JoinedCopies: Sendable {
    private let arrays: Mutex<(ids: [RecordID], bytes: [UInt8])>
    private let done = DispatchSemaphore(value: 0)

    /// Holds `ids` and `bytes`, the arrays the copies go to.
    init(ids: [RecordID], bytes: [UInt8]) {
        arrays = Mutex((ids, bytes))
    }

    /// Appends `moreIDs` and `moreBytes` to the arrays on a second thread.
    func start(appending moreIDs: [RecordID], _ moreBytes: [UInt8]) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            arrays.withLock { held in
                held.ids.append(contentsOf: moreIDs)
                held.bytes.append(contentsOf: moreBytes)
            }
            done.signal()
        }
    }

    /// Waits for the copies and hands the arrays back (once).
    func finish() -> (ids: [RecordID], bytes: [UInt8]) {
        done.wait()
        return arrays.withLock { held in
            let taken = held
            held = ([], [])
            return taken
        }
    }
}
