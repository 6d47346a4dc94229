/* stg: STG reader (strict, every error "file:line: ..."); the writer is stg_write.c. */
#include "stg.h"

#include "gn_file.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void stg_options_default(stg_options *opt) {
  opt->layout = STG_LAYOUT_AUTO;
  opt->volume = 0;
}

/* One line of the text, without its line end (LF or CRLF). */
typedef struct {
  const char *s;
  size_t len;
} stg_line;

/* A whitespace-separated field of a task line. */
typedef struct {
  const char *s;
  size_t len;
} stg_field;

/* Parsing state shared by the helpers: where messages point and the graph being built. */
typedef struct {
  const char *where;
  stg_line *line;
  long n_lines;
  int ends_with_newline;
  gn_error *err;
} stg_reader;

static const char *plural(long n) { return n == 1 ? "" : "s"; }

static int is_blank(char c) { return c == ' ' || c == '\t'; }

static int line_is_blank(const stg_line *l) {
  for (size_t i = 0; i < l->len; i++)
    if (!is_blank(l->s[i]))
      return 0;
  return 1;
}

static int line_is_info(const stg_line *l) {
  size_t i = 0;
  while (i < l->len && is_blank(l->s[i]))
    i++;
  return i < l->len && l->s[i] == '#';
}

/* An information line holding the comm-layout marker: '#', blanks, then STG_COMM_MARKER's "key=value" head. */
static int line_is_marker(const stg_line *l) {
  static const char head[] = "gridnoc: layout=comm";
  size_t i = 0;
  while (i < l->len && is_blank(l->s[i]))
    i++;
  if (i == l->len || l->s[i] != '#')
    return 0;
  for (i++; i < l->len && is_blank(l->s[i]); i++)
    ;
  return l->len - i >= sizeof head - 1 && memcmp(l->s + i, head, sizeof head - 1) == 0;
}

/* Split text into lines; a CR right before the LF (or at the very end) belongs to the line end. */
static int split_lines(stg_reader *r, const char *text, size_t len) {
  long count = 1;
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\n')
      count++;
  r->line = malloc((size_t)count * sizeof *r->line);
  if (!r->line)
    return GN_ENOMEM;
  r->n_lines = 0;
  size_t start = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i < len && text[i] != '\n')
      continue;
    if (i == len && start == len)
      break; /* text ends with a newline: no empty last line */
    size_t l = i - start;
    if (l > 0 && text[start + l - 1] == '\r')
      l--;
    r->line[r->n_lines].s = text + start;
    r->line[r->n_lines].len = l;
    r->n_lines++;
    start = i + 1;
  }
  r->ends_with_newline = len > 0 && text[len - 1] == '\n';
  return GN_OK;
}

/* Fields of line l into f[0..cap-1]; returns the total number of fields (may exceed cap). */
static long split_fields(const stg_line *l, stg_field *f, long cap) {
  long n = 0;
  size_t i = 0;
  while (i < l->len) {
    while (i < l->len && is_blank(l->s[i]))
      i++;
    if (i >= l->len)
      break;
    size_t b = i;
    while (i < l->len && !is_blank(l->s[i]))
      i++;
    if (n < cap) {
      f[n].s = l->s + b;
      f[n].len = i - b;
    }
    n++;
  }
  return n;
}

static int fail(stg_reader *r, long lineno, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(stg_reader *r, long lineno, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  gn_error_vset(r->err, GN_EINPUT, r->where, lineno, fmt, ap);
  va_end(ap);
  return GN_EINPUT;
}

/* A non-negative whole number no larger than limit; `what` names the field in messages. */
static int parse_count(stg_reader *r, long lineno, const stg_field *f, const char *what, double limit,
                       double *out) {
  int shown = f->len > 40 ? 40 : (int)f->len;
  const char *dots = f->len > 40 ? "..." : "";
  double v = 0;
  for (size_t i = 0; i < f->len; i++) {
    unsigned char c = (unsigned char)f->s[i];
    if (c < '0' || c > '9')
      return fail(r, lineno, "%s '%.*s%s' is not a non-negative whole number", what, shown, f->s, dots);
    v = v * 10 + (c - '0');
    if (v > limit)
      return fail(r, lineno, "%s '%.*s%s' is too large (at most %.0f)", what, shown, f->s, dots, limit);
  }
  *out = v;
  return GN_OK;
}

/* A communication cost: a non-negative decimal number (digits, optional fraction, optional exponent). */
static int parse_cost(stg_reader *r, long lineno, const stg_field *f, double *out) {
  int shown = f->len > 40 ? 40 : (int)f->len;
  char buf[64];
  size_t i = 0, digits = 0;
  while (i < f->len && f->s[i] >= '0' && f->s[i] <= '9')
    i++, digits++;
  if (i < f->len && f->s[i] == '.')
    for (i++; i < f->len && f->s[i] >= '0' && f->s[i] <= '9'; i++)
      digits++;
  if (digits > 0 && i < f->len && (f->s[i] == 'e' || f->s[i] == 'E')) {
    i++;
    if (i < f->len && (f->s[i] == '+' || f->s[i] == '-'))
      i++;
    size_t exp_digits = 0;
    for (; i < f->len && f->s[i] >= '0' && f->s[i] <= '9'; i++)
      exp_digits++;
    if (exp_digits == 0)
      digits = 0;
  }
  if (digits == 0 || i != f->len)
    return fail(r, lineno, "communication cost '%.*s' is not a non-negative number", shown, f->s);
  if (f->len >= sizeof buf)
    return fail(r, lineno, "communication cost '%.*s...' is too long", shown, f->s);
  memcpy(buf, f->s, f->len);
  buf[f->len] = '\0';
  double v = strtod(buf, NULL);
  if (!isfinite(v))
    return fail(r, lineno, "communication cost '%.*s' is too large", shown, f->s);
  *out = v;
  return GN_OK;
}

/* The task count on line 1. */
static int read_header(stg_reader *r, long *n_out) {
  stg_field f[2];
  if (r->n_lines == 0 || line_is_blank(&r->line[0]))
    return fail(r, 1, "line 1 must hold the number of tasks n, found an empty line");
  long nf = split_fields(&r->line[0], f, 2);
  if (nf != 1)
    return fail(r, 1, "line 1 must hold only the number of tasks n, found %ld fields", nf);
  double n;
  if (parse_count(r, 1, &f[0], "task count", (double)STG_MAX_TASKS, &n))
    return GN_EINPUT;
  if (n < 1)
    return fail(r, 1, "task count is 0: a graph needs at least one task");
  *n_out = (long)n;
  return GN_OK;
}

/* Indices of the n+2 task lines: the non-blank lines between line 1 and the `#` information part; then
 * only `#` lines (or blank ones) may follow. *info_at = index of the first information line. */
static int locate_task_lines(stg_reader *r, long n, long *task_line, long *info_at) {
  long want = n + 2, found = 0, i = 1;
  for (; i < r->n_lines && !line_is_info(&r->line[i]); i++) {
    if (line_is_blank(&r->line[i]))
      continue;
    if (found == want)
      return fail(r, i + 1,
                  "wrong task count: line 1 says %ld tasks, so %ld task lines (with the two dummies) are "
                  "expected, but this line is one more",
                  n, want);
    task_line[found++] = i;
  }
  if (found < want) {
    if (i == r->n_lines)
      return fail(r, r->n_lines, "truncated file: it ends after %ld of the %ld task lines (%ld tasks + 2 dummies)",
                  found, want, n);
    return fail(r, i + 1, "wrong task count: line 1 says %ld tasks, so %ld task lines (with the two dummies) are "
                          "expected, found %ld before the '#' information part",
                n, want, found);
  }
  *info_at = i;
  for (; i < r->n_lines; i++)
    if (!line_is_blank(&r->line[i]) && !line_is_info(&r->line[i])) {
      int shown = r->line[i].len > 40 ? 40 : (int)r->line[i].len;
      return fail(r, i + 1, "trailing garbage after the task lines: '%.*s' (only '#' lines may follow)", shown,
                  r->line[i].s);
    }
  return GN_OK;
}

/* The '#' lines without their leading blanks, joined with '\n' (*out = NULL when there are none). */
static int collect_info(const stg_reader *r, long from, char **out) {
  size_t total = 0;
  *out = NULL;
  for (long i = from; i < r->n_lines; i++)
    if (line_is_info(&r->line[i]) && !line_is_marker(&r->line[i]))
      total += r->line[i].len + 1;
  if (total == 0)
    return GN_OK;
  char *info = malloc(total + 1), *p = info;
  if (!info)
    return GN_ENOMEM;
  for (long i = from; i < r->n_lines; i++) {
    if (!line_is_info(&r->line[i]) || line_is_marker(&r->line[i]))
      continue;
    size_t skip = 0;
    while (is_blank(r->line[i].s[skip]))
      skip++;
    memcpy(p, r->line[i].s + skip, r->line[i].len - skip);
    p += r->line[i].len - skip;
    *p++ = '\n';
  }
  *p = '\0';
  *out = info;
  return GN_OK;
}

/* One parsed task line: id, time and its predecessor ids (costs in the comm layout). */
typedef struct {
  double time;
  long npred;
  long *pred;
  double *cost;
} stg_task;

/* Parse task line number k (STG id k) at line index li. pred/cost arrays must hold the line's fields. */
static int read_task_line(stg_reader *r, const stg_options *opt, long n, long k, long li, stg_field *f,
                          long nf, long *stamp, stg_task *t) {
  long lineno = li + 1;
  double v;
  if (nf < 3)
    return fail(r, lineno, "task line needs at least 'id time npred', found %ld field%s", nf, plural(nf));
  if (parse_count(r, lineno, &f[0], "task id", (double)STG_MAX_TASKS + 1, &v))
    return GN_EINPUT;
  if ((long)v != k) {
    if (k == 0)
      return fail(r, lineno, "missing entry dummy: the first task line must be task 0, found task %ld", (long)v);
    return fail(r, lineno, "expected task %ld here (ids run 0..%ld in order), found task %ld", k, n + 1, (long)v);
  }
  if (parse_count(r, lineno, &f[1], "processing time", STG_MAX_TIME, &t->time) ||
      parse_count(r, lineno, &f[2], "predecessor count", (double)STG_MAX_TASKS + 1, &v))
    return GN_EINPUT;
  t->npred = (long)v;
  long per = opt->layout == STG_LAYOUT_COMM ? 2 : 1;
  long have = nf - 3;
  if (have < per * t->npred) {
    const char *cut = li == r->n_lines - 1 && !r->ends_with_newline ? "truncated file: " : "";
    return fail(r, lineno, "%stask %ld lists %ld predecessor%s but the line holds only %ld%s", cut, k, t->npred,
                plural(t->npred), have / per, per == 2 ? " (pred cost) pairs" : "");
  }
  if (have > per * t->npred)
    return fail(r, lineno, "trailing garbage on task %ld's line: %ld field%s after its %ld predecessor%s%s", k,
                have - per * t->npred, plural(have - per * t->npred), t->npred, plural(t->npred),
                per == 2 ? " (layout=comm expects 'pred cost' pairs)"
                         : " (a file with communication costs after each predecessor needs ?layout=comm)");
  for (long j = 0; j < t->npred; j++) {
    if (parse_count(r, lineno, &f[3 + per * j], "predecessor id", (double)STG_MAX_TASKS + 1, &v))
      return GN_EINPUT;
    long p = (long)v;
    if (p > n + 1)
      return fail(r, lineno, "task %ld names unknown predecessor %ld (ids are 0..%ld)", k, p, n + 1);
    if (p >= k)
      return fail(r, lineno, "predecessor %ld of task %ld is not smaller than its id (STG numbers tasks in "
                             "topological order)", p, k);
    if (stamp[p] == k)
      return fail(r, lineno, "task %ld lists predecessor %ld twice", k, p);
    stamp[p] = k;
    t->pred[j] = p;
    t->cost[j] = opt->volume;
    if (per == 2 && parse_cost(r, lineno, &f[4 + per * j], &t->cost[j]))
      return GN_EINPUT;
  }
  if (k == 0 && (t->time != 0 || t->npred != 0))
    return fail(r, lineno, "malformed entry dummy: task 0 must be '0 0 0' (time 0, no predecessors)");
  if (k >= 1 && k <= n) {
    if (t->npred == 0)
      return fail(r, lineno, "task %ld has no predecessors (a source task lists the entry dummy 0)", k);
    if (stamp[0] == k && t->npred > 1)
      return fail(r, lineno, "task %ld lists the entry dummy 0 along with other predecessors", k);
  }
  if (k == n + 1) {
    if (t->time != 0)
      return fail(r, lineno, "malformed exit dummy: task %ld must have time 0, found %.0f", k, t->time);
    if (stamp[0] == k)
      return fail(r, lineno, "malformed exit dummy: task %ld lists the entry dummy 0", k);
  }
  return GN_OK;
}

/* Real tasks without real successors must be exactly the exit dummy's predecessors. */
static int check_exit_preds(stg_reader *r, long n, long exit_line, const char *has_succ, const long *stamp) {
  for (long t = 1; t <= n; t++) {
    int listed = stamp[t] == n + 1;
    if (!has_succ[t] && !listed)
      return fail(r, exit_line, "malformed exit dummy: sink task %ld is missing from its predecessors", t);
    if (has_succ[t] && listed)
      return fail(r, exit_line, "malformed exit dummy: task %ld has successors, so it must not precede the exit",
                  t);
  }
  return GN_OK;
}

static int parse_tasks(stg_reader *r, const stg_options *opt, long n, const long *task_line, taskgraph *g) {
  long max_fields = 3;
  for (long k = 0; k < n + 2; k++) {
    long nf = split_fields(&r->line[task_line[k]], NULL, 0);
    if (nf > max_fields)
      max_fields = nf;
  }
  stg_field *f = malloc((size_t)max_fields * sizeof *f);
  long *stamp = malloc(((size_t)n + 2) * sizeof *stamp);
  char *has_succ = calloc((size_t)n + 2, 1);
  stg_task t = {0, 0, malloc((size_t)max_fields * sizeof(long)), malloc((size_t)max_fields * sizeof(double))};
  int rc = GN_OK;
  if (!f || !stamp || !has_succ || !t.pred || !t.cost) {
    rc = gn_error_set(r->err, GN_ENOMEM, r->where, 0, "out of memory");
    goto done;
  }
  for (long k = 0; k < n + 2; k++)
    stamp[k] = -1;
  char name[24];
  for (long k = 0; k < n + 2 && rc == GN_OK; k++) {
    long li = task_line[k];
    long nf = split_fields(&r->line[li], f, max_fields);
    if ((rc = read_task_line(r, opt, n, k, li, f, nf, stamp, &t)))
      break;
    if (k == 0 || k == n + 1)
      continue;
    snprintf(name, sizeof name, "%ld", k);
    if (taskgraph_add_task(g, name, t.time, r->err) < 0) {
      rc = gn_error_prefix(r->err, "%s:%ld: ", r->where, li + 1);
      break;
    }
    for (long j = 0; j < t.npred && rc == GN_OK; j++) {
      if (t.pred[j] == 0)
        continue;
      has_succ[t.pred[j]] = 1;
      rc = taskgraph_add_edge(g, (int)t.pred[j] - 1, (int)k - 1, t.cost[j], r->err);
      if (rc)
        rc = gn_error_prefix(r->err, "%s:%ld: ", r->where, li + 1);
    }
  }
  if (rc == GN_OK)
    rc = check_exit_preds(r, n, task_line[n + 1] + 1, has_succ, stamp);
done:
  free(f);
  free(stamp);
  free(has_succ);
  free(t.pred);
  free(t.cost);
  return rc;
}

int stg_parse(const char *text, size_t len, const char *where, const stg_options *opt, taskgraph **out,
              gn_error *err) {
  stg_options defaults;
  if (!opt) {
    stg_options_default(&defaults);
    opt = &defaults;
  }
  *out = NULL;
  if (!where)
    where = "(stg)";
  if (!isfinite(opt->volume) || opt->volume < 0)
    return gn_error_set(err, GN_EINPUT, where, 0, "volume %g is not a finite non-negative number", opt->volume);
  size_t i = 0;
  while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
    i++;
  if (i == len)
    return gn_error_set(err, GN_EINPUT, where, 1, "empty file: expected the number of tasks on line 1");
  stg_reader r = {where, NULL, 0, 0, err};
  if (split_lines(&r, text, len))
    return gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  long n = 0, info_at = 0;
  long *task_line = NULL;
  taskgraph *g = NULL;
  int rc = read_header(&r, &n);
  if (rc == GN_OK) {
    task_line = malloc(((size_t)n + 2) * sizeof *task_line);
    g = taskgraph_new();
    if (!task_line || !g)
      rc = gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  }
  if (rc == GN_OK)
    rc = locate_task_lines(&r, n, task_line, &info_at);
  stg_options resolved = *opt;
  if (rc == GN_OK && resolved.layout == STG_LAYOUT_AUTO) {
    resolved.layout = STG_LAYOUT_PLAIN;
    for (long li = info_at; li < r.n_lines; li++)
      if (line_is_marker(&r.line[li]))
        resolved.layout = STG_LAYOUT_COMM;
    if (resolved.layout == STG_LAYOUT_COMM && resolved.volume != 0)
      rc = gn_error_set(err, GN_EINPUT, where, 0, "option volume applies to plain files only (this one is marked "
                                                  "layout=comm: it has costs)");
  }
  if (rc == GN_OK)
    rc = parse_tasks(&r, &resolved, n, task_line, g);
  if (rc == GN_OK)
    rc = taskgraph_finalize(g, where, err);
  if (rc == GN_OK && collect_info(&r, info_at, &g->info))
    rc = gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  if (rc == GN_OK) {
    *out = g;
    g = NULL;
  }
  taskgraph_free(g);
  free(task_line);
  free(r.line);
  return rc;
}

int stg_read_file(const char *path, const stg_options *opt, taskgraph **out, gn_error *err) {
  char *text;
  size_t len;
  *out = NULL;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  rc = stg_parse(text, len, path, opt, out, err);
  free(text);
  return rc;
}
