/* runner_columns: the column dictionary written beside every result CSV (X.csv -> X.columns.csv): one row per
 * column of the CSV, in its order — column, role (run, parameter, rep, seed, metric, version), type, unit and
 * meaning — taken from the kind's own tables (its parameter table, analysis/metric_info.c's metric table), so a
 * reader (pandas, R) need not guess what a column holds or in what unit. */
#ifndef RUNNER_COLUMNS_H
#define RUNNER_COLUMNS_H

#include "experiment.h"
#include "gn_error.h"
#include "strbuf.h"

/* The dictionary of kind's result CSV, as CSV text with the header "column,role,type,unit,meaning". */
void runner_columns(const experiment_kind *kind, strbuf *out);

/* X.csv -> X.columns.csv (any other name: NAME.columns.csv), in buf. */
void runner_columns_path(const char *output, char *buf, size_t size);

/* Whether the dictionary can be written beside output, checked before a sweep or merge writes anything: it is
 * never written through a link nor into a folder, FIFO or device found under its name (it is not an output
 * the user named), nor over an input. An output that is not a regular file gets none: always GN_OK then. */
int runner_columns_check(const char *output, gn_error *err);

/* Write it beside output (atomically; the same bytes every time for a kind). An output that is not a regular
 * file (a device, a FIFO) gets none. */
int runner_columns_write(const experiment_kind *kind, const char *output, gn_error *err);

#endif
