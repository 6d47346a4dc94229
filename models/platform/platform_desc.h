/* platform_desc: what gridnoc sees in a user's SimGrid platform file (zones, hosts, links, routes, profiles and
 * their uses), as platform_read.c builds it; the types every reader of a platform shares, and lookups on them. */
#ifndef PLATFORM_DESC_H
#define PLATFORM_DESC_H

#include "gn_error.h"

/* A zone: a <zone>, or a <cluster> (which SimGrid turns into a zone of its own). */
/* Ceilings of a platform file, refused with a file:line error: its size, and its hosts (a <cluster> radical
 * counts each host it makes; the grid's own actor budget, grid_budget.h, is smaller). */
#define PLATFORM_FILE_MAX ((size_t)64 << 20)
#define PLATFORM_HOSTS_MAX 200000

typedef struct platform_zone {
  char *id;
  char *routing; /* the routing attribute; "Cluster" for a <cluster>, its topology name when it has one */
  int parent;    /* index of the enclosing zone, -1 for the outermost */
  int line;
  int is_cluster; /* 1 = a <cluster> element */
  int n_hosts;    /* hosts declared directly in it */
  int n_children; /* zones declared directly in it */
  /* A <cluster>'s own links (0 for a <zone>): each host's private link (bw, lat attributes) and the
   * backbone (bb_bw, bb_lat; 0 when absent); topology and topo_parameters as written (NULL when absent). */
  double host_bw_Bps, host_lat_s, bb_bw_Bps, bb_lat_s;
  char *topology, *topo_parameters;
} platform_zone;

/* A host. Properties gridnoc reads (documented in README "Your own platform"): mem (MB of RAM), io (MB/s of
 * disk), x and y (mesh position of a NoC core), gridnoc.cluster (put the host in this cluster instead of its
 * zone), gridnoc.role (grid_master, cluster_master or injector: a machine of a grid that is not a node;
 * supervisor: the off-chip host of a NoC platform that receives the cores' heartbeats). */
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

/* A <link> or <backbone> with its nominal figures (a <cluster>'s own links are not listed). */
typedef struct platform_link {
  char *id;
  double bw_Bps, lat_s;
  int splitduplex; /* sharing_policy="SPLITDUPLEX": routes name it id_UP / id_DOWN (or link_ctn direction=) */
  int line;
} platform_link;

/* One link of a route: index into links, and the direction of a SPLITDUPLEX link (0 none, 1 UP, 2 DOWN). */
typedef struct platform_hop {
  int link;
  int dir;
} platform_hop;

/* An explicit <route> between two hosts, as written. Routes that SimGrid computes itself (Floyd, Dijkstra,
 * <cluster> and torus topologies) and routes between routers or zones are not listed. A symmetrical route
 * (the default; symmetrical="NO" turns it off) also serves dst -> src with its hops in reverse order. */
typedef struct platform_route {
  int src, dst; /* host indices */
  int zone;     /* the zone it is declared in */
  int symmetrical;
  int n_hops;
  platform_hop *hops;
  int line;
} platform_route;

/* A SimGrid profile ("date value" lines): inline in a <trace>, or the text of a file named by a <trace file=>
 * or by an element's state_file / speed_file / bandwidth_file / latency_file attribute. A relative file name
 * is looked up in the platform file's directory, then in the current directory (README "Your own platform"). */
typedef struct platform_profile {
  char *id;          /* the <trace> id, or "ELEMENT:ATTRIBUTE" for an attribute (e.g. "node3:state_file") */
  char *text;        /* the profile itself (read from the file when it lives in one) */
  char *source;      /* resolved path of the file it came from, or NULL when inline */
  double periodicity; /* <trace periodicity="..."> (required there), -1 for an attribute's file; SimGrid
                       * ignores it for a file (source != NULL); the text may still say PERIODICITY */
  int line;          /* where it is declared in the platform file */
} platform_profile;

typedef enum {
  PLATFORM_TRACE_STATE,     /* host or link on/off: state_file, trace_connect kind HOST_AVAIL / LINK_AVAIL */
  PLATFORM_TRACE_SPEED,     /* host speed ratio: speed_file (availability_file), kind SPEED */
  PLATFORM_TRACE_BANDWIDTH, /* link: bandwidth_file, kind BANDWIDTH */
  PLATFORM_TRACE_LATENCY    /* link: latency_file, kind LATENCY */
} platform_trace_kind;

/* A profile attached to a host or a link, by an attribute or by a <trace_connect>. */
typedef struct platform_trace_use {
  platform_trace_kind kind;
  int host;    /* index into hosts, or -1 */
  int link;    /* index into links, or -1 */
  int profile; /* index into profiles */
  int line;
} platform_trace_use;

typedef struct platform_desc {
  char *path;
  /* n_routes counts the listed host-to-host routes only; n_traces = n_uses (kept for the describe output) */
  int n_zones, n_hosts, n_links, n_routes, n_traces;
  platform_zone *zones;
  platform_host *hosts;
  platform_link *links; /* n_links of them */
  platform_route *routes; /* n_routes of them */
  int n_profiles, n_uses;
  platform_profile *profiles;
  platform_trace_use *uses;
} platform_desc;

/* The host named id, or -1. */
int platform_find_host(const platform_desc *p, const char *id);

/* The link named id (without an _UP/_DOWN suffix), or -1. */
int platform_find_link(const platform_desc *p, const char *id);

void platform_free(platform_desc *p);

#endif
