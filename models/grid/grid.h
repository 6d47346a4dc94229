/* grid: data grids as data: node classes, clusters behind switches, switch shapes, capability, platform XML. */
#ifndef GRID_H
#define GRID_H

#include "gn_error.h"

#include <stddef.h>

/* A node class (patent). Units: cpu in flop/s, memory in MB, disk I/O in MB/s. */
typedef struct grid_node_class {
  const char *name;
  double cpu_flops;
  double mem_mb;
  double io_mbps;
} grid_node_class;

/* Capability units (patent: "100 MHz = 1 CPU unit, 1 MB = 1 memory unit, I/O per ms"): we count
 * 100 Mflop/s as one CPU unit, 1 MB of RAM as one memory unit and 1 MB/s of disk throughput as one I/O
 * unit, so CP = w_cpu·cpu/1e8 + w_mem·mem + w_io·io. */
#define GRID_CPU_UNIT_FLOPS 1e8
/* Ceiling on a grid's nodes (a preset's clusters x nodes, or a platform file's): one iteration of a
 * 100,000-node grid at n = 100 takes 47 s and 2.5 GB on the reference machine. */
#define GRID_NODES_MAX 100000

typedef struct grid_weights {
  double cpu, mem, io;
} grid_weights;
/* The largest resource weight accepted: only the weights' proportions matter, and CP stays far from overflow. */
#define GRID_WEIGHT_MAX 1e6

typedef enum { GRID_CASCADE, GRID_STAR } grid_shape;

typedef struct grid_node {
  int cluster; /* index into grid.clusters */
  int klass;   /* index into grid.classes */
  double cp;   /* comprehensive capability CP = W·(cpu, mem, io) in capability units */
} grid_node;

typedef struct grid_cluster {
  int first_node; /* nodes first_node .. first_node + n_nodes - 1 */
  int n_nodes;
  double ccp; /* cluster capability = Σ CP of its nodes */
} grid_cluster;

typedef struct grid {
  int n_classes;
  grid_node_class classes[8];
  grid_weights weights;
  int n_clusters;
  grid_cluster *clusters;
  int n_nodes;
  grid_node *nodes;
  grid_shape shape;
  double port_bw_bps; /* node (and master) port of a cluster switch, bytes/s */
  double port_lat_s;
  double backplane_bw_bps; /* switch fabric, bytes/s */
  double backplane_lat_s;
  double uplink_bw_bps; /* switch-to-switch link, bytes/s */
  double uplink_lat_s;
  double master_flops; /* speed of the grid master and cluster master machines */
  const char *source;  /* where the preset's figures come from (written into its platform XML) */
} grid;

/* Preset names for --preset, NULL-terminated. */
extern const char *const grid_preset_names[];

/* Build a preset. clusters / nodes_per_cluster <= 0 keep the preset's own values. Node classes are dealt
 * round-robin inside each cluster (patent: two of each of three classes per cluster). */
int grid_preset(const char *name, int clusters, int nodes_per_cluster, grid *g, gn_error *err);

/* Recompute every CP and CCP for new weights. */
void grid_set_weights(grid *g, grid_weights w);

double grid_node_flops(const grid *g, int node);

/* Host names used in the platform and by the simulator. */
void grid_node_name(int node, char *buf, size_t size);
void grid_cluster_master_name(int cluster, char *buf, size_t size);
#define GRID_MASTER_HOST "grid_master"
/* The preset host of a simulator slot: nodes 0..N−1, cluster masters N..N+K−1, the grid master N+K, the
 * injector N+K+1. */
void grid_slot_host_name(const grid *g, int slot, char *buf, size_t size);
/* A host outside the modelled grid for the simulator's failure injector (on cluster 0's switch, never fails). */
#define GRID_INJECTOR_HOST "injector"

/* SimGrid platform XML (version 4.1): one "Cluster" zone per cluster (its switch is the zone's router, the
 * backplane its backbone, one SPLITDUPLEX port link per machine), the zones joined by switch-to-switch links
 * in a chain (cascade) or to cluster 0 (star), routed by Floyd. The grid master sits on cluster 0's switch.
 * node_speed_profile (NULL, or one entry per node, NULL = constant speed) holds SimGrid speed profiles
 * ("date ratio" lines) for background load. A simulation builds this same platform through SimGrid's API
 * (sim/grid/grid_platform_build.cpp, compared with this XML by tests/unit/test_sim_grid_platform.c): change both. */
int grid_platform_xml(const grid *g, char *const *node_speed_profile, char **xml, size_t *len, gn_error *err);

void grid_free(grid *g);

#endif
