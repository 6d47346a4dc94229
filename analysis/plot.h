/* plot: a gnuplot script drawing grouped statistics as clustered bars or as lines with 95 % interval bars,
 * one panel per facet value, laid out for a paper: fixed sizes and fonts (byte-reproducible SVG, PNG, PDF),
 * one legend with a title beside the panels, error bars dodged, one y range shared by all panels, axis labels
 * and reference lines from the metric's entry in metric_info.h. */
#ifndef PLOT_H
#define PLOT_H

#include "aggregate.h"
#include "metric_info.h"
#include "strbuf.h"

typedef struct plot_spec {
  const char *type;   /* "bars", "lines" or "dots" (points with intervals at categories) */
  const char *x, *y;  /* x column, metric */
  const char *series; /* column giving one bar/line per value, or NULL */
  const char *facet;  /* column giving one panel per value, or NULL */
  const char *title, *xlabel, *ylabel; /* NULL = derived from the columns (metric_info.h) */
  int logy;
  int diagonal; /* also draw y = x (lines with numeric x only), e.g. a linear-speedup bound */
  int free_y;   /* each panel its own y range instead of one shared by all */
  metric_lookup metrics; /* the metric columns' words and kinds (the kinds' tables), or NULL */
  const char *curve, *curve_title; /* a reference curve y = f(x) (numeric x only), or NULL */
} plot_spec;

/* The aggregate must be grouped by (facet if any, x, series if any), in that order.
 * The script reads gnuplot variables `fmt` ("svg", "png" or "pdf") and `out` (the output path). */
int plot_script(const aggregate *a, const plot_spec *p, strbuf *out, gn_error *err);

#endif
