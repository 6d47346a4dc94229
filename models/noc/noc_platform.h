/* noc_platform: a chip written out as SimGrid platform XML with exact XY routing and the CM02 network model. */
#ifndef NOC_PLATFORM_H
#define NOC_PLATFORM_H

#include "noc.h"

/* The off-chip supervisor (the host controller that monitors heartbeats and re-maps): one host joined to every
 * core by its own link, so its traffic never touches the mesh. */
#define NOC_SUPERVISOR_HOST "supervisor"

/* Write the platform: one host per healthy core (speed per core), one link per directed mesh link
 * (latency = wire + router delay: a hop enters one router), a Full-routed zone whose routes between every pair
 * of healthy cores are the XY routes (symmetrical="NO": the way back is its own XY route), and
 * <config network/model=CM02> so a transfer takes exactly Σ latency + bytes / bandwidth.
 * *xml is malloc'ed and NUL-terminated; *len excludes the NUL. */
int noc_platform_xml(const noc_chip *chip, char **xml, size_t *len, gn_error *err);

#endif
