#define _GNU_SOURCE /* open_memstream */

#include "clibedit.h"
#include "clibedit_editor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* The editor of `el`, from its client data. */
static clibedit_editor *editor_of(EditLine *el) {
    clibedit_editor *editor = NULL;
    el_wget(el, EL_CLIENTDATA, (void **)&editor);
    return editor;
}

int clibedit_take_pending(EditLine *el, wchar_t *out) {
    clibedit_editor *editor = editor_of(el);
    if (editor == NULL || editor->pending_at >= editor->pending_length) return 0;
    *out = editor->pending[editor->pending_at++];
    if (editor->pending_at == editor->pending_length) editor->pending_at = editor->pending_length = 0;
    return 1;
}

int clibedit_push_input(EditLine *el, const wchar_t *text) {
    clibedit_editor *editor = editor_of(el);
    if (editor == NULL) return -1;
    size_t count = wcslen(text);
    size_t kept = editor->pending_length - editor->pending_at;
    wchar_t *joined = malloc((kept + count + 1) * sizeof *joined);
    if (joined == NULL) return -1;
    if (kept > 0) wmemcpy(joined, editor->pending + editor->pending_at, kept);
    wmemcpy(joined + kept, text, count);
    joined[kept + count] = L'\0';
    free(editor->pending);
    editor->pending = joined;
    editor->pending_at = 0;
    editor->pending_length = kept + count;
    return 0;
}

void clibedit_clear_input(clibedit_editor *editor) {
    editor->pending_at = editor->pending_length = 0;
}

int clibedit_getc(EditLine *el, wchar_t *out) {
    clibedit_take_keys(1);
    int status = el_wgetc(el, out);
    clibedit_take_keys(0);
    return status;
}

void clibedit_set_bracketed_paste(clibedit_editor *editor, int on) { editor->bracketed_paste = on; }

void clibedit_redraw_after_stop(EditLine *el) {
    /* The shell had the terminal: put it back in the editor's mode, then draw the
       prompt and the line on a line of their own. */
    el_wset(el, EL_PREP_TERM, 0);
    el_wset(el, EL_PREP_TERM, 1);
    clibedit_write_drawing("\r\033[K");
    el_wset(el, EL_REFRESH);
}

void clibedit_foreground_begin(clibedit_editor *editor) {
    if (editor->has_original) tcsetattr(STDIN_FILENO, TCSANOW, &editor->original);
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, &editor->saved_int);
    sigaction(SIGQUIT, &ignore, &editor->saved_quit);
    sigaction(SIGPIPE, &ignore, &editor->saved_pipe);
}

void clibedit_foreground_end(clibedit_editor *editor) {
    sigaction(SIGINT, &editor->saved_int, NULL);
    sigaction(SIGQUIT, &editor->saved_quit, NULL);
    sigaction(SIGPIPE, &editor->saved_pipe, NULL);
    clibedit_quiet_terminal(editor);
    (void)clibedit_take_interrupt();
}

void clibedit_key_foreground_begin(EditLine *el) {
    clibedit_editor *editor = editor_of(el);
    if (editor != NULL) clibedit_foreground_begin(editor);
}

void clibedit_key_foreground_end(EditLine *el) {
    clibedit_editor *editor = editor_of(el);
    if (editor == NULL) return;
    clibedit_foreground_end(editor);
    /* libedit still thinks its mode is set: leave it and enter it again. */
    el_wset(el, EL_PREP_TERM, 0);
    el_wset(el, EL_PREP_TERM, 1);
}

void clibedit_discard_output(void) { tcflush(STDOUT_FILENO, TCOFLUSH); }

int clibedit_source_line(clibedit_editor *editor, const char *line, char **message) {
    *message = NULL;
    char *errors = NULL;
    size_t size = 0;
    FILE *capture = open_memstream(&errors, &size);
    if (capture != NULL) el_set(editor->el, EL_SETFP, 2, capture);
    Tokenizer *tokenizer = tok_init(NULL);
    int status = -1;
    int argc = 0;
    const char **argv = NULL;
    if (tokenizer != NULL) {
        int parsed = tok_str(tokenizer, line, &argc, &argv);
        if (parsed == 0) status = argc == 0 ? 0 : el_parse(editor->el, argc, argv);
        else status = -2; /* an unmatched quote or a trailing backslash */
        tok_end(tokenizer);
    }
    if (capture != NULL) {
        el_set(editor->el, EL_SETFP, 2, stderr);
        fclose(capture);
        if (errors != NULL && size > 0) {
            *message = errors;
        } else {
            free(errors);
        }
    }
    if (status == -2) return -2;
    return status == 0 ? 0 : -1;
}

int clibedit_terminal_height(void) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return 24;
    return size.ws_row;
}
