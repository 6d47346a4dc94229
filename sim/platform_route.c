/* platform_route: one short SimGrid run whose only actor reads the route between two hosts. */
#include "platform_route.h"

#include "sgwrap.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <stdio.h>
#include <stdlib.h>
#include <xbt/dynar.h>

/* The actor's inputs and outputs (SimGrid actors take only argc/argv). */
static struct {
  sg_host_t src, dst;
  platform_route_link *links;
  int n;
} route_query;

static void route_actor(int argc, char **argv) {
  (void)argc;
  (void)argv;
  xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
  sg_host_get_route(route_query.src, route_query.dst, links);
  int n = (int)xbt_dynar_length(links);
  route_query.links = calloc(n ? (size_t)n : 1, sizeof *route_query.links);
  for (int i = 0; route_query.links && i < n; i++) {
    sg_link_t l = xbt_dynar_get_as(links, i, sg_link_t);
    platform_route_link *o = &route_query.links[i];
    snprintf(o->name, sizeof o->name, "%s", sg_link_get_name(l));
    o->bandwidth_Bps = sg_link_get_bandwidth(l);
    o->latency_s = sg_link_get_latency(l);
  }
  route_query.n = route_query.links ? n : -1;
  xbt_dynar_free(&links);
}

int platform_route_query(const char *xml, size_t len, const char *src, const char *dst, platform_route_link **links,
                         int *n, gn_error *err) {
  gn_sim_init(NULL);
  int rc = gn_sim_load_platform_xml(xml, len, err);
  if (rc)
    return rc;
  route_query.src = sg_host_by_name(src);
  route_query.dst = sg_host_by_name(dst);
  if (!route_query.src || !route_query.dst)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "host '%s' is not in the platform", route_query.src ? dst : src);
  sg_actor_create("route", route_query.src, route_actor, 0, NULL);
  simgrid_run();
  if (route_query.n < 0)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory reading the route %s -> %s", src, dst);
  *links = route_query.links;
  *n = route_query.n;
  return GN_OK;
}
