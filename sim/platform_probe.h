/* platform_probe: ask SimGrid itself, in a forked child, whether it loads a platform and finds a route between
 * the host pairs a simulation will use. SimGrid ends the process on a platform it cannot use (a parse error, a
 * missing route at the first message); the child takes that end and the caller gets a one-line error with
 * SimGrid's own reason, before any simulation starts. Complements platform_read's static checks. */
#ifndef PLATFORM_PROBE_H
#define PLATFORM_PROBE_H

#include "gn_error.h"

#include <stddef.h>

/* Load xml (len bytes, as prepared for SimGrid from the platform file `path`) and look up the route
 * src[i] -> dst[i] for i < n (host names). GN_EINPUT naming path when SimGrid cannot load the platform, a host
 * is missing, or a route is missing (no link and no latency: SimGrid would abort on the first message);
 * GN_EFAIL when the child cannot be started. */
int platform_probe(const char *path, const char *xml, size_t len, const char *const *src, const char *const *dst, int n,
                   gn_error *err);

typedef struct platform_route_link {
  char name[128];
  double bandwidth_Bps, latency_s;
} platform_route_link;

/* The links SimGrid puts on the route src -> dst (probed as above; *links malloc'ed, in route order). */
int platform_probe_route(const char *path, const char *xml, size_t len, const char *src, const char *dst,
                         platform_route_link **links, int *n, gn_error *err);

#endif
