/* runner_progress: what a sweep tells the person waiting for it: a bar with ETA on a terminal, a plain line
 * every N runs or S seconds otherwise (a Slurm log, `| cat`), nothing with --quiet. */
#ifndef RUNNER_PROGRESS_H
#define RUNNER_PROGRESS_H

#include <stddef.h>

typedef struct runner_progress {
  int bar, lines;      /* draw a bar (terminal) / print lines (no terminal); both 0 = quiet */
  size_t every_runs;   /* a line at least every this many finished runs (0 = by time only) */
  double every_s;      /* ... and at least every this many seconds (0 = by count only) */
  size_t total;        /* runs to do in this invocation */
  size_t finished, failed;
  double t0, last_t;
  size_t last_n;
  int bar_drawn;
  int printed; /* a progress line was printed */
} runner_progress;

double runner_now_s(void);
void runner_progress_start(runner_progress *pr, int bar, int lines, size_t every_runs, double every_s, size_t total);
/* A run finished (failed or not): redraw the bar, or print a line when one is due. */
void runner_progress_update(runner_progress *pr, size_t finished, size_t failed);
/* Print a line if the time for one has come (call after a poll timeout). */
void runner_progress_tick(runner_progress *pr);
/* Milliseconds until the next time-based line is due (-1: none is ever due). */
int runner_progress_wait_ms(const runner_progress *pr);
/* Wipe the bar before another message goes to stderr. */
void runner_progress_clear(runner_progress *pr);
/* The last bar (with "done") or the last line. */
void runner_progress_finish(runner_progress *pr);

#endif
