/* gn_child: run a program, or a function, in a child process and collect what it says (stdout and stderr):
 * the way gridnoc runs gnuplot, rsvg-convert and one-simulation-per-process work it cannot do in itself. */
#ifndef GN_CHILD_H
#define GN_CHILD_H

#include "strbuf.h"

#include <signal.h>

/* With argv: exec argv[0] (PATH searched) with argv. Else: call fn(ctx) in the child, which exits with its
 * return value (anything it writes to stderr is collected). At most `max` bytes of the output go to msg.
 * Returns the child's exit status (0 = success), 127 if the program cannot run (msg says why), -1 if no
 * child could be started (msg says why), 128 + N when killed by signal N. */
int gn_child_run(const char *const *argv, int (*fn)(void *ctx), void *ctx, strbuf *msg, size_t max);

/* Hold back the signals that end a command (SIGINT, SIGTERM, SIGHUP, SIGPIPE: those cli/main.c handles) until
 * sigprocmask(SIG_SETMASK, old, NULL): for a step the handler must see whole (a child started and noted, a
 * temporary created and noted). */
void gn_block_ending_signals(sigset_t *old);

/* Kill (SIGKILL) and reap the child gn_child_run is waiting for, if any: for the handler of a signal that ends
 * the command, before it removes the temporary file that child writes. Async-signal-safe. */
void gn_child_kill_running(void);

#endif
