/* platform_grid: the grid clusters and node capabilities a user's platform file describes. */
#ifndef PLATFORM_GRID_H
#define PLATFORM_GRID_H

#include "grid.h"
#include "platform_read.h"

/* Group p's compute hosts (every host without gridnoc.role) into grid clusters: a host's cluster is its
 * gridnoc.cluster property when set, else its zone (a <cluster> or a leaf <zone>); clusters and the nodes in
 * them keep the file's order. A node's class is its (speed × cores, mem, io), mem and io counting 0 when
 * absent; classes are named after their first host (pointers into p: keep p alive as long as g). Capability
 * uses the grid's default weights (cpu only, grid_preset). Only the clusters, nodes and classes of g are
 * filled (its network fields stay 0). host_of_node[i] = index into p->hosts of node i (malloc'ed).
 * GN_EINPUT naming the host when the file has no compute host or more than 8 distinct classes. */
int platform_to_grid(const platform_desc *p, grid *g, int **host_of_node, gn_error *err);

#endif
