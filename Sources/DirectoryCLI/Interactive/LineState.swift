/// The line being edited and where its cursor is (an offset in Unicode scalars, which are
/// libedit's characters): what undo goes back to and a search puts in the line.
struct LineState: Equatable {
    /// The text of the line.
    var text: String
    /// The cursor's offset in `text`, in Unicode scalars.
    var cursor: Int

    /// The empty line a read starts with.
    static let empty = LineState(text: "", cursor: 0)
}
