/* platform_read: what gridnoc sees in a user's SimGrid platform file, read and checked with libxml2 (so a bad
 * file is a "file:line: ..." error, never a SimGrid abort). */
#ifndef PLATFORM_READ_H
#define PLATFORM_READ_H

#include "gn_error.h"

/* A zone: a <zone>, or a <cluster> (which SimGrid turns into a zone of its own). */
typedef struct platform_zone {
  char *id;
  char *routing; /* the routing attribute; "Cluster" for a <cluster>, its topology name when it has one */
  int parent;    /* index of the enclosing zone, -1 for the outermost */
  int line;
  int is_cluster; /* 1 = a <cluster> element */
  int n_hosts;    /* hosts declared directly in it */
  int n_children; /* zones declared directly in it */
} platform_zone;

/* A host. Properties gridnoc reads (documented in README "Your own platform"): mem (MB of RAM), io (MB/s of
 * disk), x and y (mesh position of a NoC core), gridnoc.cluster (put the host in this cluster instead of its
 * zone), gridnoc.role (grid_master, cluster_master or injector: a machine of the generated grids, not a node). */
typedef struct platform_host {
  char *id;
  int zone; /* index into zones */
  int line;
  double speed_flops; /* nominal speed (first pstate) */
  int cores;
  double mem_mb, io_mbps; /* -1 when absent */
  int x, y;               /* -1 when absent */
  char *cluster;          /* gridnoc.cluster, or NULL */
  char *role;             /* gridnoc.role, or NULL */
} platform_host;

typedef struct platform_desc {
  char *path;
  int n_zones, n_hosts, n_links, n_routes, n_traces;
  platform_zone *zones;
  platform_host *hosts;
} platform_desc;

/* Read and check path. On error (GN_EINPUT for a bad or unreadable file) *out is left empty. */
int platform_read(const char *path, platform_desc *out, gn_error *err);

/* The host named id, or -1. */
int platform_find_host(const platform_desc *p, const char *id);

void platform_free(platform_desc *p);

#endif
