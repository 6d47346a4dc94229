/* csvdiff: a fresh result CSV against a committed reference, row by row (matched by the `run` column when both
 * have one, else by position), cell by cell: what `gridnoc report CSV --against REF` lists. */
#ifndef CSVDIFF_H
#define CSVDIFF_H

#include "csvtab.h"
#include "strbuf.h"

/* Appends one line per difference to out (at most `max_lines`, then a count of the rest): columns in one file
 * only, runs in one file only, and cells that differ ("run 3: period 75 (reference 76, +1.3 %)"). The `version`
 * column is left out (a newer gridnoc writes the same numbers under another version). Returns the number of
 * differences found (0: the same rows). */
size_t csvdiff(const csvtab *fresh, const csvtab *ref, size_t max_lines, strbuf *out);

#endif
