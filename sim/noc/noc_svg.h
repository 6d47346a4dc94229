/* noc_svg: pictures of a pipeline run: the chip coloured by stage with its heaviest flows, and a timeline. */
#ifndef NOC_SVG_H
#define NOC_SVG_H

#include "noc_pipeline.h"

/* The chip, one panel per mapping epoch (the initial mapping, then each re-mapping after a failure): each core
 * filled with its stage's colour (label S<stage> and its logical number P<k>), broken cores dark with a cross,
 * cores failed by the end of the epoch crossed in red, and arrows along the XY routes of the heaviest
 * stage-to-stage flows that carry data (width ∝ volume; none, and a line saying so, without edge volumes). */
int noc_svg_chip_write(const char *path, const noc_chip *chip, const taskgraph *g, const noc_pipeline_report *rep,
                       gn_error *err);

/* One panel per mapping epoch: per core a row with compute (blue) and send (orange) boxes of the traced items
 * over an idle (grey) background; failures (red bar on the core's row) and their detection (dashed line). */
int noc_svg_timeline_write(const char *path, const noc_chip *chip, const noc_pipeline_report *rep, gn_error *err);

#endif
