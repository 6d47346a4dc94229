/* noc_sharing: fair link arbitration under CM02 by moving route latencies out of the shared links. */
#include "noc_sharing.h"

#include <simgrid/link.h>
#include <xbt/dynar.h>

#include <stdlib.h>

/* Σ latency of the route a -> b; with zero != 0 the route's links lose their latency afterwards. */
static double route_latency(sg_host_t a, sg_host_t b, int zero) {
  xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
  sg_host_get_route(a, b, links);
  double lat = 0;
  for (unsigned long i = 0; i < xbt_dynar_length(links); i++) {
    sg_link_t l = xbt_dynar_get_as(links, i, sg_link_t);
    lat += sg_link_get_latency(l);
    if (zero)
      sg_link_set_latency(l, 0);
  }
  xbt_dynar_free(&links);
  return lat;
}

int noc_sharing_make_fair(sg_host_t *host, int n, const unsigned char *pairs, sg_host_t sup, noc_route_delays *out) {
  out->n = n;
  out->core = calloc((size_t)n * (size_t)n, sizeof *out->core);
  out->sup = calloc((size_t)n, sizeof *out->sup);
  if (!out->core || !out->sup) {
    noc_route_delays_free(out);
    return -1;
  }
  /* Every latency is read before any link is zeroed (routes share links). */
#define PAIR(a, b) (a != b && host[a] && host[b] && (!pairs || pairs[(size_t)a * n + b]))
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      if (PAIR(a, b))
        out->core[(size_t)a * n + b] = route_latency(host[a], host[b], 0);
  for (int a = 0; sup && a < n; a++)
    if (host[a])
      out->sup[a] = route_latency(host[a], sup, 0);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      if (PAIR(a, b))
        route_latency(host[a], host[b], 1);
#undef PAIR
  /* A heartbeat's route may cross a zeroed link (a user's platform): it waits what the zeroing took off. */
  for (int a = 0; sup && a < n; a++)
    if (host[a])
      out->sup[a] -= route_latency(host[a], sup, 0);
  return 0;
}

void noc_route_delays_free(noc_route_delays *d) {
  free(d->core);
  free(d->sup);
  d->core = d->sup = NULL;
}
