/* runner_progress: the progress bar on a terminal and the periodic progress lines elsewhere. */
#include "runner_progress.h"

#include <stdio.h>
#include <time.h>

double runner_now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void runner_progress_start(runner_progress *pr, int bar, int lines, size_t every_runs, double every_s, size_t total) {
  *pr = (runner_progress){.bar = bar, .lines = !bar && lines, .every_runs = every_runs, .every_s = every_s,
                          .total = total, .t0 = runner_now_s()};
  pr->last_t = pr->t0;
}

static void eta_text(const runner_progress *pr, char *eta, size_t size) {
  double elapsed = runner_now_s() - pr->t0;
  if (pr->finished > 0 && pr->finished < pr->total) {
    long s = (long)(elapsed / (double)pr->finished * (double)(pr->total - pr->finished) + 0.5);
    snprintf(eta, size, "%ldm%02lds", s / 60, s % 60);
  } else
    snprintf(eta, size, pr->finished >= pr->total ? "done" : "--");
}

static void draw_bar(runner_progress *pr, int final) {
  char eta[32], bar[31];
  eta_text(pr, eta, sizeof eta);
  size_t fill = pr->total ? pr->finished * 30 / pr->total : 30;
  for (size_t i = 0; i < 30; i++)
    bar[i] = i < fill ? '#' : '.';
  bar[30] = '\0';
  fprintf(stderr, "\r[%s] %zu/%zu runs", bar, pr->finished, pr->total);
  if (pr->failed)
    fprintf(stderr, ", %zu failed", pr->failed);
  fprintf(stderr, ", ETA %s   %s", eta, final ? "\n" : "");
  pr->bar_drawn = !final;
}

static void print_line(runner_progress *pr) {
  char eta[32];
  eta_text(pr, eta, sizeof eta);
  long el = (long)(runner_now_s() - pr->t0 + 0.5);
  fprintf(stderr, "gridnoc: progress: %zu of %zu runs finished", pr->finished, pr->total);
  if (pr->failed)
    fprintf(stderr, " (%zu failed)", pr->failed);
  fprintf(stderr, ", %ldm%02lds elapsed, ETA %s\n", el / 60, el % 60, eta);
  fflush(stderr);
  pr->last_t = runner_now_s();
  pr->last_n = pr->finished;
  pr->printed = 1;
}

void runner_progress_update(runner_progress *pr, size_t finished, size_t failed) {
  pr->finished = finished;
  pr->failed = failed;
  if (pr->bar)
    draw_bar(pr, 0);
  else if (pr->lines && pr->finished < pr->total &&
           ((pr->every_runs && pr->finished - pr->last_n >= pr->every_runs) ||
            (pr->every_s > 0 && runner_now_s() - pr->last_t >= pr->every_s)))
    print_line(pr);
}

void runner_progress_tick(runner_progress *pr) {
  if (pr->lines && pr->every_s > 0 && runner_now_s() - pr->last_t >= pr->every_s)
    print_line(pr);
}

int runner_progress_wait_ms(const runner_progress *pr) {
  if (!pr->lines || !(pr->every_s > 0))
    return -1;
  double left = pr->last_t + pr->every_s - runner_now_s();
  return left <= 0 ? 0 : (int)(left * 1000.0) + 1;
}

void runner_progress_clear(runner_progress *pr) {
  if (pr->bar_drawn)
    fprintf(stderr, "\r\033[K");
  pr->bar_drawn = 0;
}

void runner_progress_finish(runner_progress *pr) {
  if (pr->bar) {
    runner_progress_clear(pr);
    draw_bar(pr, 1);
  } else if (pr->lines && pr->printed && pr->last_n != pr->finished)
    print_line(pr); /* a sweep that said how it went says how it ended; a short one stays silent */
}
