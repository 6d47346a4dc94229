/* runner_signal: Ctrl-C and SIGTERM during a sweep stop it cleanly (whole rows kept, a message saying how to
 * resume) instead of killing the writer between two rows. */
#ifndef RUNNER_SIGNAL_H
#define RUNNER_SIGNAL_H

/* Catch SIGINT and SIGTERM (no SA_RESTART: a blocked poll returns at once). */
void runner_signals_catch(void);
/* The signal caught since runner_signals_catch, or 0. */
int runner_signal_caught(void);
/* Give SIGINT and SIGTERM back their previous handlers. */
void runner_signals_restore(void);
/* In a forked run: the default handlers, so a signal ends the run as it would any program. */
void runner_signals_default(void);

#endif
