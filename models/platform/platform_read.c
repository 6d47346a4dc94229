/* platform_read: walk a SimGrid platform file with libxml2, collect zones and hosts, check what SimGrid would
 * abort on (missing attributes, hosts outside zones, unknown links, bad quantities) and gridnoc's properties. */
#include "platform_read.h"

#include "platform_order.h"
#include "platform_reader.h"
#include "platform_traces.h"

#include "gn_file.h"
#include "gn_num.h"
#include "gn_text.h"
#include "platform_units.h"

#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int walk(reader *r, const xmlNode *first, int zone);

static int is(const xmlNode *n, const char *name) { return xmlStrcmp(n->name, (const xmlChar *)name) == 0; }

static int quantity(reader *r, const xmlNode *n, const char *name, platform_unit_kind kind, double *out) {
  char *text;
  if (reader_need(r, n, name, &text))
    return r->err ? r->err->code : GN_EINPUT;
  int bad = platform_parse_quantity(text, kind, out);
  /* A zero speed or bandwidth is a quantity SimGrid takes, but no computation or message would ever end. */
  int zero = !bad && kind != PLATFORM_TIME && !(*out > 0);
  char *id = bad || zero ? reader_attr(n, "id") : NULL;
  int rc = bad ? reader_fail(r, n, "<%s id=\"%s\">: %s='%s' is not a SimGrid quantity (such as %s)",
                             (const char *)n->name, id ? id : "", name, text,
                             kind == PLATFORM_SPEED ? "1.5Gf" : kind == PLATFORM_BANDWIDTH ? "125MBps" : "50us")
           : zero ? reader_fail(r, n, "<%s id=\"%s\">: %s='%s' must be positive", (const char *)n->name, id ? id : "",
                                name, text)
                  : GN_OK;
  xmlFree(id);
  xmlFree(text);
  return rc;
}

/* An optional quantity: *out keeps its default when the attribute is absent or empty. */
static int optional_quantity(reader *r, const xmlNode *n, const char *name, platform_unit_kind kind, double *out) {
  char *text = reader_attr(n, name);
  int present = text && *text;
  xmlFree(text);
  return present ? quantity(r, n, name, kind, out) : GN_OK;
}

static int add_zone(reader *r, const xmlNode *n, int parent, const char *id, const char *routing, int is_cluster) {
  platform_desc *p = r->p;
  if (p->n_zones == r->zone_cap) {
    r->zone_cap = r->zone_cap ? 2 * r->zone_cap : 16;
    platform_zone *z = realloc(p->zones, (size_t)r->zone_cap * sizeof *z);
    if (!z)
      return -1;
    p->zones = z;
  }
  platform_zone *z = &p->zones[p->n_zones];
  *z = (platform_zone){strdup(id), strdup(routing ? routing : "?"), parent, (int)xmlGetLineNo(n), is_cluster, 0, 0,
                       0, 0, 0, 0, NULL, NULL};
  if (parent >= 0)
    p->zones[parent].n_children++;
  return p->n_zones++;
}

static platform_host *add_host(reader *r, const xmlNode *n, const char *id, int zone) {
  platform_desc *p = r->p;
  if (xmlHashLookup(r->hosts, (const xmlChar *)id)) {
    reader_fail(r, n, "host '%s' is declared twice", id);
    return NULL;
  }
  if (p->n_hosts >= PLATFORM_HOSTS_MAX) {
    reader_fail(r, n, "host '%s' takes the platform past %d hosts, the limit", id, PLATFORM_HOSTS_MAX);
    return NULL;
  }
  if (p->n_hosts == r->host_cap) {
    r->host_cap = r->host_cap ? 2 * r->host_cap : 64;
    platform_host *h = realloc(p->hosts, (size_t)r->host_cap * sizeof *h);
    if (!h) {
      gn_error_set(r->err, GN_ENOMEM, NULL, 0, "out of memory reading %s", p->path);
      return NULL;
    }
    p->hosts = h;
  }
  platform_host *h = &p->hosts[p->n_hosts++];
  *h = (platform_host){strdup(id), zone, (int)xmlGetLineNo(n), 0, 1, -1, -1, -1, -1, NULL, NULL};
  xmlHashAddEntry(r->hosts, (const xmlChar *)h->id, (void *)(intptr_t)p->n_hosts); /* 1 + index */
  p->zones[zone].n_hosts++;
  return h;
}

static int parse_number(const char *v, double *out) { return gn_num_real(v, 0, DBL_MAX, out) == GN_NUM_OK ? 0 : -1; }

/* The <prop> children of n that gridnoc reads, checked (an unknown value names the property and the host). */
static int host_props(reader *r, const xmlNode *n, platform_host *h) {
  for (const xmlNode *c = n->children; c; c = c->next) {
    if (c->type != XML_ELEMENT_NODE || !is(c, "prop"))
      continue;
    char *id, *value;
    if (reader_need(r, c, "id", &id))
      return GN_EINPUT;
    if (reader_need(r, c, "value", &value)) {
      xmlFree(id);
      return GN_EINPUT;
    }
    double v;
    int rc = GN_OK;
    if (strcmp(id, "mem") == 0 || strcmp(id, "io") == 0) {
      if (parse_number(value, &v) != 0)
        rc = reader_fail(r, c, "host '%s': property %s='%s' is not a non-negative number (mem in MB, io in MB/s)",
                         h->id, id, value);
      else if (id[0] == 'm')
        h->mem_mb = v;
      else
        h->io_mbps = v;
    } else if (strcmp(id, "x") == 0 || strcmp(id, "y") == 0) {
      if (parse_number(value, &v) != 0 || v > 1e6 || v != (int)v) /* range first: the cast needs it */
        rc = reader_fail(r, c, "host '%s': property %s='%s' is not a mesh coordinate (an integer >= 0)", h->id, id,
                         value);
      else if (id[0] == 'x')
        h->x = (int)v;
      else
        h->y = (int)v;
    } else if (strcmp(id, "gridnoc.cluster") == 0) {
      if (!*value)
        rc = reader_fail(r, c, "host '%s': property gridnoc.cluster is empty (name the cluster)", h->id);
      else {
        free(h->cluster);
        h->cluster = strdup(value);
      }
    } else if (strcmp(id, "gridnoc.role") == 0) {
      if (strcmp(value, "grid_master") && strcmp(value, "cluster_master") && strcmp(value, "injector") &&
          strcmp(value, "supervisor"))
        rc = reader_fail(r, c,
                         "host '%s': property gridnoc.role='%s' is unknown (grid_master, cluster_master, injector or "
                         "supervisor)",
                         h->id, value);
      else {
        free(h->role);
        h->role = strdup(value);
      }
    }
    xmlFree(id);
    xmlFree(value);
    if (rc)
      return rc;
  }
  return GN_OK;
}

static int read_cores(reader *r, const xmlNode *n, int *cores) {
  char *core = reader_attr(n, "core");
  if (!core)
    return GN_OK;
  double v;
  /* The range is checked before the cast to int, which is undefined out of range. */
  int rc = parse_number(core, &v) != 0 || v < 1 || v > 1e6 || v != (int)v
               ? reader_fail(r, n, "core='%s' is not a positive integer", core)
               : GN_OK;
  if (rc == GN_OK)
    *cores = (int)v;
  xmlFree(core);
  return rc;
}

static int read_host(reader *r, const xmlNode *n, int zone) {
  char *id;
  if (reader_need(r, n, "id", &id))
    return GN_EINPUT;
  if (zone < 0) {
    int rc = reader_fail(r, n, "<host id=\"%s\"> is in no zone (put it inside a <zone>)", id);
    xmlFree(id);
    return rc;
  }
  platform_host *h = add_host(r, n, id, zone);
  xmlFree(id);
  if (!h)
    return r->err ? r->err->code : GN_EINPUT;
  if (quantity(r, n, "speed", PLATFORM_SPEED, &h->speed_flops) || read_cores(r, n, &h->cores) ||
      host_props(r, n, h))
    return GN_EINPUT;
  return platform_traces_read_attrs(r, n, "host", h->id, (int)(h - r->p->hosts), -1);
}

/* One item of a cluster's radical, "N" or "N-M" (N <= M, decimal), ending at *end (',' or the end). The hosts it
 * adds must keep the platform within PLATFORM_HOSTS_MAX: a huge range is refused before any host is made. */
static int radical_item(reader *r, const xmlNode *n, const char *radical, const char *item, long *lo, long *hi,
                        const char **end) {
  size_t a = gn_num_int_span(item);
  long long x = -1, y;
  const char *e = item + a;
  int ok = a > 0 && item[0] != '+' && gn_num_int_n(item, a, 0, LONG_MAX, &x) == GN_NUM_OK;
  y = x;
  if (ok && *e == '-') {
    size_t b = gn_num_int_span(e + 1);
    ok = b > 0 && e[1] != '+' && e[1] != '-' && gn_num_int_n(e + 1, b, 0, LONG_MAX, &y) == GN_NUM_OK;
    e += 1 + b;
  }
  if (!ok || (*e != ',' && *e != '\0') || (*e == ',' && e[1] == '\0'))
    return reader_fail(r, n, "radical='%s' is not a list of numbers and ranges (such as 0-15 or 0-3,8)", radical);
  if (y < x)
    return reader_fail(r, n, "radical='%s': the range %lld-%lld runs backwards", radical, x, y);
  if (y - x >= PLATFORM_HOSTS_MAX - r->p->n_hosts)
    return reader_fail(r, n, "radical='%s': the range %lld-%lld takes the platform past %d hosts, the limit", radical,
                       x, y, PLATFORM_HOSTS_MAX);
  *lo = (long)x;
  *hi = (long)y;
  *end = e;
  return GN_OK;
}

/* A <cluster>: a zone of its own whose hosts are prefix + each number of the radical ("0-15", "0-3,8") +
 * suffix, all with the cluster's speed, cores and properties. */
static int read_cluster(reader *r, const xmlNode *n, int zone) {
  char *id = NULL, *prefix = NULL, *suffix = NULL, *radical = NULL;
  double speed, bw, lat;
  int cores = 1, rc = GN_EINPUT;
  /* A <cluster> directly under <platform> is the platform's outermost zone (zone = -1): SimGrid accepts it. */
  if (reader_need(r, n, "id", &id) || reader_need(r, n, "prefix", &prefix) || reader_need(r, n, "suffix", &suffix) ||
      reader_need(r, n, "radical", &radical) || quantity(r, n, "speed", PLATFORM_SPEED, &speed) ||
      quantity(r, n, "bw", PLATFORM_BANDWIDTH, &bw) || quantity(r, n, "lat", PLATFORM_TIME, &lat) ||
      read_cores(r, n, &cores))
    goto out;
  double bb_bw = 0, bb_lat = 0;
  if (optional_quantity(r, n, "bb_bw", PLATFORM_BANDWIDTH, &bb_bw) ||
      optional_quantity(r, n, "bb_lat", PLATFORM_TIME, &bb_lat))
    goto out;
  char *topology = reader_attr(n, "topology");
  int cz = add_zone(r, n, zone, id, topology ? topology : "Cluster", 1);
  if (cz < 0) {
    xmlFree(topology);
    rc = reader_oom(r);
    goto out;
  }
  platform_zone *z = &r->p->zones[cz];
  z->host_bw_Bps = bw;
  z->host_lat_s = lat;
  z->bb_bw_Bps = bb_bw;
  z->bb_lat_s = bb_lat;
  z->topology = topology ? strdup(topology) : NULL;
  z->topo_parameters = reader_attr(n, "topo_parameters");
  xmlFree(topology);
  r->has_cluster = 1;
  int first_host = r->p->n_hosts;
  /* The cluster's router: router_id, or SimGrid's default name prefix + id + "_router" + suffix. */
  char router[512], *router_id = reader_attr(n, "router_id");
  if (router_id)
    snprintf(router, sizeof router, "%s", router_id);
  else
    snprintf(router, sizeof router, "%s%s_router%s", prefix, id, suffix);
  xmlFree(router_id);
  xmlHashAddEntry(r->routers, (const xmlChar *)router, (void *)1);
  long lo = 0, hi = -1;
  for (const char *item = radical; *item;) {
    const char *end = item;
    if (radical_item(r, n, radical, item, &lo, &hi, &end))
      goto out;
    for (long k = lo; k <= hi; k++) {
      char name[256];
      snprintf(name, sizeof name, "%s%ld%s", prefix, k, suffix);
      platform_host *h = add_host(r, n, name, cz);
      if (!h)
        goto out;
      h->speed_flops = speed;
      h->cores = cores;
      if (host_props(r, n, h))
        goto out;
    }
    item = *end ? end + 1 : end;
  }
  if (r->p->zones[cz].n_hosts == 0) {
    reader_fail(r, n, "radical='%s' is not a list of numbers and ranges (such as 0-15 or 0-3,8)", radical);
    goto out;
  }
  rc = platform_traces_read_attrs(r, n, "cluster", id, first_host, -1);
out:
  xmlFree(id);
  xmlFree(prefix);
  xmlFree(suffix);
  xmlFree(radical);
  return rc;
}

/* The link names a route may use: "id" (direction 0), and for a SPLITDUPLEX link "id_UP" (1) and "id_DOWN" (2).
 * The hash value is 1 + 3 * index + direction (never NULL). */
static void name_link(reader *r, const char *id, const char *suffix, int index, int dir) {
  char name[512];
  snprintf(name, sizeof name, "%s%s", id, suffix);
  xmlHashAddEntry(r->links, (const xmlChar *)name, (void *)(intptr_t)(1 + 3 * index + dir));
}

static int read_link(reader *r, const xmlNode *n) {
  char *id;
  double bw, lat;
  if (reader_need(r, n, "id", &id))
    return GN_EINPUT;
  int rc = xmlHashLookup(r->links, (const xmlChar *)id) ? reader_fail(r, n, "link '%s' is declared twice", id)
                                                       : quantity(r, n, "bandwidth", PLATFORM_BANDWIDTH, &bw);
  /* SimGrid 3.32's DTD gives latency a default of 0, but its parser aborts ("cannot parse number") without one. */
  if (rc == GN_OK)
    rc = quantity(r, n, "latency", PLATFORM_TIME, &lat);
  platform_desc *p = r->p;
  if (rc == GN_OK && reader_grow(&p->links, &r->link_cap, p->n_links, sizeof *p->links))
    rc = reader_oom(r);
  char *sharing = rc == GN_OK ? reader_attr(n, "sharing_policy") : NULL;
  /* The values SimGrid 3.32's DTD allows: any other stops its parser ("Bad attribute"). */
  if (sharing && strcmp(sharing, "SHARED") && strcmp(sharing, "SPLITDUPLEX") && strcmp(sharing, "FATPIPE") &&
      strcmp(sharing, "WIFI"))
    rc = reader_fail(r, n, "<link id=\"%s\">: sharing_policy='%s' is unknown (SHARED, SPLITDUPLEX, FATPIPE or WIFI)",
                     id, sharing);
  if (rc == GN_OK) {
    int split = sharing && strcmp(sharing, "SPLITDUPLEX") == 0;
    int index = p->n_links++;
    p->links[index] = (platform_link){strdup(id), bw, lat, split, (int)xmlGetLineNo(n)};
    name_link(r, id, "", index, 0);
    if (split) {
      name_link(r, id, "_UP", index, 1);
      name_link(r, id, "_DOWN", index, 2);
    }
    rc = platform_traces_read_attrs(r, n, "link", id, 0, index);
  }
  xmlFree(sharing);
  xmlFree(id);
  return rc;
}

/* A reference to a link (link_ctn id, host_link up/down) must name a declared link. On a <link_ctn> inside a
 * <route> the link becomes a hop of that route (direction from the _UP/_DOWN name or the direction attribute). */
static int check_link_ref(reader *r, const xmlNode *n, const char *name) {
  char *id;
  if (reader_need(r, n, name, &id))
    return GN_EINPUT;
  int rc = GN_OK;
  intptr_t v = (intptr_t)xmlHashLookup(r->links, (const xmlChar *)id);
  char *direction = reader_attr(n, "direction");
  if (!r->has_cluster && !v)
    rc = reader_fail(r, n, "link '%s' is not declared (a <link> must come before the routes that use it)", id);
  else if (direction && strcmp(direction, "UP") && strcmp(direction, "DOWN") && strcmp(direction, "NONE"))
    rc = reader_fail(r, n, "link '%s': direction='%s' is unknown (UP, DOWN or NONE)", id, direction);
  xmlFree(id);
  if (rc || r->route < 0 || !is(n, "link_ctn") || !v) {
    if (!rc && !v && r->route >= 0 && is(n, "link_ctn"))
      r->route_resolved = 0;
    xmlFree(direction);
    return rc;
  }
  int link = (int)((v - 1) / 3), dir = (int)((v - 1) % 3);
  if (direction && r->p->links[link].splitduplex && dir == 0)
    dir = strcmp(direction, "UP") == 0 ? 1 : strcmp(direction, "DOWN") == 0 ? 2 : 0;
  xmlFree(direction);
  platform_route *route = &r->p->routes[r->route];
  platform_hop *hops = realloc(route->hops, (size_t)(route->n_hops + 1) * sizeof *hops);
  if (!hops)
    return reader_oom(r);
  route->hops = hops;
  hops[route->n_hops++] = (platform_hop){link, dir};
  return GN_OK;
}

/* A <route>: its hops are collected while its children are walked; whether its ends are hosts is decided
 * after the walk (pending_route). Routes through a <cluster>'s own links are not listed. */
static int read_route(reader *r, const xmlNode *n, int zone) {
  platform_desc *p = r->p;
  char *src, *dst;
  if (reader_need(r, n, "src", &src))
    return GN_EINPUT;
  if (reader_need(r, n, "dst", &dst)) {
    xmlFree(src);
    return GN_EINPUT;
  }
  if (reader_grow(&p->routes, &r->route_cap, p->n_routes, sizeof *p->routes) ||
      reader_grow(&r->route_ends, &r->route_end_cap, p->n_routes, sizeof *r->route_ends)) {
    xmlFree(src);
    xmlFree(dst);
    return reader_oom(r);
  }
  char *sym = reader_attr(n, "symmetrical");
  int symmetrical = !sym || (strcmp(sym, "NO") && strcmp(sym, "no"));
  xmlFree(sym);
  if (platform_check_route_unique(r, n, zone, src, dst, symmetrical)) {
    xmlFree(src);
    xmlFree(dst);
    return GN_EINPUT;
  }
  int index = p->n_routes++;
  p->routes[index] = (platform_route){-1, -1, zone, symmetrical, 0, NULL, (int)xmlGetLineNo(n)};
  r->route_ends[index] = (pending_route){src, dst};
  r->n_route_ends++;
  /* An index, not a pointer: a (malformed) <route> nested in this one may move p->routes. */
  r->route = index;
  r->route_resolved = 1;
  int rc = walk(r, n->children, zone);
  r->route = -1;
  if (!r->route_resolved)
    p->routes[index].src = -2; /* dropped after the walk */
  return rc;
}

static int read_element(reader *r, const xmlNode *n, int zone) {
  if (is(n, "zone") || is(n, "AS")) {
    char *id, *routing;
    if (reader_need(r, n, "id", &id))
      return GN_EINPUT;
    if (reader_need(r, n, "routing", &routing)) {
      xmlFree(id);
      return GN_EINPUT;
    }
    /* SimGrid 3.32 knows these routings (case-insensitively) and stops on any other ("Not a valid model!"). */
    static const char *const routings[] = {"Cluster", "Dijkstra", "DijkstraCache", "Floyd", "Full", "None",
                                           "Vivaldi", "Wifi"};
    int known = 0;
    for (size_t k = 0; k < sizeof routings / sizeof *routings; k++)
      known |= strcasecmp(routing, routings[k]) == 0;
    if (!known) {
      const char *close = gn_closest(routing, routings, (int)(sizeof routings / sizeof *routings));
      int rc = reader_fail(r, n,
                           "<zone id=\"%s\">: routing='%s' is unknown%s%s%s (SimGrid knows Full, Floyd, Dijkstra, "
                           "DijkstraCache, Cluster, None, Vivaldi and Wifi)",
                           id, routing, close ? " (did you mean '" : "", close ? close : "", close ? "'?)" : "");
      xmlFree(id);
      xmlFree(routing);
      return rc;
    }
    int z = add_zone(r, n, zone, id, routing, 0);
    xmlFree(id);
    xmlFree(routing);
    if (z < 0)
      return gn_error_set(r->err, GN_ENOMEM, NULL, 0, "out of memory reading %s", r->p->path);
    if (platform_check_zone_order(r, n))
      return GN_EINPUT;
    return walk(r, n->children, z);
  }
  if (is(n, "host"))
    return read_host(r, n, zone);
  if (is(n, "router")) {
    char *id;
    if (reader_need(r, n, "id", &id))
      return GN_EINPUT;
    xmlHashAddEntry(r->routers, (const xmlChar *)id, (void *)1);
    xmlFree(id);
    return GN_OK;
  }
  if (is(n, "cluster"))
    return read_cluster(r, n, zone);
  if (is(n, "link") || is(n, "backbone"))
    return read_link(r, n);
  if (is(n, "route"))
    return read_route(r, n, zone);
  if (is(n, "zoneRoute") || is(n, "ASroute")) {
    const char *gw_attr[] = {"gw_src", "gw_dst"};
    for (int k = 0; k < 2; k++) {
      char *gw = reader_attr(n, gw_attr[k]);
      if (gw && reader_grow(&r->gateways, &r->gateway_cap, r->n_gateways, sizeof *r->gateways)) {
        xmlFree(gw);
        return reader_oom(r);
      }
      if (gw)
        r->gateways[r->n_gateways++] = (pending_gateway){gw, (int)xmlGetLineNo(n)};
    }
    char *src = reader_attr(n, "src"), *dst = reader_attr(n, "dst"), *sym = reader_attr(n, "symmetrical");
    int rc = src && dst ? platform_check_route_unique(r, n, zone, src, dst, !sym || (strcmp(sym, "NO") && strcmp(sym, "no")))
                        : GN_OK;
    xmlFree(src);
    xmlFree(dst);
    xmlFree(sym);
    return rc ? rc : walk(r, n->children, zone);
  }
  if (is(n, "bypassRoute"))
    return walk(r, n->children, zone);
  if (is(n, "link_ctn"))
    return check_link_ref(r, n, "id");
  if (is(n, "host_link"))
    return check_link_ref(r, n, "up") || check_link_ref(r, n, "down") ? GN_EINPUT : GN_OK;
  if (is(n, "trace"))
    return platform_traces_read_trace(r, n);
  if (is(n, "trace_connect"))
    return platform_traces_read_connect(r, n);
  return GN_OK;
}

static int walk(reader *r, const xmlNode *first, int zone) {
  for (const xmlNode *n = first; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE && read_element(r, n, zone))
      return r->err ? r->err->code : GN_EINPUT;
  return GN_OK;
}

/* After the walk: keep the routes whose ends are both hosts, and attach each <trace_connect> to its element. */
static int resolve(reader *r) {
  platform_desc *p = r->p;
  int kept = 0;
  for (int i = 0; i < p->n_routes; i++) {
    platform_route route = p->routes[i];
    intptr_t src = (intptr_t)xmlHashLookup(r->hosts, (const xmlChar *)r->route_ends[i].src);
    intptr_t dst = (intptr_t)xmlHashLookup(r->hosts, (const xmlChar *)r->route_ends[i].dst);
    const char *unknown = src || xmlHashLookup(r->routers, (const xmlChar *)r->route_ends[i].src) ? NULL
                          : r->route_ends[i].src;
    if (!unknown && !dst && !xmlHashLookup(r->routers, (const xmlChar *)r->route_ends[i].dst))
      unknown = r->route_ends[i].dst;
    if (unknown && route.src != -2) { /* SimGrid stops on a route end that is not a host or router */
      gn_error_set(r->err, GN_EINPUT, p->path, route.line, "<route> names '%s', which is not a host or router of the "
                   "platform", unknown);
      for (int j = i; j < p->n_routes; j++)
        free(p->routes[j].hops);
      p->n_routes = kept;
      return GN_EINPUT;
    }
    if (route.src == -2 || !src || !dst) {
      free(route.hops);
      continue;
    }
    route.src = (int)src - 1;
    route.dst = (int)dst - 1;
    p->routes[kept++] = route;
  }
  p->n_routes = kept;
  for (int i = 0; i < r->n_gateways; i++) { /* SimGrid stops on a gateway that is not a netpoint */
    const xmlChar *gw = (const xmlChar *)r->gateways[i].name;
    if (!xmlHashLookup(r->hosts, gw) && !xmlHashLookup(r->routers, gw))
      return gn_error_set(r->err, GN_EINPUT, p->path, r->gateways[i].line,
                          "<zoneRoute> gateway '%s' is not a host or router of the platform", r->gateways[i].name);
  }
  return platform_traces_resolve(r);
}

static void reader_free(reader *r) {
  for (int i = 0; i < r->n_connects; i++)
    free(r->connects[i].element);
  free(r->connects);
  for (int i = 0; i < r->n_route_ends; i++) {
    xmlFree(r->route_ends[i].src);
    xmlFree(r->route_ends[i].dst);
  }
  free(r->route_ends);
  for (int i = 0; i < r->n_gateways; i++)
    xmlFree(r->gateways[i].name);
  free(r->gateways);
  xmlHashFree(r->links, NULL);
  xmlHashFree(r->hosts, NULL);
  xmlHashFree(r->routers, NULL);
  xmlHashFree(r->traces, NULL);
  xmlHashFree(r->route_keys, NULL);
}

int platform_read(const char *path, platform_desc *out, gn_error *err) {
  memset(out, 0, sizeof *out);
  /* Read here, not by libxml2: a directory, FIFO or device is refused up front and libxml2 never prints. */
  xmlDocPtr doc = platform_xml_read(path, err);
  if (!doc)
    return err ? err->code : GN_EINPUT;
  out->path = strdup(path);
  reader r = {.p = out, .err = err, .links = xmlHashCreate(256), .hosts = xmlHashCreate(256), .routers = xmlHashCreate(16),
              .traces = xmlHashCreate(16), .route_keys = xmlHashCreate(64), .route = -1};
  const xmlNode *root = xmlDocGetRootElement(doc);
  int rc;
  if (!root || !is(root, "platform"))
    rc = gn_error_set(err, GN_EINPUT, path, root ? (int)xmlGetLineNo(root) : 0,
                      "the root element is <%s>, a SimGrid platform file starts with <platform version=\"4.1\">",
                      root ? (const char *)root->name : "");
  else if ((rc = platform_check_root_order(&r, root)) == GN_OK)
    rc = walk(&r, root->children, -1);
  if (rc == GN_OK && out->n_hosts == 0)
    rc = gn_error_set(err, GN_EINPUT, path, (int)xmlGetLineNo(root), "the platform declares no host");
  if (rc == GN_OK)
    rc = resolve(&r);
  reader_free(&r);
  xmlFreeDoc(doc);
  if (rc)
    platform_free(out);
  return rc;
}
