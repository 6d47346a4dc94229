/* platform_noc: a user's SimGrid platform file seen as a NoC chip: cores, positions, speeds, link figures, the
 * supervisor, whether its routes are XY, and the permanent core failures its host state profiles describe. */
#ifndef PLATFORM_NOC_H
#define PLATFORM_NOC_H

#include "noc_failures.h"
#include "platform_read.h"
#include "strbuf.h"

/* A core host's cores that a stage uses (noc_pipeline splits a stage's execution over them). */
#define NOC_MAX_HOST_CORES 64

/* How the file routes between cores (docs/noc.md "Your own platform"). */
typedef enum {
  PLATFORM_NOC_XY,       /* Full routing, every explicit route checked equal to the X-first composition */
  PLATFORM_NOC_NOT_XY,   /* Full routing, some routes differ from XY */
  PLATFORM_NOC_TORUS,    /* a TORUS cluster: dimension order with wrap-around links */
  PLATFORM_NOC_COMPUTED, /* Floyd, Dijkstra... : SimGrid computes the routes, not checked */
} platform_noc_routing;

typedef struct platform_noc {
  noc_chip *chip; /* width × height from the positions; a position without a host is a broken core */
  int *core_host; /* [cores] index into the platform's hosts, -1 for a position without a host */
  int supervisor; /* host index of the supervisor, -1 when the file has none */
  int zone;       /* the zone holding every core */
  platform_noc_routing routing;
  int routes_checked, routes_differ, routes_unchecked; /* Full routing: ordered core pairs */
  char first_diff[160];                                /* "a -> b": the first route that is not XY (empty when none) */
  char routing_text[256];                              /* the report line: "XY (all 380 routes checked)", ... */
  const char *link_source;                             /* where the link figures come from (static text) */
} platform_noc;

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

/* Permanent core failures from the file's host state profiles (a state profile on a core host): the core fails
 * at the profile's first 0 value (t seconds = t / time_unit_s time units); later up events are ignored (a NoC
 * core failure is permanent): *ignored_up counts the profiles that had one. *out is sorted by time, then core
 * (malloc'ed, NULL when none). */
int platform_noc_profile_failures(const platform_desc *pd, const platform_noc *pn, double time_unit_s,
                                  noc_failure **out, int *n, int *ignored_up, gn_error *err);

/* Merge two failure lists (same core twice: the earliest time), sorted by time then core. *out malloc'ed. */
int platform_noc_merge_failures(const noc_failure *a, int na, const noc_failure *b, int nb, noc_failure **out, int *n,
                                gn_error *err);

/* What gridnoc sees as a chip, as text lines (for `gridnoc platform describe`): size, cores, speeds, links,
 * supervisor, routing. A file that is not a chip gives GN_EINPUT with the reason. */
int platform_noc_describe(const platform_desc *pd, strbuf *out, gn_error *err);

/* The host name of a core ("core_X_Y" style names are whatever the file says). */
const char *platform_noc_host_name(const platform_desc *pd, const platform_noc *pn, int core);

void platform_noc_free(platform_noc *pn);

#endif
