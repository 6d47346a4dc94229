/* platform_grid: the grid clusters and node capabilities a user's platform file describes, and which host runs
 * each of the grid's machines. */
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

/* The host (index into p->hosts) of every machine of a grid simulated on a platform file. Several slots may
 * name one host (the grid master on cluster 0's master by default): a failed host stops all of them. */
typedef struct platform_grid_hosts {
  int n_nodes, n_clusters;
  int *node;           /* n_nodes */
  int *cluster_master; /* n_clusters */
  int grid_master, injector;
} platform_grid_hosts;

/* The grid a simulation runs on p (docs/grids.md "Your own platform"). Clusters as platform_to_grid, but each
 * cluster's master is taken out of its hosts first: the host with gridnoc.role=cluster_master in that cluster
 * (gridnoc.cluster or zone), else the cluster's first host in file order. The grid master is the host with
 * gridnoc.role=grid_master, else cluster 0's master; the injector the host with gridnoc.role=injector, else
 * the grid master's host. max_clusters > 0 keeps the first max_clusters clusters (their masters' hosts, and
 * every other host with a role, stay idle). Also sets g->port_bw_bps to platform_min_bandwidth(p) and the
 * shape to GRID_CASCADE (unused: routes are the file's). GN_EINPUT naming the host or cluster, its line and
 * what to add: two cluster masters (or grid masters, or injectors), a cluster_master of a cluster with no
 * compute host, a cluster left with no node, max_clusters beyond the file's clusters, no bandwidth. */
int platform_grid_layout(const platform_desc *p, int max_clusters, grid *g, platform_grid_hosts *hosts,
                         gn_error *err);

void platform_grid_hosts_free(platform_grid_hosts *hosts);

/* The narrowest bandwidth in p (B/s): every <link> and <backbone>, a <cluster>'s bw and bb_bw; 0 when none.
 * It stands for the switch port the masters' traffic crosses (timeouts, speedup_bound). */
double platform_min_bandwidth(const platform_desc *p);

#endif
