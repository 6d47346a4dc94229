/* runner_merge: join partial result CSVs (from Slurm tasks or parallel jobs) into one, in run order. */
#include "runner_merge.h"

#include "runner_columns.h"

#include "runner_csv.h"
#include "runner_lock.h"

#include "csvtab.h"
#include "gn_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int same_row(char **a, char **b, size_t n) {
  for (size_t c = 0; c < n; c++)
    if (strcmp(a[c], b[c]))
      return 0;
  return 1;
}

/* Move the rows of `part` into `all`, refusing a second, different row for the same run. */
static int take_rows(const scenario *sc, csvtab *all, csvtab *part, const char *name, char ***by_index,
                     gn_error *err) {
  for (size_t r = 0; r < part->nrows; r++) {
    char **row = part->rows[r];
    size_t index;
    int rc = runner_check_row(sc, part, r, name, "run its runs again with this one", &index, err);
    if (rc)
      return rc;
    if (by_index[index]) {
      if (!same_row(by_index[index], row, all->ncols))
        return gn_error_set(err, GN_EINPUT, name, part->lines[r], "run %zu differs from the same run in another part",
                            index);
      continue;
    }
    char ***rows = realloc(all->rows, (all->nrows + 1) * sizeof *rows);
    long *lines = realloc(all->lines, (all->nrows + 1) * sizeof *lines);
    if (rows)
      all->rows = rows;
    if (lines)
      all->lines = lines;
    if (!rows || !lines)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    all->rows[all->nrows] = row;
    all->lines[all->nrows++] = part->lines[r];
    part->rows[r] = NULL;
    by_index[index] = row;
  }
  return GN_OK;
}

static int check_complete(const scenario *sc, const char *output, char ***by_index, size_t count,
                          runner_merge_stats *st, gn_error *err) {
  size_t missing = 0, first = 0;
  for (size_t i = 0; i < count; i++)
    if (!by_index[i] && missing++ == 0)
      first = i;
  if (!missing)
    return GN_OK;
  st->missing = malloc(missing * sizeof *st->missing);
  for (size_t i = 0; st->missing && i < count; i++)
    if (!by_index[i])
      st->missing[st->nmissing++] = i;
  /* Named by the output it merges for: one scenario may be merged into several outputs (--output). */
  return gn_error_set(err, GN_EFAIL, output, 0, "%zu of %zu runs of %s are missing from the parts (the first: run %zu)",
                      missing, count, sc->path, first);
}

/* An existing output may be replaced only by a merge that holds every row it has (the same merge again). */
static int check_overwrite(const csvtab *all, char ***by_index, size_t count, const char *output, gn_error *err) {
  if (access(output, F_OK) != 0)
    return GN_OK;
  csvtab old;
  gn_error e = {0};
  int unreadable = csvtab_read(output, &old, &e);
  if (!unreadable)
    gn_file_forget_input(output); /* read back to compare, not an input (unless it is also a part) */
  if (unreadable)
    return gn_error_set(err, GN_EINPUT, output, 0, "exists and is not a result CSV (%s): not overwritten; remove it "
                        "or choose another --output", e.msg);
  int rc = old.ncols != all->ncols ? -1 : GN_OK;
  for (size_t c = 0; !rc && c < old.ncols; c++)
    rc = strcmp(old.header[c], all->header[c]) ? -1 : GN_OK;
  size_t bad_line = 1;
  for (size_t r = 0; !rc && r < old.nrows; r++) {
    char *end;
    size_t index = strtoull(old.rows[r][0], &end, 10);
    if (*end || index >= count || !by_index[index] || !same_row(by_index[index], old.rows[r], old.ncols))
      rc = -1, bad_line = (size_t)old.lines[r];
  }
  csvtab_free(&old);
  if (rc)
    return gn_error_set(err, GN_EINPUT, output, (long)bad_line,
                        "already holds rows that are not these parts' (another scenario or other results): not "
                        "overwritten; remove it or choose another --output");
  return GN_OK;
}

int runner_merge(const scenario *sc, const char *const *parts, size_t nparts, const char *output,
                 runner_merge_stats *st, gn_error *err) {
  *st = (runner_merge_stats){0};
  csvtab all = CSVTAB_INIT;
  strbuf want = STRBUF_INIT;
  runner_header(sc, &want);
  size_t count = scenario_run_count(sc);
  char ***by_index = calloc(count + 1, sizeof *by_index);
  int rc = by_index ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (!rc)
    rc = gn_file_check_output_name(output, err); /* before reading any part or making any folder */
  for (size_t i = 0; i < nparts && !rc; i++) {
    csvtab part;
    /* A part that is not there (its task died before writing, or its file system is gone) only makes its
     * runs missing, which the completeness check reports with the rest. */
    if (access(parts[i], R_OK) != 0) {
      fprintf(stderr, "gridnoc: %s: cannot read (%s): its runs count as missing\n", parts[i], strerror(errno));
      continue;
    }
    rc = csvtab_read(parts[i], &part, err);
    if (rc)
      break;
    strbuf got = STRBUF_INIT;
    for (size_t c = 0; c < part.ncols; c++) {
      strbuf_add(&got, c ? "," : "");
      csv_add_field(&got, part.header[c]);
    }
    if (strcmp(strbuf_str(&got), strbuf_str(&want)))
      rc = gn_error_set(err, GN_EINPUT, parts[i], 1, "the header is not the scenario's");
    else if (!all.header) {
      all.header = part.header;
      all.ncols = part.ncols;
      part.header = NULL;
    }
    strbuf_free(&got);
    if (!rc)
      rc = take_rows(sc, &all, &part, parts[i], by_index, err);
    csvtab_free(&part);
  }
  if (!rc)
    rc = check_complete(sc, output, by_index, count, st, err);
  if (!rc && !all.header)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "no partial CSV to merge");
  runner_lock lock = {-1, NULL};
  if (!rc)
    rc = runner_make_parent_dirs(output, err);
  if (!rc)
    rc = runner_columns_check(output, err);
  if (!rc)
    rc = runner_lock_acquire(output, &lock, err);
  if (!rc)
    rc = check_overwrite(&all, by_index, count, output, err);
  if (!rc)
    rc = runner_write_sorted(&all, output, err);
  if (!rc)
    rc = runner_columns_write(sc->kind, output, err);
  runner_lock_release(&lock);
  st->nrows = rc ? 0 : all.nrows;
  csvtab_free(&all);
  strbuf_free(&want);
  free(by_index);
  return rc;
}
