/* paired: where runs share their random numbers (a scenario's seed_ignores), compare two series run by run:
 * the difference of each pair and its 95 % interval, a test where two bars would only overlap. */
#ifndef PAIRED_H
#define PAIRED_H

#include "csvtab.h"
#include "gn_error.h"
#include "strbuf.h"

/* For every (facet, x) group and every value of `series` after the first (the baseline), pair the rows with
 * the baseline's rows of the same seed and append a Markdown table of `metric`'s differences (value minus
 * baseline): pairs, mean difference, sd, Student-t 95 % interval, and whether the interval excludes 0.
 * facet may be NULL. Rows without a partner or with a missing value are left out. */
int paired_table(const csvtab *t, const char *name, const char *facet, const char *x, const char *series,
                 const char *metric, strbuf *md, gn_error *err);

#endif
