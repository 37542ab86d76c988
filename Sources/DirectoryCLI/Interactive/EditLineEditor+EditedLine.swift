import CLibEdit

extension EditLineEditor {
    /// The line being edited, as libedit hands it to a key function or the drawer: what the
    /// key handlers (`TabKey`, `PasteKey`, `BackspaceKey`, `DeleteKey`, `LineDrawing`) read and
    /// change, through safe methods. It holds libedit's `EditLine` pointer, good only during
    /// the call libedit made; being `~Escapable`, it cannot be stored or captured to outlive it.
    @safe
    struct EditedLine: ~Escapable {
        private let editLine: OpaquePointer

        /// The line libedit handed to a key function; only `EditLineEditor` makes one.
        @_lifetime(immortal)
        fileprivate init(_ editLine: OpaquePointer) {
            unsafe self.editLine = unsafe editLine
        }

        /// The key functions' state, handed to libedit as the editor's context.
        var handlers: KeyHandlers? {
            guard let context = unsafe clibedit_context(editLine) else { return nil }
            return unsafe Unmanaged<KeyHandlers>.fromOpaque(context).takeUnretainedValue()
        }

        /// Calls `body` with the line's characters (UTF-32, lent for the call) and the cursor's offset.
        func withCharacters<Result>(_ body: (_ characters: Span<wchar_t>, _ cursor: Int) -> Result) -> Result {
            var start: UnsafePointer<wchar_t>?
            var cursor: Int32 = 0
            let length = unsafe Int(clibedit_line(editLine, &start, &cursor))
            // libedit's buffer holds `length` characters until the line is changed, after `body`.
            guard let start = unsafe start, length > 0 else { return body([wchar_t]().span, 0) }
            return body(unsafe UnsafeBufferPointer(start: start, count: length).span, min(max(Int(cursor), 0), length))
        }

        /// The text before the cursor.
        var textBeforeCursor: String {
            withCharacters { characters, cursor in WideText.string(characters.extracting(..<cursor)) }
        }

        /// Deletes `count` characters before the cursor and inserts `text`; false when libedit refused.
        @discardableResult
        func replaceBeforeCursor(deleting count: Int, inserting text: String) -> Bool {
            let wide = WideText.characters(of: text)
            return unsafe clibedit_replace_before_cursor(editLine, Int32(clamping: count), wide) >= 0
        }

        /// Deletes `count` characters after the cursor.
        func deleteAfterCursor(_ count: Int) {
            unsafe clibedit_delete_after_cursor(editLine, Int32(clamping: count))
        }

        /// Moves the cursor by `offset` characters; returns its new offset.
        func moveCursor(by offset: Int) -> Int {
            unsafe Int(clibedit_move_cursor(editLine, Int32(clamping: offset)))
        }

        /// The whole line and the cursor's offset in it, in Unicode scalars.
        var state: LineState {
            withCharacters { characters, cursor in LineState(text: WideText.string(characters), cursor: cursor) }
        }

        /// Replaces the whole line with `state`'s text and puts the cursor at its offset.
        func replace(with state: LineState) {
            let length = withCharacters { characters, _ in characters.count }
            let end = moveCursor(by: length)
            replaceBeforeCursor(deleting: end, inserting: state.text)
            let count = state.text.unicodeScalars.count
            _ = moveCursor(by: min(max(state.cursor, 0), count) - count)
        }

        /// Reads one key, waiting for it; `nil` at the end of input, on Ctrl-C or an error.
        func readKey() -> wchar_t? {
            var key: wchar_t = 0
            guard unsafe clibedit_getc(editLine, &key) > 0 else { return nil }
            return key
        }

        /// Queues `text` to be read before the terminal's input.
        func pushInput(_ text: String) {
            let wide = WideText.characters(of: text)
            _ = unsafe clibedit_push_input(editLine, wide)
        }

        /// Hands the terminal to a foreground program for `body` (a pager), then takes it back.
        func inForeground<Result>(_ body: () -> Result) -> Result {
            unsafe clibedit_key_foreground_begin(editLine)
            defer { unsafe clibedit_key_foreground_end(editLine) }
            return body()
        }

        /// Writes `text` (UTF-8) to the terminal, bypassing buffers, below the line being drawn.
        func write(_ text: String) {
            unsafe clibedit_write(text)
        }
    }

    /// Writes what the drawer draws (UTF-8) to the terminal.
    static func writeDrawing(_ text: String) {
        unsafe clibedit_write_drawing(text)
    }

    /// The line of the key function or drawer libedit is calling; `nil` without one.
    @_lifetime(immortal)
    static func edited(_ editLine: OpaquePointer?) -> EditedLine? {
        guard let editLine = unsafe editLine else { return nil }
        return unsafe EditedLine(editLine)
    }
}
