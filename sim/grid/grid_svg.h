/* grid_svg: a picture of the two logical rings of one iteration (cluster ring with mirror arcs, node rings
 * with m-redundancy arcs), members sized by capability, failed nodes marked. */
#ifndef GRID_SVG_H
#define GRID_SVG_H

#include "gn_error.h"
#include "grid.h"
#include "grid_config.h"

int grid_svg_write(const char *path, const grid *g, const grid_ring_picture *pic, gn_error *err);

#endif
