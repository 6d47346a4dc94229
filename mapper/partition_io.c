/* partition_io: reader and writer of the partition file format (see partition_io.h). */
#include "partition_io.h"

#include "gn_file.h"
#include "gn_num.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tasks sorted by name, for lookups by binary search. */
typedef struct named_task {
  const char *name;
  int id;
} named_task;

static int by_name(const void *a, const void *b) {
  return strcmp(((const named_task *)a)->name, ((const named_task *)b)->name);
}

static int lookup(const named_task *ix, int n, const char *name, size_t len) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    const char *m = ix[mid].name;
    int c = strncmp(name, m, len);
    if (c == 0 && m[len] != '\0')
      c = -1; /* name is a proper prefix of m */
    if (c == 0)
      return ix[mid].id;
    if (c < 0)
      hi = mid - 1;
    else
      lo = mid + 1;
  }
  return -1;
}

/* Split a line into at most 3 whitespace-separated fields; returns the field count (3 = too many). */
static int fields(const char *line, size_t len, const char **f, size_t *flen) {
  int n = 0;
  size_t i = 0;
  while (i < len && n < 3) {
    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
      i++;
    if (i >= len)
      break;
    f[n] = line + i;
    while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
      i++;
    flen[n] = (size_t)(line + i - f[n]);
    n++;
  }
  return n;
}

static int parse_count(const char *text, size_t len, long max, long *out) {
  long long v;
  if (gn_num_int_n(text, len, 1, max, &v) != GN_NUM_OK)
    return -1;
  *out = (long)v;
  return 0;
}

int partition_parse(const taskgraph *g, const char *text, const char *where, partition **out, gn_error *err) {
  *out = NULL;
  named_task *ix = malloc((size_t)(g->n_tasks > 0 ? g->n_tasks : 1) * sizeof *ix);
  int *line_of = calloc((size_t)(g->n_tasks > 0 ? g->n_tasks : 1), sizeof *line_of);
  partition *p = NULL;
  int rc = GN_OK;
  if (!ix || !line_of) {
    rc = gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
    goto done;
  }
  for (int t = 0; t < g->n_tasks; t++)
    ix[t] = (named_task){g->name[t], t};
  qsort(ix, (size_t)g->n_tasks, sizeof *ix, by_name);
  long lineno = 0;
  for (const char *line = text; *line && rc == GN_OK;) {
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    const char *hash = memchr(line, '#', len);
    size_t used = hash ? (size_t)(hash - line) : len;
    lineno++;
    const char *f[3];
    size_t fl[3];
    int nf = fields(line, used, f, fl);
    long v;
    if (nf == 0) {
      /* blank or comment */
    } else if (!p) {
      if (nf != 2 || fl[0] != 6 || strncmp(f[0], "stages", 6) != 0)
        rc = gn_error_set(err, GN_EINPUT, where, lineno, "expected 'stages N' before the task lines");
      else if (parse_count(f[1], fl[1], g->n_tasks, &v))
        rc = gn_error_set(err, GN_EINPUT, where, lineno, "stages: '%.*s' is not a whole number in 1..%d",
                          (int)fl[1], f[1], g->n_tasks);
      else if (!(p = partition_new(g->n_tasks, (int)v)))
        rc = gn_error_set(err, GN_ENOMEM, where, lineno, "out of memory");
    } else if (nf != 2) {
      rc = gn_error_set(err, GN_EINPUT, where, lineno, "expected 'TASK STAGE', got %d field%s", nf,
                        nf == 1 ? "" : "s (or more)");
    } else {
      int t = lookup(ix, g->n_tasks, f[0], fl[0]);
      if (t < 0)
        rc = gn_error_set(err, GN_EINPUT, where, lineno, "no task named '%.*s' in the graph", (int)fl[0], f[0]);
      else if (line_of[t])
        rc = gn_error_set(err, GN_EINPUT, where, lineno, "task %s already given a stage on line %d", g->name[t],
                          line_of[t]);
      else if (parse_count(f[1], fl[1], p->n_stages, &v))
        rc = gn_error_set(err, GN_EINPUT, where, lineno, "task %s: stage '%.*s' is not a whole number in 1..%d",
                          g->name[t], (int)fl[1], f[1], p->n_stages);
      else {
        p->stage[t] = (int)v - 1;
        line_of[t] = (int)(lineno < 1000000000 ? lineno : 1000000000);
      }
    }
    line = nl ? nl + 1 : line + len;
  }
  if (rc == GN_OK && !p)
    rc = gn_error_set(err, GN_EINPUT, where, lineno + 1, "no 'stages N' record: not a partition file");
  for (int t = 0; rc == GN_OK && t < g->n_tasks; t++)
    if (!line_of[t])
      rc = gn_error_set(err, GN_EINPUT, where, lineno + 1, "task %s has no stage (every task needs a line)",
                        g->name[t]);
  if (rc == GN_OK && (rc = partition_validate(g, p, err)) != GN_OK)
    gn_error_prefix(err, "%s: ", where);
done:
  free(ix);
  free(line_of);
  if (rc)
    partition_free(p);
  else
    *out = p;
  return rc;
}

int partition_read_file(const taskgraph *g, const char *path, partition **out, gn_error *err) {
  char *text;
  size_t len;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  if (strlen(text) != len)
    rc = gn_error_set(err, GN_EINPUT, path, 0, "contains a NUL byte: not a text partition file");
  else
    rc = partition_parse(g, text, path, out, err);
  free(text);
  return rc;
}

int partition_format(const taskgraph *g, const partition *p, char **text, size_t *len, gn_error *err) {
  *text = NULL;
  size_t cap = 64, used = 0;
  for (int t = 0; t < g->n_tasks; t++) {
    if (!g->name[t][0] || strpbrk(g->name[t], " \t\r\n#"))
      return gn_error_set(err, GN_EINPUT, NULL, 0,
                          "task name '%s' cannot be written to a partition file (empty, whitespace or '#')",
                          g->name[t]);
    cap += strlen(g->name[t]) + 16;
  }
  char *buf = malloc(cap);
  if (!buf)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  used += (size_t)snprintf(buf + used, cap - used, "# gridnoc partition: task stage (1..N)\nstages %d\n",
                           p->n_stages);
  for (int t = 0; t < g->n_tasks; t++)
    used += (size_t)snprintf(buf + used, cap - used, "%s %d\n", g->name[t], p->stage[t] + 1);
  *text = buf;
  *len = used;
  return GN_OK;
}

int partition_write_file(const taskgraph *g, const partition *p, const char *path, gn_error *err) {
  char *text;
  size_t len;
  int rc = partition_format(g, p, &text, &len, err);
  if (rc == GN_OK)
    rc = gn_file_write_atomic(path, text, len, err);
  free(text);
  return rc;
}
