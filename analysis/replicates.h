/* replicates: runs that repeat one input and all give the same results (a deterministic mapper run again with
 * another rep) are one sample, not several; statistics count distinct replicates only. */
#ifndef REPLICATES_H
#define REPLICATES_H

#include "csvtab.h"
#include "gn_error.h"

typedef struct replicates {
  size_t rows;        /* rows read */
  size_t distinct;    /* rows kept: the first of each set of identical runs */
  size_t repeats;     /* rows with rep > 0 (repeat > 1 in the scenario) */
  size_t repeats_same; /* of those, rows identical to an earlier run: all of them = repeat changes nothing */
} replicates;

/* view = t's rows, where the rows of one input (equal input columns [p0, p1); rep and seed aside) that all
 * have the same results (columns [m0, m1)) count once: a deterministic run repeated. Inputs whose runs differ
 * keep every row, even two that happen to agree (independent samples of a random outcome). rep_col (-1 =
 * none) counts repetitions. The view shares t's strings: free it with replicates_view_free. */
int replicates_distinct(const csvtab *t, int p0, int p1, int m0, int m1, int rep_col, csvtab *view,
                        replicates *out, gn_error *err);
void replicates_view_free(csvtab *view);

#endif
