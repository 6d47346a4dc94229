/* figure: render a gnuplot script (plot.h) to SVG and PNG files, each written whole or not at all. */
#ifndef FIGURE_H
#define FIGURE_H

#include "gn_error.h"

/* Write the script to base.gp and run gnuplot on it twice, giving base.svg and base.png. gnuplot's own
 * messages become the error text when it fails (GN_EFAIL). */
int figure_render(const char *script, const char *base, gn_error *err);

#endif
