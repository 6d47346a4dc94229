/* runner_signal: SIGINT/SIGTERM noted in a flag the runner's loop checks after every wake-up. */
#include "runner_signal.h"

#include <signal.h>
#include <stddef.h>

static volatile sig_atomic_t caught;
static struct sigaction old_int, old_term;

static void on_signal(int sig) { caught = sig; }

void runner_signals_catch(void) {
  struct sigaction sa = {0};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  caught = 0;
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
}

int runner_signal_caught(void) { return caught; }

void runner_signals_restore(void) {
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
}

void runner_signals_default(void) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
}
