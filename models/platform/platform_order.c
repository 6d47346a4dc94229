/* platform_order: the element order SimGrid 3.32's platform parser enforces (simgrid.dtd, as its generated
 * parser applies it) and the route uniqueness its routing zones assert, checked first so that a misplaced
 * element is a file:line error instead of a SimGrid abort. */
#include "platform_order.h"

#include <stdio.h>
#include <string.h>

static int in(const xmlNode *n, const char *const *names) {
  for (; *names; names++)
    if (xmlStrcmp(n->name, (const xmlChar *)*names) == 0)
      return 1;
  return 0;
}

/* A zone holds either zones (and zoneRoutes) or hosts (and routes); some elements fit both. Within each kind,
 * declarations come before the routes (simgrid.dtd: (zone|link|...)*, (zoneRoute|...)* and
 * (host|router|link|...)*, (route|bypassRoute)*); traces may go anywhere but first (see below). */
static const char *const zone_only[] = {"zone", "AS", "cluster", "peer", "zoneRoute", "ASroute", "bypassASroute",
                                        "bypassZoneRoute", NULL};
static const char *const host_only[] = {"host", "router", "host_link", "route", "bypassRoute", "storage_type",
                                        "storage", NULL};
static const char *const shared[] = {"include", "link", "backbone", "trace", "trace_connect", "cabinet", NULL};
static const char *const zone_routes[] = {"zoneRoute", "ASroute", "bypassASroute", "bypassZoneRoute", NULL};
static const char *const host_routes[] = {"route", "bypassRoute", NULL};
static const char *const traces[] = {"trace", "trace_connect", NULL};

/* "<host id="a">", "<route a -> b>", "<trace_connect>": an element as the messages name it. */
static const char *id_of(const xmlNode *n, char *buf, size_t size) {
  char *id = reader_attr(n, "id"), *src = reader_attr(n, "src"), *dst = reader_attr(n, "dst");
  if (id)
    snprintf(buf, size, "<%s id=\"%s\">", (const char *)n->name, id);
  else if (src && dst)
    snprintf(buf, size, "<%s %s -> %s>", (const char *)n->name, src, dst);
  else
    snprintf(buf, size, "<%s>", (const char *)n->name);
  xmlFree(id);
  xmlFree(src);
  xmlFree(dst);
  return buf;
}

int platform_check_zone_order(reader *r, const xmlNode *zone) {
  const xmlNode *first = NULL, *zone_elem = NULL, *host_elem = NULL, *route = NULL;
  char a[160], b[160];
  for (const xmlNode *n = zone->children; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE)
      continue;
    if (xmlStrcmp(n->name, (const xmlChar *)"prop") == 0) {
      if (first)
        return reader_fail(r, n, "<prop> after %s (line %d): a zone's <prop>s come first", id_of(first, a, sizeof a),
                           (int)xmlGetLineNo(first));
      continue;
    }
    if (!in(n, zone_only) && !in(n, host_only) && !in(n, shared))
      return reader_fail(r, n, "unknown element <%s> in zone (SimGrid's platform format has no such element)",
                         (const char *)n->name);
    /* SimGrid 3.32's parser takes a zone that opens with a trace for a zone of zones and then refuses both a
     * <host> and a <zone> (measured): the DTD allows it, the parser does not. */
    if (!first && in(n, traces))
      return reader_fail(r, n, "%s opens the zone: SimGrid's parser refuses a zone that starts with a trace; "
                               "move it after the zone's hosts or zones",
                         id_of(n, a, sizeof a));
    if (!first)
      first = n;
    if (in(n, zone_only) && !zone_elem)
      zone_elem = n;
    if (in(n, host_only) && !host_elem)
      host_elem = n;
    if (zone_elem && host_elem)
      return reader_fail(r, zone_elem == n ? zone_elem : host_elem,
                         "a zone holds either zones or hosts, not both: %s (line %d) and %s; put the hosts in a zone "
                         "of their own",
                         id_of(zone_elem == n ? host_elem : zone_elem, a, sizeof a),
                         (int)xmlGetLineNo(zone_elem == n ? host_elem : zone_elem), id_of(n, b, sizeof b));
    if (in(n, zone_routes) || in(n, host_routes)) {
      if (!route)
        route = n;
    } else if (route && !in(n, traces))
      return reader_fail(r, n, "%s comes after %s (line %d): SimGrid reads a zone's declarations before its routes",
                         id_of(n, a, sizeof a), id_of(route, b, sizeof b), (int)xmlGetLineNo(route));
  }
  return GN_OK;
}

int platform_check_root_order(reader *r, const xmlNode *root) {
  static const char *const outermost[] = {"zone", "AS", "cluster", "cabinet", "peer", NULL};
  static const char *const root_known[] = {"config", "random", "include", "trace", "trace_connect", "process",
                                           "actor", "zone", "AS", "cluster", "cabinet", "peer", NULL};
  const xmlNode *other = NULL, *top = NULL;
  char a[160], b[160];
  for (const xmlNode *n = root->children; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE)
      continue;
    /* Hosts, links and routes outside any zone have their own message (read_element). */
    if (!in(n, root_known))
      continue;
    int config = xmlStrcmp(n->name, (const xmlChar *)"config") == 0 || xmlStrcmp(n->name, (const xmlChar *)"random") == 0;
    if (config && other)
      return reader_fail(r, n, "<%s> after %s (line %d): <config> comes first in a platform", (const char *)n->name,
                         id_of(other, a, sizeof a), (int)xmlGetLineNo(other));
    if (!config && !other)
      other = n;
    if (in(n, outermost)) {
      if (top)
        return reader_fail(r, n,
                           "%s is a second outermost zone (the first is %s, line %d): SimGrid needs one; put both "
                           "inside a <zone>",
                           id_of(n, a, sizeof a), id_of(top, b, sizeof b), (int)xmlGetLineNo(top));
      top = n;
    }
  }
  return GN_OK;
}

/* Routing zones (Full, Floyd, Dijkstra) assert that no route is given twice, and a symmetrical route (the
 * default) also takes the other direction. Routes of different zones are separate tables. */
int platform_check_route_unique(reader *r, const xmlNode *n, int zone, const char *src, const char *dst,
                                int symmetrical) {
  char key[600], rkey[600];
  snprintf(key, sizeof key, "%d\x1f%s\x1f%s", zone, src, dst);
  snprintf(rkey, sizeof rkey, "%d\x1f%s\x1f%s", zone, dst, src);
  intptr_t line = (intptr_t)xmlHashLookup(r->route_keys, (const xmlChar *)key);
  if (line)
    return reader_fail(r, n,
                       "the route %s -> %s is already given at line %d (a route is symmetrical unless it says "
                       "symmetrical=\"NO\")",
                       src, dst, (int)line);
  if (symmetrical && strcmp(src, dst) != 0 && (line = (intptr_t)xmlHashLookup(r->route_keys, (const xmlChar *)rkey)))
    return reader_fail(r, n,
                       "the route %s -> %s is symmetrical by default, so it also gives %s -> %s, already given at "
                       "line %d: add symmetrical=\"NO\" or drop one",
                       src, dst, dst, src, (int)line);
  intptr_t here = (intptr_t)xmlGetLineNo(n);
  if (xmlHashAddEntry(r->route_keys, (const xmlChar *)key, (void *)here) < 0 ||
      (symmetrical && strcmp(src, dst) != 0 && xmlHashAddEntry(r->route_keys, (const xmlChar *)rkey, (void *)here) < 0))
    return reader_oom(r);
  return GN_OK;
}
