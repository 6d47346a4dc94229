/* mdtable: an aggregate as a Markdown table (keys, n, centre, sd, 95 % interval), numbers in "%.4g". */
#ifndef MDTABLE_H
#define MDTABLE_H

#include "aggregate.h"
#include "strbuf.h"

/* Appends the table; the centre column says what it is (mean, geometric mean, share); undefined statistics
 * (n < 2) are written "n/a". */
void mdtable_aggregate(const aggregate *a, strbuf *out);

/* "mean", "geometric mean" or "share": the word for a method's centre. */
const char *mdtable_centre_word(stats_method method);

/* Appends " NAME |", the header cell of a grouping column: a column named like one of the statistics columns
 * (n, sd, pairs: a grid's system size is `n`) is written "NAME (parameter)", so no table repeats a name. */
void mdtable_key_header(strbuf *out, const char *name);

#endif
