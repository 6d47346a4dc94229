/* paired: where runs share their random numbers (a scenario's seed_ignores), compare two series run by run:
 * the difference of each pair and its 95 % interval, a test where two bars would only overlap. */
#ifndef PAIRED_H
#define PAIRED_H

#include "csvtab.h"
#include "gn_error.h"
#include "strbuf.h"

/* Do rows with different values of column `series` share seeds (common random numbers)? */
int paired_shares_seeds(const csvtab *t, const char *series);

/* For every cell (rows equal in every column of `cell`, e.g. facet and x) and every value of `series` after
 * the first (the baseline), pair each row with the baseline's row of the same cell and seed, and append a
 * Markdown table of `metric`'s differences (value minus baseline): pairs, mean difference, sd, Student-t
 * 95 % interval, and whether the interval excludes 0. Rows without a partner or with a missing value are
 * left out. */
int paired_table(const csvtab *t, const char *name, const char *const *cell, size_t ncell, const char *series,
                 const char *metric, strbuf *md, gn_error *err);
/* The same with partners found by equal values of every column of `match` (e.g. the graph and rep of a
 * deterministic per-graph design: each graph is its own control) instead of the seed. */
int paired_table_by(const csvtab *t, const char *name, const char *const *cell, size_t ncell, const char *series,
                    const char *metric, const char *const *match, size_t nmatch, strbuf *md, gn_error *err);

#endif
