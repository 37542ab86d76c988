/// Reads a list of records from a binary property list (`bplist00`), as
/// `PropertyListEncoder` and `PropertyListSerialization` write it.
///
/// The top object must be an array (a set is read as one) of dictionaries.
/// Every object is checked against the file before it is read, so truncated
/// or hostile files throw a `FileFormatError` instead of reading out of bounds.
///
/// Once the kind is known, each key object is matched against it once per file,
/// ids are parsed straight from their ASCII bytes, and a string value the file
/// shares between records is decoded once and its `String` shared. The object each
/// text value was read from is noted in the record table (`RecordTable.valueObjects`),
/// so that a save looks each distinct value up once.
///
/// Every object is found through the offset table, so the records of a large file are
/// read in runs at the same time, one thread each (`readInRuns`), with exactly the
/// result one thread gives.
enum BinaryPlistRecordReader {
    /// Reads the records in `bytes` into `builder`, the top array split as `split` allows,
    /// and returns the number of runs they were read in (1: on one thread, the file too
    /// small or what the runs read not what one thread reads). `writersRecords: false` reads
    /// every record the general way (`BinaryPlistRecordScan.readWritersRecords`), for tests.
    @discardableResult
    static func read(
        _ bytes: RawSpan, into builder: inout RecordBuilder, split: RecordReadSplit = .automatic,
        writersRecords: Bool = true
    ) throws(FileFormatError) -> Int {
        let table = try BinaryPlistObjectTable(Span(_bytes: bytes))
        let top = try table.object(table.trailer.topObject)
        guard top.kind == .array || top.kind == .set else {
            throw FileFormatError(
                "the top level is \(top.kind.description), expected an array of records", offset: top.position)
        }
        var scan = try BinaryPlistRecordScan(table: table, top: top)
        scan.readsWritersRecords = writersRecords
        let runs = top.count > 1 ? split.runs(of: 1..<top.count) : []
        // The first record decides the kind (and the runs read with it).
        let firstCount = min(1, top.count)
        try scan.read(0..<firstCount, into: &builder)
        let first =
            firstCount == 1 && builder.kind != nil
            ? BinaryPlistLayoutProof.first(table: table, top: top, kind: builder.kind ?? .person) : .none
        guard runs.count > 1 else {
            scan.proof = first.continued()
            try scan.read(firstCount..<top.count, into: &builder)
            if scan.keysRepeat {
                builder.plistObjectSharing = .unshared
            } else if let layout = BinaryPlistLayoutProof.layout([first, scan.proof], table: table, top: top) {
                builder.setBinaryLayout(layout)
            }
            return 1
        }
        var proofs: [BinaryPlistLayoutProof] = []
        if try readInRuns(runs, table: table, after: scan, proof: first.continued(), proofs: &proofs, into: &builder) {
            if builder.plistObjectSharing == .shared,
                let layout = BinaryPlistLayoutProof.layout([first] + proofs, table: table, top: top)
            {
                builder.setBinaryLayout(layout)
            }
            return runs.count
        }
        // What one thread reads differs from the joined runs (a file that would exhaust
        // the budget, or a table full of rows): read it again on one.
        builder = builder.restarted()
        var again = try BinaryPlistRecordScan(table: table, top: top)
        again.readsWritersRecords = writersRecords
        try again.read(0..<top.count, into: &builder)
        if again.keysRepeat { builder.plistObjectSharing = .unshared }
        return 1
    }
}
