/* runner: the fork pool. One child per run (SimGrid: one simulation per process) sends its finished CSV row
 * over a pipe; the parent is the only writer and appends rows in run-index order, whatever order they finish
 * in, so any job count gives the same bytes. Each row is one write(): a killed sweep leaves whole rows (the
 * kernel keeps what was written) and at worst one cut-short line, which the next start removes. fdatasync
 * runs at most once a second and at the end (2-3 ms each here: per row it would double the runner's cost),
 * so a power cut loses at most the last second of rows, which a resume simply runs again. */
#include "runner.h"

#include "runner_columns.h"
#include "runner_csv.h"
#include "runner_cache.h"
#include "runner_lock.h"
#include "runner_output.h"
#include "runner_progress.h"
#include "runner_signal.h"
#include "runner_spawn.h"

#include "csvtab.h"

#include "gn_error.h"
#include "gn_file.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { PENDING = 0, SUCCEEDED = 1, FAILED = 2 };

typedef struct slot {
  pid_t pid; /* 0 = free */
  size_t pos; /* position in the to-do list */
  int fd_res, fd_log;
  strbuf res, log;
  double deadline; /* --run-timeout: killed past this (monotonic seconds), 0 = never */
  int timed_out;
} slot;

typedef struct pool {
  const scenario *sc;
  const runner_options *opt;
  size_t *todo; /* run indices still to do, ascending */
  size_t ntodo, next, written;
  char **rows;  /* finished rows waiting for their turn, by to-do position */
  unsigned char *state;
  int out_fd;   /* -1 = stdout */
  double last_sync;
  runner_summary *sum;
  runner_progress pr;
  slot *slots; /* jobs entries; the forked child frees its copies of slots and fds before running */
  struct pollfd *fds;
  int jobs;
  runner_spawner *spawner; /* start-up workers (runner_spawn.c), or NULL: the runner forks each child itself */
} pool;

/* In the child: run the kind, send "R<row>\n" or "E<reason>", exit without running the parent's atexit
 * handlers (they belong to the parent). */
static void child_main(const scenario *sc, size_t index, int fd_res, int fd_log) {
  runner_signals_default();
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0)
    dup2(devnull, 0);
  dup2(fd_log, 1);
  dup2(fd_log, 2);
  gn_error e = {0};
  scenario_run run;
  gn_kvlist metrics = GN_KVLIST_INIT;
  strbuf out = STRBUF_INIT;
  int rc = scenario_run_at(sc, index, &run, &e);
  if (!rc) {
    rc = sc->kind->run(&run.params, run.seed, &metrics, &e);
    if (rc && !e.msg[0])
      gn_error_set(&e, rc, NULL, 0, "kind '%s' failed without a message", sc->kind->name);
  }
  for (int i = 0; !rc && sc->kind->metrics[i].name; i++)
    if (!gn_kv_get(&metrics, sc->kind->metrics[i].name))
      rc = gn_error_set(&e, GN_EFAIL, NULL, 0, "kind '%s' did not report metric '%s'", sc->kind->name,
                        sc->kind->metrics[i].name);
  if (rc) {
    strbuf_addf(&out, "E%s", e.msg);
  } else {
    strbuf_add(&out, "R");
    runner_row_prefix(sc, &run, &out);
    for (int i = 0; sc->kind->metrics[i].name; i++) {
      strbuf_add(&out, ",");
      csv_add_field(&out, gn_kv_get(&metrics, sc->kind->metrics[i].name));
    }
    strbuf_add(&out, "," GN_VERSION "\n");
  }
  fflush(stdout);
  fflush(stderr);
  int wrc = out.oom ? -1 : runner_write_all(fd_res, strbuf_str(&out), out.len);
  _exit(rc || wrc ? 1 : 0);
}

/* Append every finished row whose predecessors are all settled. */
static int flush_rows(pool *p, gn_error *err) {
  while (p->written < p->ntodo && p->state[p->written] != PENDING) {
    char *row = p->rows[p->written];
    if (row) {
      int bad = p->out_fd < 0 ? fputs(row, stdout) == EOF : runner_write_all(p->out_fd, row, strlen(row));
      if (!bad && p->out_fd >= 0 && runner_now_s() - p->last_sync >= 1.0) {
        bad = fdatasync(p->out_fd) != 0 && errno != EINVAL;
        p->last_sync = runner_now_s();
      }
      free(row);
      p->rows[p->written] = NULL;
      if (bad)
        return gn_error_set(err, GN_EFAIL, p->opt->output, 0, "cannot append a row: %s", strerror(errno));
    }
    p->written++;
  }
  if (p->out_fd < 0)
    fflush(stdout);
  return GN_OK;
}

/* The child inherits the parent's copy of every slot (buffers and pipe ends of its siblings): it needs none. */
static void release_slots_in_child(pool *p) {
  for (int i = 0; i < p->jobs; i++) {
    if (!p->slots[i].pid)
      continue;
    if (p->slots[i].fd_res >= 0)
      close(p->slots[i].fd_res);
    if (p->slots[i].fd_log >= 0)
      close(p->slots[i].fd_log);
    strbuf_free(&p->slots[i].res);
    strbuf_free(&p->slots[i].log);
  }
  free(p->slots);
  free(p->fds);
  p->slots = NULL;
  p->fds = NULL;
}

/* A run's child started by a worker (runner_spawn.c): the worker's copy of the pool has no slot in use. */
static void spawned_child(void *ctx, size_t index, int fd_res, int fd_log) {
  pool *p = ctx;
  release_slots_in_child(p);
  child_main(p->sc, index, fd_res, fd_log);
}

static int start_child(pool *p, slot *s, gn_error *err) {
  int res[2], log[2];
  if (pipe(res))
    return gn_error_set(err, GN_EFAIL, NULL, 0, "pipe: %s", strerror(errno));
  if (pipe(log)) {
    close(res[0]);
    close(res[1]);
    return gn_error_set(err, GN_EFAIL, NULL, 0, "pipe: %s", strerror(errno));
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = p->spawner ? runner_spawner_run(p->spawner, (int)(s - p->slots), p->todo[p->next], res[1], log[1]) : -1;
  if (pid < 0)
    pid = fork();
  if (pid < 0) {
    close(res[0]), close(res[1]), close(log[0]), close(log[1]);
    return gn_error_set(err, GN_EFAIL, NULL, 0, "fork: %s", strerror(errno));
  }
  if (pid == 0) {
    close(res[0]);
    close(log[0]);
    size_t index = p->todo[p->next];
    release_slots_in_child(p);
    child_main(p->sc, index, res[1], log[1]);
  }
  close(res[1]);
  close(log[1]);
  *s = (slot){pid, p->next++, res[0], log[0], STRBUF_INIT, STRBUF_INIT, 0, 0};
  if (p->opt->run_timeout_s > 0)
    s->deadline = runner_now_s() + p->opt->run_timeout_s;
  return GN_OK;
}

/* The last non-empty line of what the child printed: usually the reason it died. */
static void last_line(const strbuf *log, char *out, size_t size) {
  const char *text = strbuf_str(log);
  size_t end = log->len;
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r'))
    end--;
  size_t start = end;
  while (start > 0 && text[start - 1] != '\n')
    start--;
  snprintf(out, size, "%.*s", (int)(end - start), text + start);
}

static void settle_child(pool *p, slot *s) {
  int status = 0;
  while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
    ;
  const char *msg = strbuf_str(&s->res);
  int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && msg[0] == 'R' && s->res.len > 1 &&
           msg[s->res.len - 1] == '\n';
  size_t index = p->todo[s->pos];
  if (ok) {
    p->rows[s->pos] = strdup(msg + 1);
    p->state[s->pos] = SUCCEEDED;
    p->sum->done++;
  }
  if (ok && !p->rows[s->pos]) {
    ok = 0;
    msg = "Eout of memory in the runner";
  }
  if (!ok) {
    p->state[s->pos] = FAILED;
    p->sum->failed++;
    char reason[GN_ERROR_MSG_MAX + 64], tail[512];
    last_line(&s->log, tail, sizeof tail);
    if (s->timed_out)
      snprintf(reason, sizeof reason, "timeout (still running after --run-timeout %g s; killed)",
               p->opt->run_timeout_s);
    else if (msg[0] == 'E')
      snprintf(reason, sizeof reason, "%s", msg + 1);
    else if (WIFSIGNALED(status))
      snprintf(reason, sizeof reason, "killed by signal %d (%s)%s%s", WTERMSIG(status), strsignal(WTERMSIG(status)),
               tail[0] ? ": " : "", gn_error_skip_prefix(tail)); /* the child's line, without its own "gridnoc: " */
    else
      snprintf(reason, sizeof reason, "exited with status %d without a result%s%s",
               WIFEXITED(status) ? WEXITSTATUS(status) : -1, tail[0] ? ": " : "", gn_error_skip_prefix(tail));
    runner_progress_clear(&p->pr);
    fprintf(stderr, "gridnoc: run %zu failed: %s\n", index, reason);
  }
  strbuf_free(&s->res);
  strbuf_free(&s->log);
  s->pid = 0;
}

/* Read what is available from one pipe; returns 1 at end of file. Keeps only the last 4 KiB of logs. */
static int drain(int fd, strbuf *b, int is_log) {
  char buf[4096];
  ssize_t n = read(fd, buf, sizeof buf);
  if (n < 0)
    return errno == EINTR || errno == EAGAIN ? 0 : 1;
  if (n == 0)
    return 1;
  strbuf_addn(b, buf, (size_t)n);
  if (is_log && b->len > 8192) {
    memmove(b->data, b->data + b->len - 4096, 4096);
    b->len = 4096;
    b->data[b->len] = '\0';
  }
  return 0;
}

/* How long poll may sleep: until the next progress line or the earliest run deadline (-1: no limit). */
static int poll_wait_ms(const pool *p) {
  int wait = runner_progress_wait_ms(&p->pr);
  for (int i = 0; i < p->jobs; i++) {
    const slot *s = &p->slots[i];
    if (!s->pid || !s->deadline || s->timed_out)
      continue;
    double left = s->deadline - runner_now_s();
    int ms = left <= 0 ? 0 : (int)(left * 1000.0) + 1;
    if (wait < 0 || ms < wait)
      wait = ms;
  }
  return wait;
}

/* --run-timeout: a run past its deadline is killed; its pipes then close and it settles as failed. */
static void kill_overdue(pool *p) {
  double now = runner_now_s();
  for (int i = 0; i < p->jobs; i++) {
    slot *s = &p->slots[i];
    if (s->pid && s->deadline && !s->timed_out && now >= s->deadline) {
      kill(s->pid, SIGKILL);
      s->timed_out = 1;
    }
  }
}

/* Interrupted: every finished row goes to the file now, in index order but perhaps with gaps (runs still
 * pending are left out); the next start resumes them and puts the rows back in order. */
static int write_finished_rows(pool *p, gn_error *err) {
  for (size_t i = p->written; i < p->ntodo; i++) {
    if (!p->rows[i])
      continue;
    int bad = p->out_fd < 0 ? fputs(p->rows[i], stdout) == EOF : runner_write_all(p->out_fd, p->rows[i], strlen(p->rows[i]));
    free(p->rows[i]);
    p->rows[i] = NULL;
    if (bad)
      return gn_error_set(err, GN_EFAIL, p->opt->output, 0, "cannot append a row: %s", strerror(errno));
  }
  return GN_OK;
}

static int run_pool(pool *p, gn_error *err) {
  int jobs = p->opt->jobs < 1 ? 1 : p->opt->jobs;
  slot *slots = calloc((size_t)jobs, sizeof *slots);
  struct pollfd *fds = calloc((size_t)jobs * 2, sizeof *fds);
  if (!slots || !fds) {
    free(slots);
    free(fds);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  p->slots = slots;
  p->fds = fds;
  p->jobs = jobs;
  fflush(stdout);
  fflush(stderr);
  p->spawner = runner_spawner_start(jobs, spawned_child, p);
  int rc = GN_OK, running = 0;
  runner_progress_update(&p->pr, 0, 0);
  while (!rc && (p->next < p->ntodo || running > 0)) {
    if (runner_signal_caught())
      break;
    for (int i = 0; i < jobs && !rc && p->next < p->ntodo; i++)
      if (!slots[i].pid && !(rc = start_child(p, &slots[i], err)))
        running++;
    if (rc)
      break;
    int nfds = 0;
    for (int i = 0; i < jobs; i++) {
      if (!slots[i].pid)
        continue;
      if (slots[i].fd_res >= 0)
        fds[nfds++] = (struct pollfd){slots[i].fd_res, POLLIN, 0};
      if (slots[i].fd_log >= 0)
        fds[nfds++] = (struct pollfd){slots[i].fd_log, POLLIN, 0};
    }
    if (poll(fds, (nfds_t)nfds, poll_wait_ms(p)) < 0) {
      if (errno == EINTR)
        continue;
      rc = gn_error_set(err, GN_EFAIL, NULL, 0, "poll: %s", strerror(errno));
      break;
    }
    runner_progress_tick(&p->pr);
    kill_overdue(p);
    for (int k = 0; k < nfds; k++) {
      if (!fds[k].revents)
        continue;
      for (int i = 0; i < jobs; i++) {
        slot *s = &slots[i];
        if (!s->pid)
          continue;
        int *fd = fds[k].fd == s->fd_res ? &s->fd_res : fds[k].fd == s->fd_log ? &s->fd_log : NULL;
        if (fd && drain(*fd, fd == &s->fd_res ? &s->res : &s->log, fd == &s->fd_log)) {
          close(*fd);
          *fd = -1;
        }
        if (fd && s->fd_res < 0 && s->fd_log < 0) {
          settle_child(p, s);
          running--;
          rc = flush_rows(p, err);
          if (!rc)
            runner_progress_update(&p->pr, p->sum->done + p->sum->failed, p->sum->failed);
        }
      }
    }
  }
  for (int i = 0; i < jobs; i++)
    if (slots[i].pid) {
      kill(slots[i].pid, SIGTERM);
      waitpid(slots[i].pid, NULL, 0);
      if (slots[i].fd_res >= 0)
        close(slots[i].fd_res);
      if (slots[i].fd_log >= 0)
        close(slots[i].fd_log);
      strbuf_free(&slots[i].res);
      strbuf_free(&slots[i].log);
    }
  runner_spawner_stop(p->spawner);
  p->spawner = NULL;
  free(slots);
  free(fds);
  p->slots = NULL;
  p->fds = NULL;
  if (runner_signal_caught())
    runner_progress_clear(&p->pr); /* the "interrupted" line comes next */
  if (!rc && runner_signal_caught())
    rc = write_finished_rows(p, err);
  else if (!rc)
    runner_progress_finish(&p->pr);
  return rc;
}

int runner_run(const scenario *sc, const runner_options *opt, runner_summary *sum, gn_error *err) {
  size_t count = scenario_run_count(sc);
  *sum = (runner_summary){0};
  if (opt->first > opt->last || opt->last >= count)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "runs %zu-%zu: the scenario has runs 0..%zu", opt->first,
                        opt->last, count - 1);
  unsigned char *done = calloc(count, 1);
  if (!done)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  long max_index = -1;
  pool p = {.sc = sc, .opt = opt, .out_fd = -1, .sum = sum, .last_sync = runner_now_s()};
  runner_lock lock = {-1, NULL};
  int rc = GN_OK, cache_open = 0;
  if (opt->output) {
    /* Checked before any folder is made, so `--output sub/` or `--output ''` create nothing. */
    rc = runner_check_output_kind(opt->output, err);
    if (!rc)
      rc = gn_file_check_output_name(opt->output, err);
    if (!rc)
      rc = runner_make_parent_dirs(opt->output, err);
    if (!rc)
      rc = gn_file_check_output(opt->output, err);
    if (!rc && opt->first == 0 && opt->last + 1 == count) /* refused before any run, not after the sweep */
      rc = runner_columns_check(opt->output, err);
    if (!rc)
      rc = runner_lock_acquire(opt->output, &lock, err);
    if (!rc)
      rc = runner_open_output(sc, opt, done, &max_index, &p.out_fd, err);
    if (!rc)
      rc = runner_cache_open(opt->output, &cache_open, err);
  }
  else {
    strbuf h = STRBUF_INIT;
    runner_header(sc, &h);
    printf("%s\n", strbuf_str(&h));
    strbuf_free(&h);
  }
  sum->total = opt->last - opt->first + 1;
  p.todo = rc ? NULL : malloc(sum->total * sizeof *p.todo);
  p.rows = rc ? NULL : calloc(sum->total, sizeof *p.rows);
  p.state = rc ? NULL : calloc(sum->total, 1);
  if (!rc && (!p.todo || !p.rows || !p.state))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t i = opt->first; !rc && i <= opt->last; i++) {
    if (done[i])
      sum->skipped++;
    else
      p.todo[p.ntodo++] = i;
  }
  if (!rc && sum->skipped && !opt->quiet)
    fprintf(stderr, "gridnoc: resuming %s: %zu of %zu runs done, %zu to run\n", runner_shown(opt->output).s,
            sum->skipped, sum->total, p.ntodo);
  runner_progress_start(&p.pr, opt->progress && !opt->quiet, !opt->quiet, opt->progress_every,
                        opt->progress_seconds, p.ntodo);
  runner_signals_catch();
  if (!rc && p.ntodo)
    rc = run_pool(&p, err);
  sum->interrupted = runner_signal_caught();
  runner_signals_restore();
  for (size_t i = 0; p.rows && i < p.ntodo; i++)
    free(p.rows[i]);
  if (p.out_fd >= 0) {
    /* Both must run (the descriptor is closed even when the sync fails); the first failure is reported. */
    int sync_failed = fdatasync(p.out_fd) != 0 && errno != EINVAL;
    int sync_errno = errno;
    int close_failed = close(p.out_fd) != 0;
    if ((sync_failed || close_failed) && !rc)
      rc = gn_error_set(err, GN_EFAIL, opt->output, 0, "cannot finish writing: %s",
                        strerror(sync_failed ? sync_errno : errno));
  }
  /* Runs redone after a failure come after later runs in the file: put the rows back in index order. */
  if (!rc && opt->output && p.ntodo && (long)p.todo[0] < max_index && !sum->interrupted)
    rc = runner_sort_file(opt->output, err);
  /* What every column holds, beside the CSV (last: a full disk is reported by the CSV's own write first). A
   * part of a sweep (--runs) gets none: the merge writes it beside the whole CSV. */
  if (!rc && opt->output && opt->first == 0 && opt->last + 1 == count)
    rc = runner_columns_write(sc->kind, opt->output, err);
  /* The cache serves the runs still to do (a resume): once every run asked for (the scenario's, or --runs A-B's: an
   * emitted job's part) is in the output, or the sweep stopped on an error of its own (a full disk), it goes; an
   * empty one (a kind that keeps nothing) too. */
  if (cache_open)
    runner_cache_close(opt->output,
                       !rc && !(sum->skipped + sum->done == sum->total && !sum->failed && !sum->interrupted));
  runner_lock_release(&lock);
  free(p.todo);
  free(p.rows);
  free(p.state);
  free(done);
  return rc;
}
