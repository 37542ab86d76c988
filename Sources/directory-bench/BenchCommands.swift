/// Every command the benchmark runs as a separate process, by name: `directory` doing
/// a piece of work, and each tool a user would reach for instead doing the same.
struct BenchCommands {
    /// `directory` running the script of `new` + `set` lines, then `save`.
    let script: Contender
    /// sqlite3 running the same inserts in one transaction.
    let sqlite: Contender
    /// `directory` loading the large JSON file, adding a person and saving.
    let json: Contender
    /// The same with Python's `json`.
    let pythonJSON: Contender
    /// The same with msgspec.
    let msgspec: Contender
    /// The same with orjson.
    let orjson: Contender
    /// `directory` loading the large binary plist, adding a person and saving.
    let binary: Contender
    /// The same with Python's plistlib.
    let plistBinary: Contender
    /// `directory` loading the large XML plist, adding a person and saving.
    let xml: Contender
    /// The same with Python's plistlib.
    let plistXML: Contender
    /// `directory FILE -c quit` on the small JSON file.
    let start: Contender
    /// Python's `json.load` of the small JSON file.
    let pythonStart: Contender
    /// `directory` loading the small JSON file, adding a person and saving.
    let small: Contender
    /// `directory FILE -c "find TEXT"` on the large JSON file.
    let find: Contender
    /// sqlite3's `LIKE` query for the same text on the same people.
    let sqliteFind: Contender
    /// `directory FILE -c "list RANGE"` on the large JSON file: 11 people from the middle.
    let list: Contender
    /// sqlite3's `LIMIT`/`OFFSET` query for the same people.
    let sqliteList: Contender
    /// `directory-floor` on the large JSON file: read it, write it whole, fsync, rename.
    let jsonFloor: Contender
    /// The same on the large binary plist.
    let binaryFloor: Contender
    /// The same on the large XML plist.
    let xmlFloor: Contender
    /// `directory-bound` on the large binary plist: the floor, and between its read and its
    /// write the least parse that keeps the list (what no program that loads it can skip).
    let binaryBound: Contender
    /// `json-bound` on the large JSON file: the floor, and between its read and its write the
    /// least parse that keeps the list with simdjson on two threads.
    let jsonBound: Contender

    /// The commands in the order of a run.
    var all: [Contender] {
        [
            script, sqlite, json, pythonJSON, msgspec, orjson, binary, plistBinary, xml, plistXML, start,
            pythonStart, small, find, sqliteFind, list, sqliteList, jsonFloor, binaryFloor, xmlFloor, binaryBound,
            jsonBound,
        ]
    }

    /// How many times a round runs the floor and the load, edit and save measured against it:
    /// on this kind of virtual disk about one run in four is several times slower, and three
    /// runs of each a round make the medians of nine, not three, in `--runs 3`.
    static let floorTimesPerRound = 3

    /// Sets up the commands on `data`, with the `directory` executable at `directory` and
    /// the floor program at `floor`.
    init(data: BenchData, directory: String, floor: String, bound: String, options: BenchOptions) {
        func ours(
            _ work: String, _ source: String, _ scratch: String, _ commands: [String], timesPerRound: Int = 1
        ) -> Contender {
            let target = data.scratch(scratch)
            return Contender(
                label: "directory", work: work,
                invocation: Invocation(program: directory, arguments: [target] + commands.flatMap { ["-c", $0] }),
                isOurs: true, timesPerRound: timesPerRound, prepare: { try BenchData.copy(source, to: target) })
        }
        func python(
            _ label: String, _ work: String, _ source: String, _ scratch: String, _ script: String,
            _ extra: [String] = []
        ) -> Contender {
            let target = data.scratch(scratch)
            return Contender(
                label: label, work: work,
                invocation: Invocation(program: "python3", arguments: [data.reference(script), target] + extra),
                isOurs: false, prepare: { try BenchData.copy(source, to: target) })
        }
        func floorOf(
            _ work: String, _ source: String, _ scratch: String, program: String = floor,
            label: String = Contender.floorLabel
        ) -> Contender {
            let target = data.scratch(scratch)
            return Contender(
                label: label, work: work, invocation: Invocation(program: program, arguments: [target]),
                isOurs: false, timesPerRound: Self.floorTimesPerRound,
                prepare: { try BenchData.copy(source, to: target) })
        }
        let edit = ["new Zoë Bench", "set office Briggs 413", "save"]
        let people = options.people.formatted
        let scriptTarget = data.scratch("script.json")
        let databaseTarget = data.scratch("script.db")
        script = Contender(
            label: "directory", work: "\(options.scriptPeople.formatted) × new + set, save",
            invocation: Invocation(program: directory, arguments: [scriptTarget], input: data.script), isOurs: true,
            prepare: { BenchData.remove(scriptTarget) })
        sqlite = Contender(
            label: "sqlite3", work: "\(options.scriptPeople.formatted) INSERTs in a transaction",
            invocation: Invocation(program: "sqlite3", arguments: [databaseTarget], input: data.inserts), isOurs: false,
            prepare: { BenchData.remove(databaseTarget) })
        let (jsonFile, binaryFile, xmlFile) = (
            data.large[.json] ?? "", data.large[.binaryPlist] ?? "", data.large[.xmlPlist] ?? ""
        )
        let jsonWork = "JSON, \(people): load, edit, save"
        json = ours(jsonWork, jsonFile, "people.json", edit, timesPerRound: Self.floorTimesPerRound)
        pythonJSON = python("python json", jsonWork, jsonFile, "py-people.json", "json_edit.py")
        msgspec = python("msgspec", jsonWork, jsonFile, "ms-people.json", "msgspec_edit.py")
        orjson = python("orjson", jsonWork, jsonFile, "or-people.json", "orjson_edit.py")
        let binaryWork = "binary plist, \(people): load, edit, save"
        binary = ours(binaryWork, binaryFile, "people.plist", edit, timesPerRound: Self.floorTimesPerRound)
        plistBinary = python("python plistlib", binaryWork, binaryFile, "py-people.plist", "plist_edit.py", ["binary"])
        let xmlWork = "XML plist, \(people): load, edit, save"
        xml = ours(xmlWork, xmlFile, "people-xml.plist", edit, timesPerRound: Self.floorTimesPerRound)
        plistXML = python("python plistlib", xmlWork, xmlFile, "py-people-xml.plist", "plist_edit.py", ["xml"])
        jsonFloor = floorOf(jsonWork, jsonFile, "floor-people.json")
        binaryFloor = floorOf(binaryWork, binaryFile, "floor-people.plist")
        xmlFloor = floorOf(xmlWork, xmlFile, "floor-people-xml.plist")
        binaryBound = floorOf(
            binaryWork, binaryFile, "bound-people.plist", program: bound, label: Contender.boundLabel)
        jsonBound = floorOf(
            jsonWork, jsonFile, "bound-people.json", program: options.jsonBound ?? "",
            label: Contender.jsonBoundLabel)
        let smallCount = options.smallPeople.formatted
        start = Contender(
            label: "directory", work: "JSON, \(smallCount): -c quit",
            invocation: Invocation(program: directory, arguments: [data.small, "-c", "quit"]), isOurs: true, prepare: {}
        )
        pythonStart = Contender(
            label: "python json", work: "JSON, \(smallCount): json.load",
            invocation: Invocation(program: "python3", arguments: [data.reference("json_load.py"), data.small]),
            isOurs: false, prepare: {})
        small = ours("JSON, \(smallCount): load, edit, save", data.small, "people-small.json", edit)
        let findWork = "JSON, \(people): find \(BenchData.findText) (\(data.findMatches.formatted) rows)"
        find = Contender(
            label: "directory", work: findWork,
            invocation: Invocation(program: directory, arguments: [jsonFile, "-c", "find \(BenchData.findText)"]),
            isOurs: true, prepare: {})
        sqliteFind = Contender(
            label: "sqlite3", work: "SQLite, \(people): LIKE '%\(BenchData.findText)%' on name or office",
            invocation: Invocation(program: "sqlite3", arguments: [data.findDatabase, BenchData.findQuery]),
            isOurs: false, prepare: {})
        let first = max(options.people / 2, 1)
        let range = "\(first)-\(first + BenchData.listCount - 1)"
        list = Contender(
            label: "directory", work: "JSON, \(people): list \(range)",
            invocation: Invocation(program: directory, arguments: [jsonFile, "-c", "list \(range)"]), isOurs: true,
            prepare: {})
        sqliteList = Contender(
            label: "sqlite3", work: "SQLite, \(people): LIMIT \(BenchData.listCount) OFFSET \(first - 1)",
            invocation: Invocation(
                program: "sqlite3", arguments: [data.findDatabase, BenchData.listQuery(from: first)]),
            isOurs: false, prepare: {})
    }
}
