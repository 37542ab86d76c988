/// Reads people from vCards 3.0 and 4.0 (see `VCardMapping` for which
/// property holds which field). Cards without `FN` or `N`, and vCard 2.1 cards, are
/// rejected; an empty `FN` (and no `N`) is a person with an empty name, as `export` writes one.
enum VCardRecordReader {
    /// The records in `bytes`, and the cards that could not be read.
    static func read(
        _ bytes: [UInt8], kind: ListKind, mapping: VCardMapping, environment: SessionEnvironment
    ) throws(FileFormatError) -> ImportResult {
        var result = ImportResult()
        var poll = InterruptionPoll(environment.interruption)
        for (number, card) in try VCardParser.cards(in: bytes).enumerated() {
            if poll.shouldStop() { break }
            let location = "card \(number + 1) (line \(card.line))"
            switch record(from: card, kind: kind, mapping: mapping, environment: environment) {
            case .success(let record): result.records.append(record)
            case .failure(let reason): result.rejected.append(ImportRejection(location: location, reason: reason.text))
            }
        }
        return result
    }

    /// Why a card was rejected.
    private struct Reason: Error {
        /// The lower-case explanation.
        let text: String
    }

    /// The person on one card.
    private static func record(
        from card: VCard, kind: ListKind, mapping: VCardMapping, environment: SessionEnvironment
    ) -> Result<Record, Reason> {
        if let problem = card.problem { return .failure(Reason(text: problem)) }
        if let version = card.first("VERSION")?.value, version != "3.0", version != "4.0" {
            return .failure(Reason(text: "vCard \(version) is not supported; use vCard 3.0 or 4.0"))
        }
        let formatted = card.first("FN").map { VCardText.unescaped($0.value[...]) }
        var name = formatted ?? ""
        if name.isEmpty { name = structuredName(card) ?? "" }
        guard !name.isEmpty || formatted != nil else {
            return .failure(Reason(text: "the card has no name (FN or N)"))
        }
        var values = kind.defaultValues
        values[mapping.nameField] = .text(name)
        values[mapping.officeField] = .text(office(card))
        let uid = card.first("UID").map { VCardText.unescaped($0.value[...]) } ?? ""
        let uuid = uid.lowercased().hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
        return .success(Record(id: RecordID(uuid) ?? environment.makeID(), values: values))
    }

    /// A name built from `N` (family; given; additional; prefixes; suffixes), for cards without `FN`.
    private static func structuredName(_ card: VCard) -> String? {
        guard let parts = card.first("N").map({ VCardText.components($0.value) }) else { return nil }
        let part = { (index: Int) in index < parts.count ? parts[index] : "" }
        return [part(3), part(1), part(2), part(0), part(4)].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The office: the extended address of the work address (or of the first
    /// address), else that address's non-empty parts joined by commas.
    private static func office(_ card: VCard) -> String {
        let addresses = card.properties.filter { $0.name == "ADR" }
        guard let address = addresses.first(where: { $0.hasType("work") }) ?? addresses.first else { return "" }
        let parts = VCardText.components(address.value)
        if parts.count > 1, !parts[1].isEmpty { return parts[1] }
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
