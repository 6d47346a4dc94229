/* platform_noc: a user's SimGrid platform file seen as a NoC chip: cores, positions, speeds, link figures, the
 * supervisor, whether its routes are XY (the permanent core failures its host state profiles describe:
 * platform_noc_failures.h; the chip as text: platform_noc_describe.h). */
#ifndef PLATFORM_NOC_H
#define PLATFORM_NOC_H

#include "platform_noc_chip.h"

/* The chip a platform describes. Cores are the hosts with both x and y properties, or the hosts of a
 * <cluster topology="TORUS" topo_parameters="W,H"> (x = rank % W, y = rank / W: SimGrid's first dimension
 * varies fastest). Per-core speed = host speed × cores; nominal speed = the most common one (ties: the
 * highest). Link figures: the narrowest link of the single-hop routes between neighbour cores (explicit
 * routes), the cluster's bw/lat (torus), else the narrowest link of the file; its latency holds the router
 * delay (chip->router_delay_s = 0). The chip is named after the file (its base name). Errors: GN_EINPUT naming
 * the file, line and host (one of x/y, two hosts at one position, no core, a 3-D torus, a missing route). */
int platform_noc_from_desc(const platform_desc *pd, platform_noc *out, gn_error *err);

/* The supervisor is needed only when cores fail: GN_EINPUT saying so when the file has none. */
int platform_noc_need_supervisor(const platform_desc *pd, const platform_noc *pn, gn_error *err);

/* The host name of a core ("core_X_Y" style names are whatever the file says). */
const char *platform_noc_host_name(const platform_desc *pd, const platform_noc *pn, int core);

void platform_noc_free(platform_noc *pn);

#endif
