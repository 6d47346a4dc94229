/* plot_labels: the words a figure shows for values: short tick labels of graph sources, readable legend
 * entries, gnuplot strings. */
#ifndef PLOT_LABELS_H
#define PLOT_LABELS_H

#include "strbuf.h"

#include <stddef.h>

typedef struct plot_values {
  const char **v;
  size_t n;
} plot_values;

/* Short x tick labels: the fields of each value (a path's file name, a generated graph's values without
 * their keys) that differ between ticks, joined by ","; out[i] has 256 bytes. */
void plot_short_labels(const plot_values *xs, char (*out)[256]);

/* Every value a number? */
int plot_all_numeric(const plot_values *vs);

/* A gnuplot double-quoted string. */
void plot_add_string(strbuf *b, const char *s);

/* A value as a legend or panel shows it: "dynamic_exp=false" -> "dynamic exp: off", "true" -> "on", a graph
 * source -> its file name; anything else unchanged. */
void plot_readable_value(const char *v, char *buf, size_t size);

#endif
