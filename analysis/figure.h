/* figure: render a gnuplot script (plot.h) to SVG, PNG and PDF files, each written whole or not at all. */
#ifndef FIGURE_H
#define FIGURE_H

#include "gn_error.h"

/* Write the script to base.gp and run gnuplot on it once per format, giving base.svg,
 * base.png and base.pdf (vector, fonts embedded, byte-stable). gnuplot's own
 * messages become the error text when it fails (GN_EFAIL). */
int figure_render(const char *script, const char *base, gn_error *err);

#endif
