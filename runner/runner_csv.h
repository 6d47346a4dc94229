/* runner_csv: the result CSV — its layout (fixed by the kind), reading one back to resume (header and row checks,
 * a torn last line), sorting rows by run index, and making an output's folders. */
#ifndef RUNNER_CSV_H
#define RUNNER_CSV_H

#include "scenario.h"
#include "strbuf.h"

#include <stddef.h>

/* Result CSV layout, fixed by the kind: run, <every kind parameter>, rep, seed, <metrics>, version. */
void runner_header(const scenario *sc, strbuf *out);
/* The fields of a row that the scenario alone determines: run, parameters, rep, seed (no newline). */
void runner_row_prefix(const scenario *sc, const scenario_run *run, strbuf *out);

/* mkdir -p of the directory part of path (outputs may name directories that do not exist yet). */
int runner_make_parent_dirs(const char *path, gn_error *err);

/* Whether two paths name one existing file (a path that does not exist names no file yet). */
int runner_same_file(const char *a, const char *b);

/* Read an existing result CSV for resuming: check its header and every row against the scenario; a
 * cut-short last line sets *repaired and, with `repair`, is cut off the file. done[i] is set for every
 * completed run i (done has scenario_run_count entries). *max_index gets the largest run index present
 * (-1 if none). A missing file is not an error. */
int runner_resume_scan(const scenario *sc, const char *path, int repair, unsigned char *done, long *max_index,
                       int *repaired, gn_error *err);
/* Check row r of a result table against the scenario (index in range, written by this gridnoc release,
 * parameters and seed as expanded); *index gets its run index. `redo` says how to go on past a row of another
 * release ("... --fresh ..." for a resume). */
struct csvtab;
int runner_check_row(const scenario *sc, const struct csvtab *t, size_t r, const char *path, const char *redo,
                     size_t *index, gn_error *err);
/* Write a parsed result CSV to path (atomically) with its rows in run-index order. */
int runner_write_sorted(const struct csvtab *t, const char *path, gn_error *err);
/* Rewrite a result CSV with its rows sorted by run index (atomically), if they are not already. */
int runner_sort_file(const char *path, gn_error *err);

#endif
