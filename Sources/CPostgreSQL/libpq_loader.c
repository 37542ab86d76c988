#include "CPostgreSQL.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* libpq's functions that the backend uses, found in libpq.so.5 once. */
static struct {
    PGconn *(*PQconnectdb)(const char *);
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
