/* grid_platform_build: a generated grid platform built through SimGrid's API, the same platform its XML describes. */
#ifndef GRID_PLATFORM_BUILD_H
#define GRID_PLATFORM_BUILD_H

#include "gn_error.h"
#include "grid.h"

#include <simgrid/forward.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Builds the platform grid_platform_xml(g, node_speed_profile) describes, after gn_sim_init, in place of loading
 * that XML: the same zones, hosts, links, routes and speed profiles, created in the same order through the same
 * SimGrid calls (so every netpoint id, link and simulated number is the same), without SimGrid 3.32's name
 * searches, which visit every zone for every host and link it creates (O(hosts x clusters) start-up).
 * grid_platform_build.cpp says how. slot_hosts (NULL, or N + K + 2 entries) receives every simulator slot's host
 * (grid_slot_host_name's order: nodes, cluster masters, grid master, injector). */
int grid_platform_build(const grid *g, char *const *node_speed_profile, sg_host_t *slot_hosts, gn_error *err);

#ifdef __cplusplus
}
#endif

#endif
