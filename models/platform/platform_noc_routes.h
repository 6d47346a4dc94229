/* platform_noc_routes: what platform_noc.c (the chip) needs from platform_noc_routes.c (its routes); not part of
 * the public interface. */
#ifndef PLATFORM_NOC_ROUTES_H
#define PLATFORM_NOC_ROUTES_H

#include "platform_noc_chip.h"

/* Routing and link figures of pn->chip (placed already; pos[h] = core of host h or -1): pn->routing, the
 * XY check of explicit routes (Full routing), pn->routing_text, chip->link_bw_Bps / link_lat_s. */
int platform_noc_read_network(const platform_desc *pd, platform_noc *pn, const int *pos, gn_error *err);

/* Every zoneRoute gateway names a host or a router (else SimGrid exits while loading the file). */
int platform_noc_check_gateways(const platform_desc *pd, gn_error *err);

/* The supervisor host and its routes from every core (platform_noc_need_supervisor). */
int platform_noc_check_supervisor(const platform_desc *pd, const platform_noc *pn, gn_error *err);

#endif
