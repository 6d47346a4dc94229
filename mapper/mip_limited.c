/* mip_limited: a MIP solve under a hard CPU budget. Neither CBC nor GLPK looks at its clock inside the root LP or
 * the root's cut loop: a 17,000-column model took 70 s of CPU under a 5 s limit, and an integer-volume 300-task
 * graph 25 s under 2 s. So the solve runs in a child process (fork: the model is shared copy-on-write), which
 * sends its result back through a pipe and is killed when its CPU time passes the budget; a killed solve knows
 * nothing (MIP_UNKNOWN), which is all a stopped solver could have proven anyway. Where fork is not available the
 * solve runs in this process, as before. */
#define _GNU_SOURCE
#include "mip.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What the child sends: this header, then n_cols values of x when there is a solution. */
typedef struct wire_head {
  int rc, status;
  double objective, bound;
  gn_error err;
} wire_head;

static void write_all(int fd, const void *buf, size_t len) {
  const char *p = buf;
  while (len > 0) {
    ssize_t k = write(fd, p, len);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return; /* the parent went away or killed us: nothing to tell */
    p += k;
    len -= (size_t)k;
  }
}

static void child_solve(int fd, const mip_solver *s, const mip_model *m, const mip_limits *lim, double *x) {
  mip_result r = {.x = x};
  wire_head h;
  memset(&h, 0, sizeof h);
  h.rc = s->solve(m, lim, &r, &h.err);
  h.status = r.status;
  h.objective = r.objective;
  h.bound = r.bound;
  write_all(fd, &h, sizeof h);
  if (h.rc == GN_OK && (r.status == MIP_OPTIMAL || r.status == MIP_FEASIBLE))
    write_all(fd, x, (size_t)m->n_cols * sizeof *x);
  close(fd);
  _exit(0); /* the child's only way out: no atexit handlers, no stdio flush of the parent's buffers */
}

static double ts_s(const struct timespec *t) { return (double)t->tv_sec + 1e-9 * (double)t->tv_nsec; }

static double wall_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return ts_s(&t);
}

static double process_cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

int mip_solve_limited(const mip_solver *s, const mip_model *m, const mip_limits *lim, mip_result *res,
                      gn_error *err) {
  size_t len = sizeof(wire_head) + (size_t)m->n_cols * sizeof(double);
  char *buf = malloc(len);
  int fd[2] = {-1, -1};
  pid_t pid = -1;
  if (buf && pipe(fd) == 0)
    pid = fork();
  if (pid < 0) { /* no child: solve here, with the solver's own (soft) limits */
    free(buf);
    if (fd[0] >= 0) {
      close(fd[0]);
      close(fd[1]);
    }
    double c0 = process_cpu_s();
    int rc = s->solve(m, lim, res, err);
    res->cpu_s = process_cpu_s() - c0;
    return rc;
  }
  if (pid == 0) {
    close(fd[0]);
    child_solve(fd[1], s, m, lim, res->x);
  }
  close(fd[1]);
  fcntl(fd[0], F_SETFL, fcntl(fd[0], F_GETFL) | O_NONBLOCK);
  clockid_t clk;
  int have_clk = clock_getcpuclockid(pid, &clk) == 0;
  /* The solver's own limit usually ends it first; the kill is for the loops that never look at the clock. A
   * shared machine stretches wall time: it is only a backstop (50 times the budget). */
  double budget = lim->seconds * 1.02 + 0.02, wall_end = wall_s() + 50 * lim->seconds + 1;
  size_t got = 0;
  int killed = 0;
  for (;;) {
    struct pollfd p = {fd[0], POLLIN, 0};
    poll(&p, 1, 10);
    ssize_t k = got < len ? read(fd[0], buf + got, len - got) : 0;
    if (k > 0) {
      got += (size_t)k;
      continue;
    }
    if (k == 0 || (errno != EAGAIN && errno != EINTR))
      break; /* end of the child's answer (or a broken pipe) */
    struct timespec t;
    if ((have_clk && clock_gettime(clk, &t) == 0 && ts_s(&t) > budget) || wall_s() > wall_end) {
      kill(pid, SIGKILL);
      killed = 1;
      break;
    }
  }
  close(fd[0]);
  int wst;
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  while (wait4(pid, &wst, 0, &ru) < 0 && errno == EINTR)
    ;
  res->cpu_s = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
               1e-6 * (double)ru.ru_stime.tv_usec;
  res->status = MIP_UNKNOWN;
  res->bound = -HUGE_VAL;
  int rc = GN_OK;
  wire_head h;
  if (!killed && got >= sizeof h) {
    memcpy(&h, buf, sizeof h);
    int with_x = h.rc == GN_OK && (h.status == MIP_OPTIMAL || h.status == MIP_FEASIBLE);
    if (h.rc != GN_OK) {
      if (err)
        *err = h.err;
      rc = h.rc;
    } else if (!with_x || got == len) { /* a solution cut short is no solution */
      res->status = (mip_status)h.status;
      res->objective = h.objective;
      res->bound = h.bound;
      if (with_x)
        memcpy(res->x, buf + sizeof h, (size_t)m->n_cols * sizeof *res->x);
    }
  }
  free(buf);
  return rc;
}
