/// A command written back as the line that would produce it, for messages such as "Undid 'set office Briggs 413'".
public enum CommandDescription {
    /// The command as a line.
    public static func text(of command: Command) -> String {
        switch command {
        case .list: return "list"
        case .new(let name?): return "new \(name)"
        case .new(nil): return "new"
        case .set(let field, let value): return "set \(field) \(value)"
        case .edit(let reference): return "edit \(text(of: reference))"
        case .show(nil): return "show"
        case .show(let reference?): return "show \(text(of: reference))"
        case .delete(let references): return "delete " + references.map(text(of:)).joined(separator: " ")
        case .find(let text): return "find \(text)"
        case .save(let force): return force ? "save!" : "save"
        case .saveAs(let path, let force, let format):
            return (force ? "save! as " : "save as ") + (format == .xmlPlist ? "--xml " : "")
                + StoreLocation.redacted(path)
        case .open(let path, let force): return (force ? "open! " : "open ") + StoreLocation.redacted(path)
        case .importFile(let format, let path, let options):
            return "import " + exchangeText(format, path: path, options: options)
        case .exportFile(let format, let path, let options):
            return (options.replace ? "export! " : "export ") + exchangeText(format, path: path, options: options)
        case .changes: return "changes"
        case .undo: return "undo"
        case .revert: return "revert"
        case .done(let date?): return "done \(date)"
        case .done(nil): return "done"
        case .undone: return "undone"
        case .autosave(let on?): return "autosave \(on ? "on" : "off")"
        case .autosave(nil): return "autosave"
        case .help(let topic?): return "help \(topic)"
        case .help(nil): return "help"
        case .quit(let force): return force ? "quit!" : "quit"
        case .redo: return "redo"
        case .move(let from, let to): return "move \(text(of: from)) to \(to)"
        case .sort(let field, let descending): return "sort \(field)" + (descending ? " desc" : "")
        case .listRecords(let references): return "list " + references.map(text(of:)).joined(separator: " ")
        case .findField(let field, let text): return "find \(field):\(text)"
        case .editorText(let submission):
            return (["editor"] + submission.document.references.map(text(of:))).joined(separator: " ")
        case .refresh: return "refresh"
        case .recover(let force): return force ? "recover!" : "recover"
        case .discard: return "discard"
        case .conflicts: return "conflicts"
        case .versions: return "versions"
        case .restore(let version, let references):
            return (["restore", String(version)] + references.map(text(of:))).joined(separator: " ")
        case .merge(let source, let force, let keep):
            var words = [force ? "merge!" : "merge"]
            if keep { words.append("--keep") }
            switch source {
            case .conflicts: words.append("conflicts")
            case .path(let path): words.append(path == "conflicts" ? "./conflicts" : QuotedValue.written(path))
            }
            return words.joined(separator: " ")
        }
    }

    /// `csv --partial --separator ; people.csv`: the words after `import` or `export`.
    private static func exchangeText(_ format: ExchangeFormat, path: String, options: ExchangeOptions) -> String {
        var words = [format.rawValue]
        if options.partial { words.append("--partial") }
        if options.separator != ExchangeOptions().separator { words += ["--separator", options.separatorName] }
        return (words + [path]).joined(separator: " ")
    }

    private static func text(of reference: RecordReference) -> String {
        switch reference {
        case .number(let number): return String(number)
        case .range(let low, let high): return "\(low)-\(high)"
        case .name(let name): return name
        case .id(let prefix): return "#" + prefix.description
        }
    }
}
