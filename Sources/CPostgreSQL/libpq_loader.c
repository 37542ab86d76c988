#include "CPostgreSQL.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

/* libpq's functions that the backend uses, found in libpq.so.5 once. */
static struct {
    PGconn *(*PQconnectdb)(const char *);
    PGconn *(*PQconnectdbParams)(const char *const *, const char *const *, int);
    PQconninfoOption *(*PQconninfoParse)(const char *, char **);
    PQconninfoOption *(*PQconndefaults)(void);
    void (*PQconninfoFree)(PQconninfoOption *);
    int (*PQconnectionNeedsPassword)(const PGconn *);
    char *(*PQuser)(const PGconn *);
    char *(*PQhost)(const PGconn *);
    char *(*PQport)(const PGconn *);
    char *(*PQdb)(const PGconn *);
    PQconninfoOption *(*PQconninfo)(PGconn *);
    PQnoticeProcessor (*PQsetNoticeProcessor)(PGconn *, PQnoticeProcessor, void *);
    PGcancel *(*PQgetCancel)(PGconn *);
    void (*PQfreeCancel)(PGcancel *);
    int (*PQcancel)(PGcancel *, char *, int);
    void (*PQfinish)(PGconn *);
    ConnStatusType (*PQstatus)(const PGconn *);
    char *(*PQerrorMessage)(const PGconn *);
    int (*PQbackendPID)(const PGconn *);
    int (*PQsetClientEncoding)(PGconn *, const char *);
    PGresult *(*PQexec)(PGconn *, const char *);
    PGresult *(*PQexecParams)(PGconn *, const char *, int, const Oid *, const char *const *, const int *,
                              const int *, int);
    PGresult *(*PQgetResult)(PGconn *);
    int (*PQconsumeInput)(PGconn *);
    PGnotify *(*PQnotifies)(PGconn *);
    int (*PQputCopyData)(PGconn *, const char *, int);
    int (*PQputCopyEnd)(PGconn *, const char *);
    int (*PQgetCopyData)(PGconn *, char **, int);
    ExecStatusType (*PQresultStatus)(const PGresult *);
    char *(*PQresultErrorMessage)(const PGresult *);
    char *(*PQresultErrorField)(const PGresult *, int);
    int (*PQntuples)(const PGresult *);
    char *(*PQcmdTuples)(PGresult *);
    char *(*PQgetvalue)(const PGresult *, int, int);
    int (*PQgetisnull)(const PGresult *, int, int);
    void (*PQclear)(PGresult *);
    void (*PQfreemem)(void *);
    char *(*PQescapeIdentifier)(PGconn *, const char *, size_t);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char problem_text[512];
static const char *problem;

#define FIND(name)                                                                            \
    do {                                                                                      \
        *(void **)(&api.name) = dlsym(library, #name);                                        \
        if (!api.name) {                                                                      \
            snprintf(problem_text, sizeof problem_text, "libpq.so.5 has no function " #name); \
            problem = problem_text;                                                           \
            return;                                                                           \
        }                                                                                     \
    } while (0)

static void load(void) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(problem_text, sizeof problem_text, "%s", reason ? reason : "libpq.so.5 could not be loaded");
        problem = problem_text;
        return;
    }
    FIND(PQconnectdb);
    FIND(PQconnectdbParams);
    FIND(PQconninfoParse);
    FIND(PQconndefaults);
    FIND(PQconninfoFree);
    FIND(PQconnectionNeedsPassword);
    FIND(PQuser);
    FIND(PQhost);
    FIND(PQport);
    FIND(PQdb);
    FIND(PQconninfo);
    FIND(PQsetNoticeProcessor);
    FIND(PQgetCancel);
    FIND(PQfreeCancel);
    FIND(PQcancel);
    FIND(PQfinish);
    FIND(PQstatus);
    FIND(PQerrorMessage);
    FIND(PQbackendPID);
    FIND(PQsetClientEncoding);
    FIND(PQexec);
    FIND(PQexecParams);
    FIND(PQgetResult);
    FIND(PQconsumeInput);
    FIND(PQnotifies);
    FIND(PQputCopyData);
    FIND(PQputCopyEnd);
    FIND(PQgetCopyData);
    FIND(PQresultStatus);
    FIND(PQresultErrorMessage);
    FIND(PQresultErrorField);
    FIND(PQntuples);
    FIND(PQcmdTuples);
    FIND(PQgetvalue);
    FIND(PQgetisnull);
    FIND(PQclear);
    FIND(PQfreemem);
    FIND(PQescapeIdentifier);
}

const char *directory_libpq_problem(void) {
    pthread_once(&once, load);
    return problem;
}

/* Each function calls libpq's. Without libpq, a connection is never made
   (PQconnectdb gives NULL), so the others are only reached with it loaded. */
#define READY (directory_libpq_problem() == NULL)

PGconn *PQconnectdb(const char *info) { return READY ? api.PQconnectdb(info) : NULL; }
PGconn *PQconnectdbParams(const char *const *k, const char *const *v, int expand) {
    return READY ? api.PQconnectdbParams(k, v, expand) : NULL;
}
PQconninfoOption *PQconninfoParse(const char *info, char **error) {
    if (error) *error = NULL;
    return READY ? api.PQconninfoParse(info, error) : NULL;
}
PQconninfoOption *PQconndefaults(void) { return READY ? api.PQconndefaults() : NULL; }
void PQconninfoFree(PQconninfoOption *o) { if (READY) api.PQconninfoFree(o); }
int PQconnectionNeedsPassword(const PGconn *c) { return READY ? api.PQconnectionNeedsPassword(c) : 0; }
char *PQuser(const PGconn *c) { return READY ? api.PQuser(c) : NULL; }
char *PQhost(const PGconn *c) { return READY ? api.PQhost(c) : NULL; }
char *PQport(const PGconn *c) { return READY ? api.PQport(c) : NULL; }
char *PQdb(const PGconn *c) { return READY ? api.PQdb(c) : NULL; }
PQconninfoOption *PQconninfo(PGconn *c) { return READY ? api.PQconninfo(c) : NULL; }
PQnoticeProcessor PQsetNoticeProcessor(PGconn *c, PQnoticeProcessor p, void *a) {
    return READY ? api.PQsetNoticeProcessor(c, p, a) : NULL;
}
PGcancel *PQgetCancel(PGconn *c) { return READY ? api.PQgetCancel(c) : NULL; }
void PQfreeCancel(PGcancel *c) { if (READY) api.PQfreeCancel(c); }
int PQcancel(PGcancel *c, char *b, int n) { return READY ? api.PQcancel(c, b, n) : 0; }
void PQfinish(PGconn *c) { if (READY) api.PQfinish(c); }
ConnStatusType PQstatus(const PGconn *c) { return READY ? api.PQstatus(c) : CONNECTION_BAD; }
char *PQerrorMessage(const PGconn *c) { return READY ? api.PQerrorMessage(c) : (char *)problem; }
int PQbackendPID(const PGconn *c) { return READY ? api.PQbackendPID(c) : 0; }
int PQsetClientEncoding(PGconn *c, const char *e) { return READY ? api.PQsetClientEncoding(c, e) : -1; }
PGresult *PQexec(PGconn *c, const char *q) { return READY ? api.PQexec(c, q) : NULL; }
PGresult *PQexecParams(PGconn *c, const char *q, int n, const Oid *t, const char *const *v, const int *l,
                       const int *f, int r) {
    return READY ? api.PQexecParams(c, q, n, t, v, l, f, r) : NULL;
}
PGresult *PQgetResult(PGconn *c) { return READY ? api.PQgetResult(c) : NULL; }
int PQconsumeInput(PGconn *c) { return READY ? api.PQconsumeInput(c) : 0; }
PGnotify *PQnotifies(PGconn *c) { return READY ? api.PQnotifies(c) : NULL; }
int PQputCopyData(PGconn *c, const char *b, int n) { return READY ? api.PQputCopyData(c, b, n) : -1; }
int PQputCopyEnd(PGconn *c, const char *m) { return READY ? api.PQputCopyEnd(c, m) : -1; }
int PQgetCopyData(PGconn *c, char **b, int a) { return READY ? api.PQgetCopyData(c, b, a) : -2; }
ExecStatusType PQresultStatus(const PGresult *r) { return READY ? api.PQresultStatus(r) : PGRES_FATAL_ERROR; }
char *PQresultErrorMessage(const PGresult *r) { return READY ? api.PQresultErrorMessage(r) : (char *)problem; }
char *PQresultErrorField(const PGresult *r, int f) { return READY ? api.PQresultErrorField(r, f) : NULL; }
int PQntuples(const PGresult *r) { return READY ? api.PQntuples(r) : 0; }
char *PQcmdTuples(PGresult *r) { return READY ? api.PQcmdTuples(r) : (char *)""; }
char *PQgetvalue(const PGresult *r, int t, int f) { return READY ? api.PQgetvalue(r, t, f) : NULL; }
int PQgetisnull(const PGresult *r, int t, int f) { return READY ? api.PQgetisnull(r, t, f) : 1; }
void PQclear(PGresult *r) { if (READY) api.PQclear(r); }
void PQfreemem(void *p) { if (READY) api.PQfreemem(p); }
char *PQescapeIdentifier(PGconn *c, const char *s, size_t n) { return READY ? api.PQescapeIdentifier(c, s, n) : NULL; }

/* Ctrl-C during a statement: the handler sends a cancel request with PQcancel, which
   libpq documents as safe in a signal handler (it calls api.PQcancel directly: the
   loader's pthread_once is not). The handler is in place only while a statement runs. */
static PGcancel *volatile cancel_target = NULL;
static volatile sig_atomic_t cancel_sent = 0;
static volatile sig_atomic_t interrupt_seen = 0;
static struct sigaction previous_interrupt;
static int catching = 0;
/* Calls of begin not yet ended: only the outermost installs and restores the handler. */
static int depth = 0;

/* SIGTERM and SIGHUP while a statement runs: the statement is cancelled too (a lock wait
   ends at once), and the signal goes on to the handler that was there (the front end's,
   which ends the program after the command, its edits in the recovery journal). */
static struct sigaction previous_termination[2];
static const int termination_signals[2] = {SIGTERM, SIGHUP};
static volatile sig_atomic_t termination_seen = 0;

static void on_interrupt(int signo) {
    (void)signo;
    int saved = errno;
    PGcancel *target = cancel_target;
    if (target != NULL) {
        char reason[256];
        (void)api.PQcancel(target, reason, (int)sizeof reason);
        cancel_sent = 1;
        interrupt_seen = 1;
    }
    errno = saved;
}

static void on_termination(int signo) {
    int saved = errno;
    PGcancel *target = cancel_target;
    if (target != NULL) {
        char reason[256];
        (void)api.PQcancel(target, reason, (int)sizeof reason);
        termination_seen = signo;
    }
    for (int index = 0; index < 2; index++) {
        if (termination_signals[index] != signo) continue;
        void (*previous)(int) = previous_termination[index].sa_handler;
        if (previous != SIG_DFL && previous != SIG_IGN && !(previous_termination[index].sa_flags & SA_SIGINFO)) {
            previous(signo);
        } else if (previous == SIG_DFL) {
            signal(signo, SIG_DFL);
            raise(signo);
        }
    }
    errno = saved;
}

void directory_pq_begin_cancellable(PGcancel *target) {
    if (depth++ > 0) return;
    cancel_sent = 0;
    catching = 0;
    if (target == NULL || !READY) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, &previous_interrupt) != 0) return;
    if (previous_interrupt.sa_handler == SIG_IGN) {
        /* Started with Ctrl-C ignored (nohup, a background job): leave it so. */
        sigaction(SIGINT, &previous_interrupt, NULL);
        return;
    }
    termination_seen = 0;
    struct sigaction ending;
    memset(&ending, 0, sizeof ending);
    ending.sa_handler = on_termination;
    sigemptyset(&ending.sa_mask);
    ending.sa_flags = SA_RESTART;
    for (int index = 0; index < 2; index++) sigaction(termination_signals[index], &ending, &previous_termination[index]);
    catching = 1;
    cancel_target = target;
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    sigprocmask(SIG_UNBLOCK, &interrupt, NULL);
}

int directory_pq_end_cancellable(void) {
    if (depth > 0 && --depth > 0) return cancel_sent;
    if (catching) {
        cancel_target = NULL;
        sigaction(SIGINT, &previous_interrupt, NULL);
        for (int index = 0; index < 2; index++) sigaction(termination_signals[index], &previous_termination[index], NULL);
        catching = 0;
    }
    return cancel_sent;
}

int directory_pq_termination_seen(void) { return termination_seen; }

int directory_pq_cancel_pending(void) { return catching ? cancel_sent : 0; }

int directory_pq_take_interrupt(void) {
    int seen = interrupt_seen;
    interrupt_seen = 0;
    return seen;
}
