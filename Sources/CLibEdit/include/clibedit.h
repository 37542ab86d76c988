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

/// Whether the editor is in vi mode (after `bind -v`).
int clibedit_is_vi(clibedit_editor *editor);

/// Reads a line; `*line` and `*length` (without the newline) are set for CLIBEDIT_LINE.
clibedit_status clibedit_read_line(clibedit_editor *editor, const wchar_t **line, int *length);

/// The characters before the cursor of the line being edited; returns their count.
int clibedit_line_before_cursor(EditLine *el, const wchar_t **start);

/// Deletes `count` characters before the cursor and inserts `text`.
int clibedit_replace_before_cursor(EditLine *el, int count, const wchar_t *text);

/// Writes UTF-8 text to the terminal (standard output), bypassing buffers.
void clibedit_write(const char *text);

/// The terminal's width in columns (80 when unknown).
int clibedit_terminal_width(void);

/// Adds a line to the history (consecutive duplicates are stored once).
int clibedit_history_add(clibedit_editor *editor, const wchar_t *line);

/// Loads the history file at `path`; returns the number of entries read, or -1.
int clibedit_history_load(clibedit_editor *editor, const char *path);

/// Writes the history to `path`; returns 0 on success.
int clibedit_history_save(clibedit_editor *editor, const char *path);

/// The oldest history entry, or NULL when there is none; starts a walk.
const wchar_t *clibedit_history_oldest(clibedit_editor *editor);

/// The next newer entry in a walk started by `clibedit_history_oldest`, or NULL at the end.
const wchar_t *clibedit_history_newer(clibedit_editor *editor);

#endif
