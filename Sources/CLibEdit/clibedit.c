#define _GNU_SOURCE /* wcwidth */

#include "clibedit.h"
#include "clibedit_editor.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>


/* Between lines (while a command runs), keys typed ahead are neither echoed by
   the terminal nor line-edited by it: libedit reads them at the next prompt. A Ctrl-C
   that stops the command does not throw them away (NOFLSH): they are read all the same. */
void clibedit_quiet_terminal(clibedit_editor *editor) {
    if (!editor->has_original) return;
    struct termios quiet = editor->original;
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ICANON);
    quiet.c_lflag |= NOFLSH;
    quiet.c_cc[VMIN] = 1;
    quiet.c_cc[VTIME] = 0;
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
}

/* Set by the signal handlers, acted on by read_char outside signal context.
   Each signal also writes a byte to `wake`, so a signal that arrives just before
   read_char waits still wakes it (the self-pipe trick). */
static volatile sig_atomic_t interrupted = 0;
static volatile sig_atomic_t resized = 0;
static volatile sig_atomic_t continued = 0;
static int wake[2] = {-1, -1};

static void on_signal(int signo) {
    int saved = errno;
    if (signo == SIGINT) interrupted = 1;
    if (signo == SIGWINCH) resized = 1;
    if (signo == SIGCONT) continued = 1;
    if (wake[1] >= 0) (void)!write(wake[1], "", 1);
    errno = saved;
}

/* Empties the wake-up pipe. */
static void drain_wake(void) {
    char bytes[64];
    while (wake[0] >= 0 && read(wake[0], bytes, sizeof bytes) > 0) {
    }
}

int clibedit_use_utf8_locale(void) {
    setlocale(LC_CTYPE, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
    return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

int clibedit_is_terminal(void) { return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO); }

/* Clears the screen and puts the cursor at its top left (xterm's, VTE's, tmux's and the
   Linux console's `clear`). */
#define CLEAR_SCREEN "\033[H\033[2J"

/* Marks the start and end of prompt text written literally (EL_PROMPT_ESC). */
#define PROMPT_LITERAL L'\1'

static wchar_t *prompt_of(EditLine *el) {
    clibedit_editor *editor = NULL;
    el_wget(el, EL_CLIENTDATA, (void **)&editor);
    return editor != NULL && editor->prompt != NULL ? editor->prompt : L"> ";
}

/* The width in columns of `count` wide characters (unprintable ones count as 1, literal marks as 0). */
static int columns_of(const wchar_t *text, size_t count) {
    int total = 0;
    for (size_t i = 0; i < count; i++) {
        if (text[i] == PROMPT_LITERAL) continue;
        int width = wcwidth(text[i]);
        total += width < 0 ? 1 : width;
    }
    return total;
}

/* The editor reading a line now, for output written meanwhile (see clibedit_write). */
static clibedit_editor *reading = NULL;
/* Whether a drawer is writing, or output was written below the drawing during this read. */
static int drawing = 0;
static int left_drawing = 0;
/* Whether a key function reads keys itself (a question, a paste): nothing is drawn meanwhile. */
static int keys_taken = 0;
/* Whether libedit cleared the screen (ed-clear-screen, Ctrl-L) in the output thrown away:
   the drawer clears it for real and draws the prompt and line afresh at its top. */
static int clear_wanted = 0;
/* Whether the line being read has yet to take SIGHUP and SIGTERM back from libedit. */
static int reclaim_pending = 0;

void clibedit_take_keys(int on) { keys_taken = on; }

static void draw(EditLine *el, clibedit_draw_reason reason) {
    clibedit_editor *editor = NULL;
    el_wget(el, EL_CLIENTDATA, (void **)&editor);
    if (editor == NULL || editor->drawer == NULL) return;
    drawing = 1;
    editor->drawer(el, reason);
    drawing = 0;
}

/* Draws the line when no key is waiting to be read (a paste is drawn once, at its end). */
static int input_ready(void);
static void draw_if_idle(EditLine *el) {
    if (keys_taken || input_ready()) return;
    if (clear_wanted) {
        /* Only ever set while a drawer draws: it clears the screen itself. */
        clear_wanted = 0;
        draw(el, CLIBEDIT_DRAW_CLEAR);
        left_drawing = 0;
        return;
    }
    draw(el, left_drawing ? CLIBEDIT_DRAW_AFRESH : CLIBEDIT_DRAW_UPDATE);
    left_drawing = 0;
}

/* After a resize: moves to where the prompt starts at the new width (terminals
   re-wrap the line they show), clears below, and draws the prompt and line again. */
static void redraw(EditLine *el) {
    el_resize(el);
    clibedit_editor *editor = NULL;
    el_wget(el, EL_CLIENTDATA, (void **)&editor);
    if (editor != NULL && editor->drawer != NULL) {
        draw(el, CLIBEDIT_DRAW_RESIZED);
        return;
    }
    const LineInfoW *info = el_wline(el);
    const wchar_t *prompt = prompt_of(el);
    int before = columns_of(prompt, wcslen(prompt)) + columns_of(info->buffer, (size_t)(info->cursor - info->buffer));
    int rows = before / clibedit_terminal_width();
    char move[32];
    if (rows > 0) {
        snprintf(move, sizeof move, "\r\033[%dA\033[J", rows);
    } else {
        snprintf(move, sizeof move, "\r\033[J");
    }
    clibedit_write(move);
    el_wset(el, EL_REFRESH);
}

/* How long the window must keep its size before a resize redraws the line, in milliseconds.
   tmux re-wraps its screen at once when the window is resized but tells the program
   (SIGWINCH) at most every 250 ms; a line drawn meanwhile, for the width the program was
   told, reaches a screen already another width and leaves a copy of the prompt above the
   line. Waiting past that interval draws once, for the width the window settles at (as
   fish-shell#7491 proposes); a key typed meanwhile draws at once, before the key. */
#define RESIZE_SETTLE_MS 400

/* Whether a resize waits to be drawn, and when the last one was seen. */
static int resize_waiting = 0;
static struct timespec resize_seen;

static long milliseconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/* Draws the resize that waits, if one does. */
static void draw_waiting_resize(EditLine *el) {
    if (!resize_waiting) return;
    resize_waiting = 0;
    redraw(el);
}

/* Bytes read ahead, read again first: while telling an escape sequence from a lone Escape,
   and keys typed while the terminal was asked where its cursor is. */
static unsigned char ahead[4096];
static size_t ahead_count = 0;

static void put_back(unsigned char byte) {
    if (ahead_count < sizeof ahead) ahead[ahead_count++] = byte;
}

static int take_ahead(unsigned char *byte) {
    if (ahead_count == 0) return 0;
    *byte = ahead[0];
    memmove(ahead, ahead + 1, --ahead_count);
    return 1;
}

/* The end of a cursor position report (ESC [ row ; column R) at the end of `bytes`: its
   start, with the row and the column; -1 when `bytes` do not end with one. */
static long position_report(const unsigned char *bytes, size_t count, int *row, int *column) {
    if (count < 6 || bytes[count - 1] != 'R') return -1;
    size_t at = count - 1;
    int numbers[2] = {0, 0};
    for (int which = 1; which >= 0; which--) {
        size_t digits = 0;
        int value = 0, scale = 1;
        while (at > 0 && bytes[at - 1] >= '0' && bytes[at - 1] <= '9' && digits < 5) {
            value += (bytes[at - 1] - '0') * scale;
            scale *= 10;
            digits += 1;
            at -= 1;
        }
        if (digits == 0 || at == 0) return -1;
        numbers[which] = value;
        at -= 1;
        if (bytes[at] != (which == 1 ? ';' : '[')) return -1;
    }
    if (at == 0 || bytes[at - 1] != 0x1B) return -1;
    *row = numbers[0];
    *column = numbers[1];
    return (long)at - 1;
}

int clibedit_cursor_position(int timeout_ms, int *row, int *column) {
    unsigned char got[sizeof ahead];
    size_t count = 0;
    int found = 0;
    if (write(STDOUT_FILENO, "\033[6n", 4) != 4) return 0;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    /* Room is left for the keys already read ahead: none is dropped, and when the buffer
       would fill up the wait ends (what was not read stays with the terminal). */
    while (!found && count + ahead_count + 1 < sizeof ahead) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long waited = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (waited >= timeout_ms) break;
        struct pollfd source = {STDIN_FILENO, POLLIN, 0};
        int ready = poll(&source, 1, (int)(timeout_ms - waited));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0 || (source.revents & POLLIN) == 0) break;
        ssize_t n = read(STDIN_FILENO, got + count, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n != 1) break;
        count += 1;
        long report = position_report(got, count, row, column);
        if (report >= 0) {
            count = (size_t)report;
            found = 1;
        }
    }
    for (size_t i = 0; i < count; i++) put_back(got[i]);
    return found;
}

static int input_ready(void) {
    if (ahead_count > 0 || (reading != NULL && reading->pending_at < reading->pending_length)) return 1;
    struct pollfd source = {STDIN_FILENO, POLLIN, 0};
    return poll(&source, 1, 0) == 1 && (source.revents & POLLIN) != 0;
}

/* Waits for a byte from the terminal: a Ctrl-C ends the wait (returns -1 with EINTR), a
   resize redraws the line at the new width once the window has kept its size for
   RESIZE_SETTLE_MS or before the next key; other interruptions are retried. */
static int wait_byte(EditLine *el, unsigned char *byte) {
    if (take_ahead(byte)) {
        draw_waiting_resize(el);
        return 1;
    }
    for (;;) {
        if (interrupted) {
            errno = EINTR;
            return -1;
        }
        if (resized) {
            resized = 0;
            resize_waiting = 1;
            clock_gettime(CLOCK_MONOTONIC, &resize_seen);
        }
        if (resize_waiting && milliseconds_since(&resize_seen) >= RESIZE_SETTLE_MS) draw_waiting_resize(el);
        if (continued) {
            continued = 0;
            clibedit_redraw_after_stop(el);
            if (reading != NULL && reading->drawer != NULL) draw(el, CLIBEDIT_DRAW_AFRESH);
        }
        /* Keys typed while the redraw asked the terminal where its cursor is. */
        if (take_ahead(byte)) break;
        int timeout = -1;
        if (resize_waiting) {
            long left = RESIZE_SETTLE_MS - milliseconds_since(&resize_seen);
            timeout = left > 0 ? (int)left : 0;
        } else {
            draw_if_idle(el);
        }
        struct pollfd sources[2] = {{STDIN_FILENO, POLLIN, 0}, {wake[0], POLLIN, 0}};
        if (poll(sources, wake[0] >= 0 ? 2 : 1, timeout) < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (sources[1].revents != 0) drain_wake();
        if (sources[0].revents == 0) continue;
        ssize_t n = read(STDIN_FILENO, byte, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n != 1) return n == 0 ? 0 : -1;
        break;
    }
    /* A key typed before the window's size settled: the line at the new width, then the key. */
    draw_waiting_resize(el);
    return 1;
}

/* A byte that has already arrived, without waiting: 1 when there was one. A terminal
   writes a key's whole escape sequence at once, so its bytes arrive together, while a
   person pressing Escape and then a key leaves a gap. */
static int ready_byte(unsigned char *byte) {
    if (take_ahead(byte)) return 1;
    struct pollfd source = {STDIN_FILENO, POLLIN, 0};
    if (poll(&source, 1, 0) != 1 || (source.revents & POLLIN) == 0) return 0;
    return read(STDIN_FILENO, byte, 1) == 1;
}

/* After an Escape: the key code of the sequence it starts, ESC itself when it stands
   alone (the bytes after it are put back), CLIBEDIT_KEY_NONE for a sequence that does
   nothing, or -1 when reading failed. */
static int escape_key(EditLine *el) {
    unsigned char next;
    if (!ready_byte(&next)) return 0x1B;
    if (next == 'O') {
        unsigned char final;
        if (!ready_byte(&final)) {
            put_back(next);
            return 0x1B;
        }
        return clibedit_key_of_ss3((char)final);
    }
    if (next != '[') {
        put_back(next);
        return 0x1B;
    }
    char parameters[16];
    size_t count = 0;
    for (;;) {
        unsigned char byte;
        if (wait_byte(el, &byte) != 1) return -1;
        if (byte >= 0x40 && byte <= 0x7E) {
            parameters[count] = '\0';
            return clibedit_key_of_csi(parameters, (char)byte);
        }
        if (count + 1 < sizeof parameters) parameters[count++] = (char)byte;
    }
}

/* The last key libedit read for itself (not one a key function read): what the next
   CLIBEDIT_DRAW_KEY follows. */
static wchar_t last_key = 0;

static int read_key(wchar_t key) {
    if (!keys_taken) last_key = key;
    return 1;
}

int clibedit_last_key(void) { return (int)last_key; }

/* Reads one character from the terminal for libedit: a Ctrl-C ends the line (returns -1),
   an escape sequence becomes one key code (see clibedit_key), a resize redraws the line. */
static int read_char(EditLine *el, wchar_t *out) {
    mbstate_t state;
    memset(&state, 0, sizeof state);
    if (reclaim_pending) {
        /* el_wgets has put libedit's signal handlers in place by now (see clibedit_termination.c). */
        clibedit_reclaim_termination();
        reclaim_pending = 0;
    }
    if (!keys_taken) draw(el, CLIBEDIT_DRAW_KEY);
    for (;;) {
        if (interrupted) {
            errno = EINTR;
            return -1;
        }
        if (clibedit_take_pending(el, out)) return read_key(*out);
        unsigned char byte;
        int n = wait_byte(el, &byte);
        if (n <= 0) return n;
        if (byte == 0x1B && mbsinit(&state)) {
            int key = escape_key(el);
            if (key < 0) return -1;
            if (key == CLIBEDIT_KEY_NONE) continue;
            *out = (wchar_t)key;
            return read_key(*out);
        }
        char character = (char)byte;
        size_t used = mbrtowc(out, &character, 1, &state);
        if (used == (size_t)-2) continue; /* more bytes to come */
        if (used == (size_t)-1) {
            /* Not a character in this encoding: drop it. */
            memset(&state, 0, sizeof state);
            continue;
        }
        return read_key(*out);
    }
}

static void install(int signo, struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: read must return EINTR */
    sigaction(signo, &action, previous);
}

/* libedit's output while a drawer draws: only its bell reaches the terminal, and its
   clearing of the screen (the `cl` capability, set to CLEAR_SCREEN) is noted for
   draw_if_idle, which clears the screen and draws the line afresh. The sequence is matched
   across writes, which may split it. */
static ssize_t discard_output(void *cookie, const char *bytes, size_t size) {
    (void)cookie;
    static size_t matched = 0;
    static const char clear[] = CLEAR_SCREEN;
    for (size_t i = 0; i < size; i++) {
        if (bytes[i] == '\a') (void)!write(STDOUT_FILENO, "\a", 1);
        if (bytes[i] == clear[matched]) {
            matched += 1;
        } else {
            matched = bytes[i] == clear[0] ? 1 : 0;
        }
        if (clear[matched] == '\0') {
            clear_wanted = 1;
            matched = 0;
        }
    }
    return (ssize_t)size;
}

void clibedit_set_drawer(clibedit_editor *editor, clibedit_drawer drawer) {
    if (editor->discarded == NULL) {
        cookie_io_functions_t functions = {NULL, discard_output, NULL, NULL};
        editor->discarded = fopencookie(NULL, "w", functions);
        if (editor->discarded == NULL) return;
    }
    editor->drawer = drawer;
    /* The descriptor stays the terminal's: libedit asks it for the mode and the size. */
    el_set(editor->el, EL_SETFP, 1, editor->discarded);
}

int clibedit_line(EditLine *el, const wchar_t **start, int *cursor) {
    const LineInfoW *info = el_wline(el);
    *start = info->buffer;
    *cursor = (int)(info->cursor - info->buffer);
    return (int)(info->lastchar - info->buffer);
}

int clibedit_move_cursor(EditLine *el, int offset) { return el_cursor(el, offset); }

void clibedit_delete_after_cursor(EditLine *el, int count) {
    int before = el_cursor(el, 0);
    int after = el_cursor(el, count);
    if (after > before) el_wdeletestr(el, after - before);
}

clibedit_editor *clibedit_open(const char *program, int history_size, void *context) {
    clibedit_editor *editor = calloc(1, sizeof *editor);
    if (editor == NULL) return NULL;
    editor->el = el_init(program, stdin, stdout, stderr);
    editor->history = history_winit();
    if (editor->el == NULL || editor->history == NULL) {
        clibedit_close(editor);
        return NULL;
    }
    editor->context = context;
    history_w(editor->history, &editor->event, H_SETSIZE, history_size);
    history_w(editor->history, &editor->event, H_SETUNIQUE, 1);
    if (wake[0] < 0 && pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) wake[0] = wake[1] = -1;
    install(SIGINT, &editor->previous_int);
    install(SIGWINCH, &editor->previous_winch);
    install(SIGCONT, &editor->previous_cont);
    /* A parent may have left them blocked; Ctrl-C and resizes must reach us. */
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGWINCH);
    sigaddset(&handled, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &handled, NULL);
    el_wset(editor->el, EL_CLIENTDATA, (void *)editor);
    el_wset(editor->el, EL_EDITOR, L"emacs");
    el_wset(editor->el, EL_SIGNAL, 1);
    el_wset(editor->el, EL_HIST, history_w, editor->history);
    /* Characters between two PROMPT_LITERAL marks are written as they are, outside
       libedit's column accounting, which would drop zero-width ones (a U+200D joiner). */
    el_wset(editor->el, EL_PROMPT_ESC, prompt_of, PROMPT_LITERAL);
    el_wset(editor->el, EL_GETCFN, read_char);
    /* What libedit's ed-clear-screen writes, to be recognised in its discarded output. */
    el_set(editor->el, EL_SETTC, "cl", CLEAR_SCREEN, NULL);
    editor->has_original = tcgetattr(STDIN_FILENO, &editor->original) == 0;
    clibedit_remember_exit_terminal(editor->has_original ? &editor->original : NULL);
    clibedit_quiet_terminal(editor);
    return editor;
}

void clibedit_close(clibedit_editor *editor) {
    if (editor == NULL) return;
    if (editor->el != NULL) {
        el_end(editor->el);
        if (editor->has_original) tcsetattr(STDIN_FILENO, TCSANOW, &editor->original);
        clibedit_remember_exit_terminal(NULL);
        sigaction(SIGINT, &editor->previous_int, NULL);
        sigaction(SIGWINCH, &editor->previous_winch, NULL);
        sigaction(SIGCONT, &editor->previous_cont, NULL);
    }
    if (editor->history != NULL) history_wend(editor->history);
    if (editor->discarded != NULL) fclose(editor->discarded);
    free(editor->prompt);
    free(editor->pending);
    free(editor);
}

void *clibedit_context(EditLine *el) {
    clibedit_editor *editor = NULL;
    el_wget(el, EL_CLIENTDATA, (void **)&editor);
    return editor != NULL ? editor->context : NULL;
}

void clibedit_set_prompt(clibedit_editor *editor, const char *prompt) {
    size_t length = mbstowcs(NULL, prompt, 0);
    if (length == (size_t)-1) return;
    wchar_t *wide = calloc(length + 1, sizeof *wide);
    if (wide == NULL) return;
    mbstowcs(wide, prompt, length + 1);
    /* Each zero-width character (a joiner, a combining accent) between literal marks. */
    wchar_t *marked = calloc(3 * length + 1, sizeof *marked);
    if (marked == NULL) {
        free(wide);
        return;
    }
    size_t at = 0;
    for (size_t i = 0; i < length; i++) {
        if (wide[i] == PROMPT_LITERAL) continue;
        int zero = wcwidth(wide[i]) == 0;
        if (zero) marked[at++] = PROMPT_LITERAL;
        marked[at++] = wide[i];
        if (zero) marked[at++] = PROMPT_LITERAL;
    }
    marked[at] = L'\0';
    free(wide);
    free(editor->prompt);
    editor->prompt = marked;
}

int clibedit_add_function(clibedit_editor *editor, const char *name, const char *help, clibedit_function function) {
    return el_set(editor->el, EL_ADDFN, name, help, function);
}

int clibedit_bind(clibedit_editor *editor, const char *key, const char *function) {
    return el_set(editor->el, EL_BIND, key, function, NULL);
}

int clibedit_bind_command(clibedit_editor *editor, const char *key, const char *function) {
    return el_set(editor->el, EL_BIND, "-a", key, function, NULL);
}

int clibedit_source(clibedit_editor *editor, const char *path) { return el_source(editor->el, path); }

int clibedit_is_vi(clibedit_editor *editor) {
    const char *mode = NULL;
    if (el_get(editor->el, EL_EDITOR, &mode) != 0 || mode == NULL) return 0;
    return strcmp(mode, "vi") == 0;
}

clibedit_status clibedit_read_line(clibedit_editor *editor, const wchar_t **line, int *length) {
    interrupted = 0;
    continued = 0;
    drain_wake();
    /* The prompt is drawn afresh at the width the window has now. */
    if (resized) {
        resized = 0;
        el_resize(editor->el);
    }
    resize_waiting = 0;
    int count = 0;
    if (editor->bracketed_paste) clibedit_write("\033[?2004h");
    reading = editor;
    left_drawing = 0;
    last_key = 0;
    reclaim_pending = 1;
    const wchar_t *text = el_wgets(editor->el, &count);
    reading = NULL;
    if (editor->drawer != NULL) {
        if (left_drawing) draw(editor->el, CLIBEDIT_DRAW_AFRESH);
        left_drawing = 0;
        draw(editor->el, CLIBEDIT_DRAW_FINISH);
        /* libedit's newline after the line (or Ctrl-D) was thrown away; a Ctrl-C gets none. */
        if (text != NULL || !interrupted) clibedit_write("\r\n");
    }
    if (editor->bracketed_paste) clibedit_write("\033[?2004l");
    clibedit_quiet_terminal(editor);
    if (text == NULL || count < 0) {
        if (interrupted) {
            interrupted = 0;
            return CLIBEDIT_INTERRUPTED;
        }
        return count == 0 ? CLIBEDIT_END : CLIBEDIT_FAILED;
    }
    while (count > 0 && (text[count - 1] == L'\n' || text[count - 1] == L'\r')) count -= 1;
    *line = text;
    *length = count;
    return CLIBEDIT_LINE;
}

int clibedit_interrupt_requested(void) { return interrupted != 0; }

int clibedit_take_interrupt(void) {
    int was = interrupted != 0;
    interrupted = 0;
    return was;
}

int clibedit_line_before_cursor(EditLine *el, const wchar_t **start) {
    const LineInfoW *info = el_wline(el);
    *start = info->buffer;
    return (int)(info->cursor - info->buffer);
}

int clibedit_replace_before_cursor(EditLine *el, int count, const wchar_t *text) {
    if (count > 0) el_wdeletestr(el, count);
    if (text[0] == L'\0') return 0;
    return el_winsertstr(el, text);
}

void clibedit_leave_drawing(void) {
    if (reading != NULL && reading->drawer != NULL && !drawing && !left_drawing) {
        /* Left from where the drawing is at the window's width now. */
        draw_waiting_resize(reading->el);
        draw(reading->el, CLIBEDIT_DRAW_LEAVE);
        left_drawing = 1;
    }
}

void clibedit_write(const char *text) {
    /* Output below the line being edited: the drawing is left first, and drawn afresh after. */
    clibedit_leave_drawing();
    clibedit_write_drawing(text);
}

void clibedit_write_drawing(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t n = write(STDOUT_FILENO, text, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        text += n;
        length -= (size_t)n;
    }
}

int clibedit_terminal_width(void) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return 80;
    return size.ws_col;
}

int clibedit_history_add(clibedit_editor *editor, const wchar_t *line) {
    return history_w(editor->history, &editor->event, H_ENTER, line);
}

int clibedit_history_load(clibedit_editor *editor, const char *path) {
    return history_w(editor->history, &editor->event, H_LOAD, path);
}

int clibedit_history_merge_save(const char *path, const wchar_t *line, int size, int descriptor) {
    HistoryW *merged = history_winit();
    HistEventW event;
    if (merged == NULL) {
        close(descriptor);
        return -1;
    }
    history_w(merged, &event, H_SETSIZE, size > 0 ? size : 1);
    history_w(merged, &event, H_SETUNIQUE, 1);
    struct stat status;
    int present = stat(path, &status) == 0 && status.st_size > 0;
    if (present && history_w(merged, &event, H_LOAD, path) < 0) {
        history_wend(merged);
        close(descriptor);
        return -1;
    }
    history_w(merged, &event, H_ENTER, line);
    FILE *file = fdopen(descriptor, "w");
    if (file == NULL) {
        history_wend(merged);
        close(descriptor);
        return -1;
    }
    int written = history_w(merged, &event, H_SAVE_FP, file);
    int flushed = fflush(file) == 0 && fsync(descriptor) == 0;
    int closed = fclose(file) == 0;
    history_wend(merged);
    return written >= 0 && flushed && closed ? 0 : -1;
}

const wchar_t *clibedit_history_oldest(clibedit_editor *editor) {
    if (history_w(editor->history, &editor->event, H_LAST) < 0) return NULL;
    return editor->event.str;
}

const wchar_t *clibedit_history_newer(clibedit_editor *editor) {
    if (history_w(editor->history, &editor->event, H_PREV) < 0) return NULL;
    return editor->event.str;
}
