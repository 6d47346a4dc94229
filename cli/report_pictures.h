/* report_pictures: a scenario's `pictures`: the chosen run simulated again in a child process and drawn as
 * SVG (the chip map and timeline of sim/noc, the ring picture of sim/grid), then converted to PNG. */
#ifndef REPORT_PICTURES_H
#define REPORT_PICTURES_H

#include "gn_error.h"
#include "scenario.h"

/* Writes DIR/NAME-chip, -timeline or -ring .svg and .png, and prints their paths. */
int report_picture(const scenario *sc, const scenario_picture *pic, const char *dir, gn_error *err);

#endif
