#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#include <histedit.h>
#include <stddef.h>
#include <wchar.h>

/// Non-variadic wrappers around libedit (Swift cannot call `el_set` or `history`),
/// plus the C globals Swift 6 cannot touch (`stdin`, `stdout`) and signal flags.

/// A line editor with its history, prompt and the front end's context.
typedef struct clibedit_editor clibedit_editor;

/// A key function: receives the editor and the key, returns a CC_* code.
typedef unsigned char (*clibedit_function)(EditLine *, int);

/// What `clibedit_read_line` saw besides a line.
typedef enum {
    /// A line was read.
    CLIBEDIT_LINE = 0,
    /// Ctrl-D on an empty line.
    CLIBEDIT_END = 1,
    /// Ctrl-C: the line was abandoned.
    CLIBEDIT_INTERRUPTED = 2,
    /// Reading the terminal failed (it went away).
    CLIBEDIT_FAILED = 3,
} clibedit_status;

/// The key codes the terminal's escape-sequence keys are read as (C1 code points, which no
/// keyboard types and libedit's emacs map leaves unassigned): each is bound to a key function.
typedef enum {
    /// A sequence that does nothing here (PageUp, PageDown, Insert, function keys): dropped.
    CLIBEDIT_KEY_NONE = 0,
    /// ESC [ 200 ~: the start of a bracketed paste.
    CLIBEDIT_KEY_PASTE_START = 0x90,
    /// ESC [ 201 ~: its end.
    CLIBEDIT_KEY_PASTE_END = 0x91,
    /// Ctrl-Left or Alt-Left.
    CLIBEDIT_KEY_WORD_LEFT = 0x92,
    /// Ctrl-Right or Alt-Right.
    CLIBEDIT_KEY_WORD_RIGHT = 0x93,
    /// Home.
    CLIBEDIT_KEY_HOME = 0x94,
    /// End.
    CLIBEDIT_KEY_END = 0x95,
    /// Delete (the key, not Backspace).
    CLIBEDIT_KEY_DELETE = 0x96,
    /// Up.
    CLIBEDIT_KEY_UP = 0x97,
    /// Down.
    CLIBEDIT_KEY_DOWN = 0x98,
    /// Left.
    CLIBEDIT_KEY_LEFT = 0x99,
    /// Right.
    CLIBEDIT_KEY_RIGHT = 0x9A,
} clibedit_key;

/// Why the line is drawn (see `clibedit_set_drawer`).
typedef enum {
    /// Input is awaited: draw the prompt and the line as they are now, if they changed.
    CLIBEDIT_DRAW_UPDATE = 0,
    /// The window changed size: the terminal re-wrapped what was drawn; draw it again.
    CLIBEDIT_DRAW_RESIZED = 1,
    /// Something else was written below the line (a completion list): move past the drawing,
    /// whose next draw starts afresh where the cursor then is.
    CLIBEDIT_DRAW_LEAVE = 2,
    /// The line was read (or abandoned): draw it a last time with the cursor at its end.
    CLIBEDIT_DRAW_FINISH = 3,
    /// The terminal was someone else's (a stop and `fg`): draw afresh on the cursor's row.
    CLIBEDIT_DRAW_AFRESH = 4,
    /// A key is about to be read: the last one's editing is done (nothing is drawn; the cursor
    /// is moved off the inside of a character made of several code points).
    CLIBEDIT_DRAW_KEY = 5,
    /// Ctrl-L: take the drawing off the screen, clear the screen (`ESC [ H ESC [ 2 J`), and draw
    /// afresh at its top. Taken off first, so that a terminal that keeps what a clear removes
    /// (tmux) keeps no copy of the line to bring back above it when the window gets wider.
    CLIBEDIT_DRAW_CLEAR = 6,
} clibedit_draw_reason;

/// Draws the prompt and the line being edited in place of libedit, which counts columns by code
/// point: a joined emoji, a flag or a letter with an accent mark would put its cursor elsewhere
/// than the terminal's. Writes with `clibedit_write_drawing`.
typedef void (*clibedit_drawer)(EditLine *el, clibedit_draw_reason reason);

/// The key of the sequence ESC [ `parameters` `final`, or CLIBEDIT_KEY_NONE.
int clibedit_key_of_csi(const char *parameters, char final);

/// The key of the sequence ESC O `final`, or CLIBEDIT_KEY_NONE.
int clibedit_key_of_ss3(char final);

/// Sets LC_CTYPE from the environment, falling back to C.UTF-8 when that is not UTF-8.
/// Returns 1 when the codeset is UTF-8 afterwards.
int clibedit_use_utf8_locale(void);

/// Whether descriptors 0 and 1 are both terminals.
int clibedit_is_terminal(void);

/// Opens an editor on stdin/stdout/stderr named `program` (for ~/.editrc),
/// in emacs mode, with libedit's signal handling and `history_size` history entries.
/// `context` is handed back by `clibedit_context`.
clibedit_editor *clibedit_open(const char *program, int history_size, void *context);

/// Restores the terminal and frees the editor.
void clibedit_close(clibedit_editor *editor);

/// The context given to `clibedit_open`, from inside a key function.
void *clibedit_context(EditLine *el);

/// Sets the prompt (UTF-8).
void clibedit_set_prompt(clibedit_editor *editor, const char *prompt);

/// Adds a named key function.
int clibedit_add_function(clibedit_editor *editor, const char *name, const char *help, clibedit_function function);

/// Binds `key` (as in editrc: "^I", "^R") to a named function.
int clibedit_bind(clibedit_editor *editor, const char *key, const char *function);

/// Reads `path`, or ~/.editrc when NULL; returns 0 on success.
int clibedit_source(clibedit_editor *editor, const char *path);

/// Binds `key` to a named function in vi's command mode (the alternate key map); only in vi mode.
int clibedit_bind_command(clibedit_editor *editor, const char *key, const char *function);

/// Whether the editor is in vi mode (after `bind -v`).
int clibedit_is_vi(clibedit_editor *editor);

/// Reads a line; `*line` and `*length` (without the newline) are set for CLIBEDIT_LINE.
clibedit_status clibedit_read_line(clibedit_editor *editor, const wchar_t **line, int *length);

/// Makes `drawer` draw the prompt and the line; libedit's own drawing is then thrown away
/// (except its bell).
void clibedit_set_drawer(clibedit_editor *editor, clibedit_drawer drawer);

/// Before output below the line being edited (a completion list): the cursor leaves the
/// drawing, which is drawn afresh after. `clibedit_write` does it itself.
void clibedit_leave_drawing(void);

/// Writes what a drawer draws (UTF-8) to the terminal.
void clibedit_write_drawing(const char *text);

/// The line being edited: sets `*start` and `*cursor` (the cursor's offset); returns its length.
int clibedit_line(EditLine *el, const wchar_t **start, int *cursor);

/// Moves the cursor by `offset` characters; returns its new offset.
int clibedit_move_cursor(EditLine *el, int offset);

/// Deletes `count` characters after the cursor.
void clibedit_delete_after_cursor(EditLine *el, int count);

/// The characters before the cursor of the line being edited; returns their count.
int clibedit_line_before_cursor(EditLine *el, const wchar_t **start);

/// Deletes `count` characters before the cursor and inserts `text`.
int clibedit_replace_before_cursor(EditLine *el, int count, const wchar_t *text);

/// Writes UTF-8 text to the terminal (standard output), bypassing buffers.
void clibedit_write(const char *text);

/// Asks the terminal where its cursor is (ESC [ 6 n) and waits at most `timeout_ms` for the
/// answer: 1 with the 1-based `row` and `column`, 0 when none came in time. Keys typed
/// meanwhile are kept and read as input afterwards; an answer that comes too late is read as a
/// key that does nothing.
int clibedit_cursor_position(int timeout_ms, int *row, int *column);

/// The terminal's width in columns (80 when unknown).
int clibedit_terminal_width(void);

/// The terminal's height in rows (24 when unknown).
int clibedit_terminal_height(void);

/// Adds a line to the history (consecutive duplicates are stored once).
int clibedit_history_add(clibedit_editor *editor, const wchar_t *line);

/// Loads the history file at `path`; returns the number of entries read, or -1.
int clibedit_history_load(clibedit_editor *editor, const char *path);

/// Writes to the open file `descriptor` (and closes it) the history file at `path` as it is now
/// (what other sessions appended included) with `line` added and the oldest entries dropped
/// beyond `size`; returns 0 on success, -1 when `path` cannot be read or the write fails.
/// The caller holds a lock that other sessions take too, and renames the new file over `path`.
int clibedit_history_merge_save(const char *path, const wchar_t *line, int size, int descriptor);

/// The oldest history entry, or NULL when there is none; starts a walk.
const wchar_t *clibedit_history_oldest(clibedit_editor *editor);

/// The next newer entry in a walk started by `clibedit_history_oldest`, or NULL at the end.
const wchar_t *clibedit_history_newer(clibedit_editor *editor);

/// Returns whether Ctrl-C was pressed since the last line was read (or `clibedit_take_interrupt`),
/// without forgetting it: a long command asks it to stop early (async-signal-safe: a flag read).
int clibedit_interrupt_requested(void);

/// Returns whether Ctrl-C was pressed since the last line was read or the last call, and forgets it:
/// long output between lines checks it to stop early.
int clibedit_take_interrupt(void);

/// Throws away output written to the terminal but not yet shown (after an interrupted listing).
void clibedit_discard_output(void);

/// Queues `text` to be read before the terminal's input (the rest of a multi-line paste).
int clibedit_push_input(EditLine *el, const wchar_t *text);

/// Drops queued input.
void clibedit_clear_input(clibedit_editor *editor);

/// The last key read for libedit itself (not by a key function) while reading this line, or 0.
int clibedit_last_key(void);

/// Reads one character from inside a key function; returns 1, 0 at the end, -1 on Ctrl-C or an error.
int clibedit_getc(EditLine *el, wchar_t *out);

/// Whether reading a line turns on the terminal's bracketed paste mode (ESC[?2004h … ESC[?2004l).
void clibedit_set_bracketed_paste(clibedit_editor *editor, int on);

/// Before a program runs in the foreground (a pager, an editor): the terminal as the program found it,
/// and SIGINT, SIGQUIT and SIGPIPE ignored (the foreground program gets Ctrl-C).
void clibedit_foreground_begin(clibedit_editor *editor);

/// After the foreground program: the handlers and the between-lines terminal mode back, any Ctrl-C forgotten.
void clibedit_foreground_end(clibedit_editor *editor);

/// `clibedit_foreground_begin` from inside a key function (a pager for a long completion list).
void clibedit_key_foreground_begin(EditLine *el);

/// `clibedit_foreground_end` from inside a key function: the line editor's own terminal mode back.
void clibedit_key_foreground_end(EditLine *el);

/// Runs one line of an editrc file; `*message` is what libedit said about it (free it), or NULL.
/// Returns 0 when the line was used, -1 when libedit refused it, -2 when it could not be split into words.
int clibedit_source_line(clibedit_editor *editor, const char *line, char **message);

/// Catches SIGHUP and SIGTERM. While idle (see `clibedit_set_idle`) the handler restores the
/// terminal, writes the exit message and ends the process by the signal
/// (`clibedit_end_by_signal`); otherwise it only remembers the signal for
/// `clibedit_termination_signal`.
void clibedit_catch_termination(void);

/// In a script (no prompt): catches SIGINT as `clibedit_catch_termination` catches SIGTERM, so
/// that Ctrl-C ends the program only once its unsaved changes are in the recovery journal, by
/// SIGINT itself (status 130 in a shell). Nothing when SIGINT was ignored at start (a
/// background job). Call after that one.
void clibedit_catch_script_interrupt(void);

/// The SIGHUP, SIGTERM (or a script's SIGINT) received while not idle, or 0.
int clibedit_termination_signal(void);

/// Ends the process by signal `signo` (its default action: SIGINT, SIGTERM and SIGHUP end it),
/// so that its parent sees the signal; `_exit(128 + signo)` where the signal does not end it.
void clibedit_end_by_signal(int signo) __attribute__((noreturn));

/// Whether the program now waits for input with nothing left to write (so a signal may end it at once).
/// Turning it on after a signal was remembered ends the program at once.
void clibedit_set_idle(int on);

/// What to write to standard error on such an exit (copied; NULL for nothing).
void clibedit_set_exit_message(const char *message);

/// Where the cursor stands, for such an exit: `rows` above the last row of a line being
/// edited (the exit then starts a row below it), or -1 at the start of a row already.
void clibedit_set_exit_leave(int rows);

#endif
