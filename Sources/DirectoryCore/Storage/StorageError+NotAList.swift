extension StorageError {
    /// Whether the file is there but is no list: empty, in no known format, or damaged.
    package var isNotAList: Bool {
        switch self {
        case .emptyFile, .unknownFormat, .corrupt: return true
        default: return false
        }
    }

    /// What is wrong with a file that is no list, as a clause: "it is empty (0 bytes)".
    package var notAListProblem: String {
        switch self {
        case .emptyFile: return "it is empty (0 bytes)"
        case .unknownFormat: return "it is neither a property list nor JSON"
        case .corrupt(_, let format, let error):
            return "it is not a valid \(format.rawValue) list: \(error.description)"
        default: return message
        }
    }
}
