/* graph_sniff: say what a file given as a task graph looks like when it is not one (DOT, a platform, a CSV,
 * a scenario, plain text, binary), so the error names the mistake instead of an STG line-1 complaint. */
#ifndef GRAPH_SNIFF_H
#define GRAPH_SNIFF_H

#include <stddef.h>

/* What the first bytes of a file (text, len, NUL-terminated at text[len]) look like, as a phrase with advice ("a DOT drawing: ..."), or
 * NULL when they could be an STG or SDF3 graph (the readers' own message then stands). */
const char *graph_sniff(const char *text, size_t len);

#endif
