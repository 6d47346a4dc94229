/* runner_csv: the result CSV layout, and reading one back for resuming (header/row checks, torn tail). */
#include "runner_csv.h"

#include "csvtab.h"
#include "gn_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void runner_header(const scenario *sc, strbuf *out) {
  strbuf_add(out, "run");
  for (const experiment_param *p = sc->kind->params; p->key; p++) {
    strbuf_add(out, ",");
    csv_add_field(out, p->key);
  }
  strbuf_add(out, ",rep,seed");
  for (int i = 0; sc->kind->metrics[i].name; i++) {
    strbuf_add(out, ",");
    csv_add_field(out, sc->kind->metrics[i].name);
  }
  strbuf_add(out, ",version");
}

void runner_row_prefix(const scenario *sc, const scenario_run *run, strbuf *out) {
  strbuf_addf(out, "%zu", run->index);
  for (size_t i = 0; i < run->params.n; i++) {
    strbuf_add(out, ",");
    csv_add_field(out, run->params.items[i].value);
  }
  strbuf_addf(out, ",%ld,%llu", run->rep, (unsigned long long)run->seed);
}

/* Strict run index: digits only. */
static int parse_index(const char *s, size_t *out) {
  if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 18)
    return -1;
  *out = (size_t)strtoull(s, NULL, 10);
  return 0;
}

static size_t prefix_fields(const scenario *sc) {
  size_t n = 3;
  for (const experiment_param *p = sc->kind->params; p->key; p++)
    n++;
  return n;
}

/* The row's run, parameters, rep and seed against the expansion of its run; the first field that differs is
 * named with both values, so the user sees which edit of the scenario made the file stale. */
static int explain_mismatch(const scenario *sc, const csvtab *t, size_t r, const scenario_run *run, const char *path,
                            long line, gn_error *err) {
  char rep[32], seed[32];
  snprintf(rep, sizeof rep, "%ld", run->rep);
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)run->seed);
  for (size_t c = 1; c < prefix_fields(sc); c++) {
    const char *want = c <= run->params.n ? run->params.items[c - 1].value : c == run->params.n + 1 ? rep : seed;
    const char *key = c <= run->params.n ? run->params.items[c - 1].key : c == run->params.n + 1 ? "rep" : "seed";
    if (strcmp(want, t->rows[r][c]) == 0)
      continue;
    if (strcmp(key, "seed") == 0)
      return gn_error_set(err, GN_EINPUT, path, line,
                          "run %zu was written with seed %s, the scenario now gives %s (its seed, or a parameter the "
                          "seed is derived from, changed): use --fresh or another output", run->index, t->rows[r][c],
                          want);
    return gn_error_set(err, GN_EINPUT, path, line,
                        "run %zu was written with %s = '%s', the scenario now says '%s' (the scenario changed): use "
                        "--fresh or another output", run->index, key, t->rows[r][c], want);
  }
  return GN_OK;
}

/* A row another gridnoc release wrote: its numbers may come from other code, so one CSV never mixes releases
 * (report --against and scripts/check-results.sh compare across releases, version aside). */
static int check_version(const csvtab *t, size_t r, const char *path, const char *redo, gn_error *err) {
  size_t c = t->ncols - 1; /* the header was checked: version is the last column (runner_header) */
  if (strcmp(t->rows[r][c], GN_VERSION) == 0)
    return GN_OK;
  return gn_error_set(err, GN_EINPUT, path, t->lines[r],
                      "run %s was written by gridnoc %s, this is gridnoc %s: one CSV holds one release's rows (%s, "
                      "or go on with gridnoc %s)", t->rows[r][0], t->rows[r][c], GN_VERSION, redo, t->rows[r][c]);
}

int runner_check_row(const scenario *sc, const csvtab *t, size_t r, const char *path, const char *redo,
                     size_t *index, gn_error *err) {
  long line = t->lines[r];
  if (parse_index(t->rows[r][0], index) || *index >= scenario_run_count(sc))
    return gn_error_set(err, GN_EINPUT, path, line, "run index '%s' is not a run of this scenario (0..%zu)",
                        t->rows[r][0], scenario_run_count(sc) - 1);
  if (check_version(t, r, path, redo, err))
    return GN_EINPUT;
  scenario_run run;
  int rc = scenario_run_at(sc, *index, &run, err);
  if (rc)
    return rc;
  rc = explain_mismatch(sc, t, r, &run, path, line, err);
  scenario_run_free(&run);
  return rc;
}

int runner_resume_scan(const scenario *sc, const char *path, int repair, unsigned char *done, long *max_index,
                       int *repaired, gn_error *err) {
  *max_index = -1;
  *repaired = 0;
  if (access(path, F_OK) != 0)
    return GN_OK;
  char *text;
  size_t len;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  gn_file_forget_input(path); /* the sweep's own output, read back: it is rewritten */
  size_t valid = 0;
  csvtab t = CSVTAB_INIT;
  /* A file without one complete line holds at most a cut-short header: start it again. */
  if (memchr(text, '\n', len))
    rc = csvtab_parse(text, len, path, 1, &t, &valid, err);
  free(text);
  if (rc)
    return rc;
  if (valid < len) {
    if (repair && truncate(path, (off_t)valid) != 0) {
      csvtab_free(&t);
      return gn_error_set(err, GN_EFAIL, path, 0, "cannot cut the incomplete last line: %s", strerror(errno));
    }
    *repaired = 1;
  }
  if (t.header) {
    strbuf want = STRBUF_INIT, got = STRBUF_INIT;
    runner_header(sc, &want);
    for (size_t c = 0; c < t.ncols; c++) {
      if (c)
        strbuf_add(&got, ",");
      csv_add_field(&got, t.header[c]);
    }
    if (strcmp(strbuf_str(&want), strbuf_str(&got)))
      rc = gn_error_set(err, GN_EINPUT, path, 1,
                        "the header is not this scenario's (another kind or parameters): use --fresh or another "
                        "output");
    strbuf_free(&want);
    strbuf_free(&got);
  }
  for (size_t r = 0; r < t.nrows && !rc; r++) {
    size_t index = 0;
    rc = runner_check_row(sc, &t, r, path, "run it again with this one: --fresh or another --output", &index, err);
    if (!rc && done[index])
      rc = gn_error_set(err, GN_EINPUT, path, t.lines[r], "run %zu appears twice", index);
    if (!rc) {
      done[index] = 1;
      if ((long)index > *max_index)
        *max_index = (long)index;
    }
  }
  csvtab_free(&t);
  return rc;
}

static const csvtab *sort_table;

static int cmp_rows(const void *a, const void *b) {
  size_t ia = strtoull(sort_table->rows[*(const size_t *)a][0], NULL, 10);
  size_t ib = strtoull(sort_table->rows[*(const size_t *)b][0], NULL, 10);
  return (ia > ib) - (ia < ib);
}

int runner_write_sorted(const csvtab *t, const char *path, gn_error *err) {
  size_t *order = malloc((t->nrows + 1) * sizeof *order);
  if (!order)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t r = 0; r < t->nrows; r++)
    order[r] = r;
  sort_table = t;
  qsort(order, t->nrows, sizeof *order, cmp_rows);
  strbuf b = STRBUF_INIT;
  for (size_t c = 0; c < t->ncols; c++) {
    if (c)
      strbuf_add(&b, ",");
    csv_add_field(&b, t->header[c]);
  }
  strbuf_add(&b, "\n");
  for (size_t r = 0; r < t->nrows; r++) {
    for (size_t c = 0; c < t->ncols; c++) {
      if (c)
        strbuf_add(&b, ",");
      csv_add_field(&b, t->rows[order[r]][c]);
    }
    strbuf_add(&b, "\n");
  }
  free(order);
  int rc = b.oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory")
                 : gn_file_write_atomic(path, strbuf_str(&b), b.len, err);
  strbuf_free(&b);
  return rc;
}

int runner_sort_file(const char *path, gn_error *err) {
  csvtab t;
  int rc = csvtab_read(path, &t, err);
  if (rc)
    return rc;
  gn_file_forget_input(path); /* the sweep's own output, read back to be put in run order */
  int sorted = 1;
  for (size_t r = 1; r < t.nrows; r++)
    sorted &= strtoull(t.rows[r - 1][0], NULL, 10) < strtoull(t.rows[r][0], NULL, 10);
  if (!sorted)
    rc = runner_write_sorted(&t, path, err);
  csvtab_free(&t);
  return rc;
}

int runner_make_parent_dirs(const char *path, gn_error *err) {
  if (!path || !*path)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "an empty output file name");
  char *copy = strdup(path);
  if (!copy)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  /* Folders made here are removed again if a deeper one cannot be made: no folder is left behind by a failure. */
  char *made[64];
  int nmade = 0, rc = GN_OK;
  for (char *p = copy + 1; *p && !rc; p++) {
    if (*p != '/')
      continue;
    *p = '\0';
    struct stat st;
    if (mkdir(copy, 0755) == 0) {
      if (nmade < 64)
        made[nmade++] = strdup(copy);
    } else if (errno == EEXIST && stat(copy, &st) == 0 && !S_ISDIR(st.st_mode)) { /* a file where a folder goes */
      rc = gn_error_set(err, GN_EINPUT, copy, 0, "cannot create directory: %s", strerror(ENOTDIR));
    } else if (errno != EEXIST) { /* a path through a file or a folder without permission is a bad path */
      int full = errno == ENOSPC || errno == EDQUOT || errno == EIO;
      rc = gn_error_set(err, full ? GN_EFAIL : GN_EINPUT, copy, 0, "cannot create directory: %s", strerror(errno));
    }
    *p = '/';
  }
  while (nmade > 0) {
    char *dir = made[--nmade];
    if (rc && dir)
      rmdir(dir);
    free(dir);
  }
  free(copy);
  return rc;
}

int runner_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
