/// The commands that pick, show and change records.
extension WorkingList {
    mutating func newRecord(named name: String?, command: Command) -> CommandOutput {
        change(.insertNew(id: environment.makeID(), title: name, at: records.count), by: command)
        current = records.count - 1
        return feedback("Added \(kind.noun) \(records.count)\(name.map { " \($0)" } ?? ""); it is now current.")
    }

    mutating func set(field name: String, to text: String, command: Command) throws(SessionError) -> CommandOutput {
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        let field = try fieldIndex(named: name)
        let value: FieldValue
        switch kind.fields[field].type {
        case .text:
            value = .text(text)
        case .date(let unset):
            do throws(InvalidDate) {
                value = .date(
                    try DateText.read(text, now: environment.now(), utcOffset: environment.utcOffset) ?? unset)
            } catch {
                throw .invalidDate(error.text)
            }
        }
        change(field: field, of: index, to: value, command: command)
        return feedback("\(kind.fields[field].name) of \(kind.noun) \(index + 1) set.")
    }

    mutating func markDone(_ text: String?, command: Command) throws(SessionError) -> CommandOutput {
        let field = try completionField(command: "done")
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        var seconds = environment.now()
        if let text {
            // `none` is no day a thing was done on, so it is refused like text that is no date.
            guard let parsed = try? DateText.read(text, now: seconds, utcOffset: environment.utcOffset) else {
                throw .invalidDoneDate(text)
            }
            seconds = parsed
        }
        change(field: field, of: index, to: .date(seconds), command: command)
        let day = DateText.localDate(seconds, utcOffset: environment.utcOffset(seconds))
        return feedback("\(kind.noun.capitalized) \(index + 1) done on \(day).")
    }

    mutating func markUndone(command: Command) throws(SessionError) -> CommandOutput {
        let field = try completionField(command: "undone")
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        guard case .date(let unset) = kind.fields[field].type else { throw .nothingToUndo }
        guard records[index].values[field] != .date(unset) else {
            return .feedback("\(kind.noun.capitalized) \(index + 1) was already not done; nothing changed.")
        }
        change(field: field, of: index, to: .date(unset), command: command)
        return feedback("\(kind.noun.capitalized) \(index + 1) marked not done.")
    }

    /// The date field that `done` and `undone` change.
    private func completionField(command: String) throws(SessionError) -> Int {
        guard let field = kind.fields.firstIndex(where: { $0.type != .text }) else {
            let kinds = CommandTable.spec(named: command)?.kinds ?? []
            throw .wrongKind(command: command, kinds: kinds, current: kind.name)
        }
        return field
    }

    /// Appends records read from an import file as one change: one `undo` removes them all.
    /// A record whose id the list already has gets a new id, so importing a file twice gives
    /// two copies rather than two records with one identity.
    /// Appends imported records as one change, each whose id is taken given a new one;
    /// returns how many had the id of a record already in the list.
    @discardableResult
    mutating func append(imported: [Record], by command: Command) -> Int {
        let inList = Set(records.indices.map(records.id(at:)))
        var taken = inList
        var added: [PlacedRecord] = []
        var alreadyInList = 0
        added.reserveCapacity(imported.count)
        for var record in imported {
            if inList.contains(record.id) { alreadyInList += 1 }
            while !taken.insert(record.id).inserted { record.id = environment.makeID() }
            added.append(PlacedRecord(index: records.count + added.count, record: record))
        }
        change(.insertAll(added), by: command)
        return alreadyInList
    }

    /// Sets one field as the change `command` makes.
    private mutating func change(field: Int, of index: Int, to value: FieldValue, command: Command) {
        change(.setField(index: index, field: field, value: value), by: command)
    }

    /// `edit`: makes the record `reference` names current. When it names none, no record is
    /// current: a `set` that follows (a script goes on after a failed line) must not change
    /// the record that was current before.
    mutating func edit(_ reference: RecordReference) throws(SessionError) -> CommandOutput {
        let indices: [Int]
        do {
            indices = try resolve([reference])
        } catch {
            current = nil
            throw error
        }
        current = indices[0]
        return .records(listing(of: [indices[0]], detailed: true))
    }

    /// `show`: the current record, or the one `reference` names (which does not become current).
    func show(_ reference: RecordReference?) throws(SessionError) -> CommandOutput {
        if let reference { return .records(listing(of: try resolve([reference]), detailed: true)) }
        guard let index = current else { throw .noCurrentRecord(noun: kind.noun) }
        return .records(listing(of: [index], detailed: true))
    }

    mutating func delete(_ references: [RecordReference], command: Command) throws(SessionError) -> CommandOutput {
        let indices = try resolve(references)
        let names = indices.prefix(3).map { records.value(at: $0, field: kind.titleField).text ?? "" }
        change(.remove(indices), by: command)
        let more = indices.count > 3 ? " and \(indices.count - 3) more" : ""
        return feedback("Deleted \(count(indices.count)): \(names.joined(separator: ", "))\(more).")
    }

    /// Sorted, distinct indices for record references; every number must exist.
    func resolve(_ references: [RecordReference]) throws(SessionError) -> [Int] {
        var indices = Set<Int>()
        for reference in references {
            switch reference {
            case .number(let number):
                guard number <= records.count else { throw .noSuchRecord(number, count: records.count) }
                indices.insert(number - 1)
            case .range(let low, let high):
                guard high <= records.count else { throw .noSuchRange(low, high, count: records.count) }
                for number in low...high { indices.insert(number - 1) }
            case .name(let name):
                let matches = TextMatcher(name).exactMatches(in: records, field: kind.titleField)
                guard let first = matches.first else { throw .nameNotFound(name) }
                guard matches.count == 1 else { throw .ambiguousName(name, matches: matches.map { $0 + 1 }) }
                indices.insert(first)
            case .id(let prefix):
                indices.insert(try index(of: prefix))
            }
        }
        return indices.sorted()
    }

    /// The index of the one record whose id starts with `prefix`.
    func index(of prefix: RecordIDPrefix) throws(SessionError) -> Int {
        var matches: [Int] = []
        for index in records.indices where prefix.matches(records.id(at: index)) {
            matches.append(index)
            if matches.count > 10 { break }
        }
        guard let first = matches.first else { throw .idNotFound(prefix.description) }
        guard matches.count == 1 else {
            let candidates = matches.prefix(10).map { index in
                "\(index + 1) \(records.value(at: index, field: kind.titleField).text ?? "") "
                    + "(#\(records.id(at: index).description))"
            }
            throw .ambiguousID(prefix.description, candidates: candidates, more: matches.count > 10)
        }
        return first
    }

    /// Indices of the records that contain `text` in any field.
    func find(_ text: String) -> [Int] {
        RecordSearch(records).indices(containing: text)
    }
}
