#include "clibedit.h"
#include "clibedit_editor.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* SIGHUP and SIGTERM, and SIGINT in a script (`clibedit_catch_script_interrupt`). While the
   program waits for input with nothing left to write (`idle`), the handler restores the
   terminal and exits at once; otherwise it only remembers the signal, and the front end ends
   after the command, writing what it must. */
static volatile sig_atomic_t termination = 0;
static volatile sig_atomic_t idle = 0;
static volatile sig_atomic_t has_exit_terminal = 0;
static struct termios exit_terminal;
static char exit_message[512];
static volatile sig_atomic_t exit_message_length = 0;
/* What moves the cursor from inside the line being edited to the start of a row of its own
   below it, so that the exit message is not glued to the typed text (empty: the cursor is
   at the start of a row already). */
static char exit_leave[32];
static volatile sig_atomic_t exit_leave_length = 0;

/* Ends the process by `signo` itself, its handler put back to the default: the shell that
   started the program then knows it was interrupted, not that it exited 130 (a shell loop
   running it stops at Ctrl-C instead of going on to the next turn). Only signal-safe calls:
   it may run inside the handler, where `signo` is blocked until the unblock below. */
void clibedit_end_by_signal(int signo) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signo);
    raise(signo);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    _exit(128 + signo);
}

static void exit_now(int signo) {
    if (has_exit_terminal) {
        tcsetattr(STDIN_FILENO, TCSANOW, &exit_terminal);
        (void)!write(STDOUT_FILENO, "\033[?2004l", 8);
        if (exit_leave_length > 0) (void)!write(STDOUT_FILENO, exit_leave, (size_t)exit_leave_length);
    }
    if (exit_message_length > 0) (void)!write(STDERR_FILENO, exit_message, (size_t)exit_message_length);
    clibedit_end_by_signal(signo);
}

/* Whether SIGINT ends the program as SIGTERM does (a script, which has no prompt to return to). */
static volatile sig_atomic_t catching_interrupt = 0;

static void on_termination(int signo) {
    if (idle) exit_now(signo);
    /* A second Ctrl-C during a command that does not stop (a wait the program cannot cut
       short): the user insists, so the program ends at once, as it did before it caught
       Ctrl-C in scripts; the journal holds what it held at its last write. */
    if (signo == SIGINT && catching_interrupt && termination == SIGINT) {
        static const char forced[] =
            "directory: stopped by a second Ctrl-C; changes of its last second may be missing from "
            "the recovery journal\n";
        exit_message_length = 0;
        (void)!write(STDERR_FILENO, forced, sizeof forced - 1);
        exit_now(signo);
    }
    termination = signo;
}

static volatile sig_atomic_t catching = 0;

static void install_termination(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGHUP, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    if (catching_interrupt) sigaction(SIGINT, &action, NULL);
}

void clibedit_catch_termination(void) {
    catching = 1;
    install_termination();
    sigset_t caught;
    sigemptyset(&caught);
    sigaddset(&caught, SIGHUP);
    sigaddset(&caught, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &caught, NULL);
}

void clibedit_catch_script_interrupt(void) {
    struct sigaction previous;
    /* Started with Ctrl-C ignored (a background job of a shell without job control): leave it so. */
    if (sigaction(SIGINT, NULL, &previous) != 0 || previous.sa_handler == SIG_IGN) return;
    catching_interrupt = 1;
    install_termination();
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    sigprocmask(SIG_UNBLOCK, &interrupt, NULL);
}

int clibedit_termination_signal(void) { return termination; }

/* libedit (EL_SIGNAL) installs its own handler for SIGHUP and SIGTERM while it reads a
   line, for the sake of SIGTSTP and SIGCONT: it puts the terminal back, then sends the
   signal again with kill(0, …), to the whole process group, so that a shell running
   `sh -c 'directory; …'` would be ended with it. These two are ours: restoring the
   terminal is exit_now's work, and the signal was meant for this process alone. */
void clibedit_reclaim_termination(void) {
    if (catching) install_termination();
}

void clibedit_set_idle(int on) {
    idle = on;
    if (on && termination) exit_now(termination);
}

void clibedit_set_exit_message(const char *message) {
    exit_message_length = 0;
    if (message == NULL) return;
    size_t length = strlen(message);
    if (length >= sizeof exit_message) length = sizeof exit_message - 1;
    memcpy(exit_message, message, length);
    exit_message_length = (sig_atomic_t)length;
}

void clibedit_set_exit_leave(int rows) {
    exit_leave_length = 0;
    if (rows < 0) return;
    int length = rows > 0 ? snprintf(exit_leave, sizeof exit_leave, "\033[%dB\r\n", rows)
                          : snprintf(exit_leave, sizeof exit_leave, "\r\n");
    if (length > 0 && (size_t)length < sizeof exit_leave) exit_leave_length = length;
}

void clibedit_remember_exit_terminal(const struct termios *terminal) {
    has_exit_terminal = 0;
    if (terminal == NULL) return;
    exit_terminal = *terminal;
    has_exit_terminal = 1;
}
