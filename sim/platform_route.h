/* platform_route: the links SimGrid puts on the route between two hosts of a user's platform file. */
#ifndef PLATFORM_ROUTE_H
#define PLATFORM_ROUTE_H

#include "gn_error.h"

#include <stddef.h>

typedef struct platform_route_link {
  char name[128];
  double bandwidth_Bps, latency_s;
} platform_route_link;

/* Start SimGrid on the platform in xml (already checked by platform_read, so SimGrid does not abort on it) and
 * query the route src -> dst from an actor (routes are complete only once the simulation runs). *links is
 * malloc'ed. Uses up this process's one SimGrid start-up. */
int platform_route_query(const char *xml, size_t len, const char *src, const char *dst, platform_route_link **links,
                         int *n, gn_error *err);

/* `gridnoc platform describe FILE.xml [--route A B]` (the platform command's `describe` entry). */
int platform_describe_command(int argc, char **argv);

#endif
