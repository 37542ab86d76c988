#ifndef CLIBEDIT_EDITOR_H
#define CLIBEDIT_EDITOR_H

#include <histedit.h>
#include <signal.h>
#include <termios.h>
#include <wchar.h>

/* The editor's state, shared by the C files of this target (not by Swift). */
struct clibedit_editor {
    EditLine *el;
    HistoryW *history;
    HistEventW event;
    wchar_t *prompt;
    void *context;
    struct sigaction previous_int;
    struct sigaction previous_winch;
    struct sigaction previous_cont;
    struct termios original;
    int has_original;
    /* Characters read before the terminal's (the rest of a paste), and where reading is. */
    wchar_t *pending;
    size_t pending_length;
    size_t pending_at;
    /* Whether reading a line turns on the terminal's bracketed paste mode. */
    int bracketed_paste;
    /* SIGINT and SIGQUIT handlers saved while a foreground program runs. */
    struct sigaction saved_int;
    struct sigaction saved_quit;
    struct sigaction saved_pipe;
    /* Draws the prompt and the line instead of libedit (NULL: libedit draws). */
    clibedit_drawer drawer;
    /* libedit's output, thrown away but for the bell, while `drawer` draws. */
    FILE *discarded;
};

/* Between lines: no echo, no line editing by the terminal (keys wait for the next prompt). */
void clibedit_quiet_terminal(clibedit_editor *editor);

/* The next pending character of `el`'s editor, if any: returns 1 and sets `*out`. */
int clibedit_take_pending(EditLine *el, wchar_t *out);

/* After a stop (Ctrl-Z) and `fg`: the terminal back in the editor's mode, prompt and line drawn again. */
void clibedit_redraw_after_stop(EditLine *el);

/* Whether a key function reads keys itself (nothing is drawn meanwhile). */
void clibedit_take_keys(int on);

/* The terminal mode to restore when SIGHUP or SIGTERM ends the program at a prompt (NULL: none). */
void clibedit_remember_exit_terminal(const struct termios *terminal);

/* Puts back the SIGHUP and SIGTERM handlers that libedit replaced for the line being read. */
void clibedit_reclaim_termination(void);

#endif
