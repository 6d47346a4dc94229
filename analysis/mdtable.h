/* mdtable: an aggregate as a Markdown table (keys, n, mean, sd, 95 % CI), numbers in "%.4g". */
#ifndef MDTABLE_H
#define MDTABLE_H

#include "aggregate.h"
#include "strbuf.h"

/* Appends the table; undefined statistics (n < 2) are written "n/a". */
void mdtable_aggregate(const aggregate *a, strbuf *out);

#endif
