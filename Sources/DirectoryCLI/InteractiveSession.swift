import DirectoryCore

/// The interactive prompt (replaced by the libedit front end).
struct InteractiveSession {
    var session: Session
    let printer: OutputPrinter
    let paths: DataPaths

    mutating func run() -> Int32 {
        var lines = DescriptorLines(descriptor: 0)
        var runner = ScriptRunner(session: session, printer: printer, origin: .standardInput, bail: false)
        return runner.run(&lines)
    }
}
