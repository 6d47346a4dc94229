/* report_design: what a result CSV's layout says about its design — which columns are parameters, which are
 * metrics, which repeat nothing — and the notes (Markdown and stderr) that keep a table honest about it. */
#ifndef REPORT_DESIGN_H
#define REPORT_DESIGN_H

#include "csvtab.h"
#include "replicates.h"
#include "strbuf.h"

typedef struct report_layout {
  int result;     /* a gridnoc result CSV: run, parameters, rep, seed, metrics, version */
  int p0, p1;     /* parameter columns [p0, p1) */
  int m0, m1;     /* metric columns [m0, m1) (any other CSV: every column but seed) */
  int rep, seed;  /* columns, or -1 */
} report_layout;

void report_layout_of(const csvtab *t, report_layout *L);

/* Does column c hold numbers: at least one, and (strict) every other value missing or a bad spelling of a
 * number (which aggregate_build then refuses with its line) rather than a word? */
int report_numeric(const csvtab *t, int c, int strict);

/* Parameters that vary between rows of one group (rows equal in every column of `keys`) and are not keys:
 * a table or figure averaging over them must say so. `graph` is the design's replicate, never reported. The
 * names are appended to `out`, comma-separated, with their number of values; returns how many. */
size_t report_hidden_params(const csvtab *t, const report_layout *L, const char *const *keys, size_t nkeys,
                            strbuf *out);

/* Markdown notes on the replicates (and on stderr, once, `prefix: warning: ...` when repeat changes nothing). */
void report_replicate_notes(const replicates *r, const char *prefix, int warn, strbuf *md);

/* The rows matching every "column=value" filter, as a view sharing t's strings (free only view->rows and
 * view->lines). `what` names the filters' owner in messages ("plot fig6", "--where"). No matching row: an error. */
int report_filter_rows(const csvtab *t, const char *const *where, size_t nwhere, const char *csv, const char *what,
                       csvtab *view, gn_error *err);

#endif
