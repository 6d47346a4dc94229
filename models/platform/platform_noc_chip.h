/* platform_noc_chip: the NoC chip a user's platform file describes, as data (its cores' hosts, supervisor, zone,
 * routing): the type the files that read it share (platform_noc.c builds it, platform_noc_routes.c fills its
 * routing, platform_noc_failures.c reads its core hosts). */
#ifndef PLATFORM_NOC_CHIP_H
#define PLATFORM_NOC_CHIP_H

#include "noc.h"
#include "platform_desc.h"

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

#endif
