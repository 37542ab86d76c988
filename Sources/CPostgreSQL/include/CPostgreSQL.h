#ifndef CPOSTGRESQL_H
#define CPOSTGRESQL_H

/* PostgreSQL's client library, libpq, as the PostgreSQL backend calls it. The
   program is not linked with libpq: its functions are defined in libpq_loader.c,
   which loads libpq.so.5 with dlopen on the first call. Programs that never open a
   database location (nearly every run) so skip loading libpq and the libraries it
   pulls in (libcrypto, GnuTLS, Kerberos, LDAP), all bound at load time. */
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif

/* Why libpq could not be loaded (the dynamic loader's message), or NULL when it is
   loaded; loads it on the first call. */
const char *directory_libpq_problem(void);

/* From now until directory_pq_end_cancellable, SIGINT (Ctrl-C) sends `target` a cancel
   request (PQcancel) instead of doing what it did before; nothing when SIGINT was ignored.
   Calls may nest: only the outermost pair installs and restores the handler. */
void directory_pq_begin_cancellable(PGcancel *target);

/* Puts SIGINT back as it was; returns 1 when a cancel request was sent meanwhile. */
int directory_pq_end_cancellable(void);

/* The signal (SIGTERM, SIGHUP) that cancelled the last cancellable statement, or 0. Such a
   signal also reaches the handler that was in place before directory_pq_begin_cancellable. */
int directory_pq_termination_seen(void);

/* Whether a cancel request was sent since directory_pq_begin_cancellable (before its end). */
int directory_pq_cancel_pending(void);

/* Whether a Ctrl-C cancelled a statement since the last call; forgets it. */
int directory_pq_take_interrupt(void);

#endif
