/* platform_noc_routes: a NoC platform's routes: XY check of explicit routes, link figures, and the
 * gateways and supervisor routes SimGrid would abort without. */
#include "platform_noc_routes.h"
#include "platform_reader.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_HOPS 4096 /* a route longer than this is not a NoC route */

/* Route lookup between core hosts: the route given src -> dst, or a symmetrical dst -> src read backwards. */
typedef struct route_index {
  const platform_desc *pd;
  int n;     /* cores */
  int *fwd;  /* [n*n] route index declared src -> dst, -1 */
  int *back; /* [n*n] symmetrical route index declared dst -> src, -1 */
} route_index;

/* The hops of the route between cores a and b into hops; returns the count, or -1 when there is none. */
static int route_hops(const route_index *ri, int a, int b, platform_hop *hops) {
  int r = ri->fwd[a * ri->n + b];
  if (r >= 0) {
    const platform_route *ro = &ri->pd->routes[r];
    int n = ro->n_hops < MAX_HOPS ? ro->n_hops : MAX_HOPS;
    memcpy(hops, ro->hops, (size_t)n * sizeof *hops);
    return n;
  }
  r = ri->back[a * ri->n + b];
  if (r < 0)
    return -1;
  /* The way back crosses the same links in reverse order, a SPLITDUPLEX link in its other direction. */
  const platform_route *ro = &ri->pd->routes[r];
  int n = ro->n_hops < MAX_HOPS ? ro->n_hops : MAX_HOPS;
  for (int i = 0; i < n; i++) {
    platform_hop hp = ro->hops[ro->n_hops - 1 - i];
    hp.dir = hp.dir == 1 ? 2 : hp.dir == 2 ? 1 : 0;
    hops[i] = hp;
  }
  return n;
}

typedef struct checker {
  const platform_desc *pd;
  platform_noc *pn;
  route_index ri;
  int *core_of; /* [hosts] core id (y * W + x) or -1 */
  platform_hop *want, *got, *step;
} checker;

static int host_at(const checker *c, int x, int y) { return c->pn->core_host[y * c->pn->chip->width + x]; }

/* The X-first composition of single-hop routes a -> b into c->want; -1 when it crosses a position without a host. */
static int compose_xy(checker *c, int a, int b) {
  const noc_chip *chip = c->pn->chip;
  int x = noc_core_x(chip, a), y = noc_core_y(chip, a), bx = noc_core_x(chip, b), by = noc_core_y(chip, b), n = 0;
  while (x != bx || y != by) {
    int nx = x != bx ? x + (bx > x ? 1 : -1) : x, ny = x != bx ? y : y + (by > y ? 1 : -1);
    if (host_at(c, nx, ny) < 0)
      return -1;
    int m = route_hops(&c->ri, y * chip->width + x, ny * chip->width + nx, c->step);
    if (m < 0 || n + m > MAX_HOPS)
      return -1;
    memcpy(c->want + n, c->step, (size_t)m * sizeof *c->step);
    n += m;
    x = nx;
    y = ny;
  }
  return n;
}

static int same_hops(const platform_hop *a, const platform_hop *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i].link != b[i].link || a[i].dir != b[i].dir)
      return 0;
  return 1;
}

static int build_route_index(checker *c, gn_error *err) {
  const platform_desc *pd = c->pd;
  int n = noc_core_count(c->pn->chip);
  c->ri = (route_index){pd, n, malloc((size_t)n * n * sizeof(int)), malloc((size_t)n * n * sizeof(int))};
  if (!c->ri.fwd || !c->ri.back)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < n * n; i++)
    c->ri.fwd[i] = c->ri.back[i] = -1;
  for (int r = 0; r < pd->n_routes; r++) {
    int a = c->core_of[pd->routes[r].src], b = c->core_of[pd->routes[r].dst];
    if (a < 0 || b < 0)
      continue;
    c->ri.fwd[a * n + b] = r;
    if (pd->routes[r].symmetrical)
      c->ri.back[b * n + a] = r;
  }
  return GN_OK;
}

/* Every ordered pair of cores has a route (SimGrid aborts on a missing one); is each the XY composition? */
static int check_full_routes(checker *c, gn_error *err) {
  platform_noc *pn = c->pn;
  const noc_chip *chip = pn->chip;
  const platform_desc *pd = c->pd;
  int n = noc_core_count(chip);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      if (a == b || pn->core_host[a] < 0 || pn->core_host[b] < 0)
        continue;
      int m = route_hops(&c->ri, a, b, c->got);
      if (m < 0)
        return gn_error_set(err, GN_EINPUT, pd->path, pd->zones[pn->zone].line,
                            "zone '%s' (Full routing) has no route from '%s' to '%s': every pair of cores needs one "
                            "(SimGrid would abort)",
                            pd->zones[pn->zone].id, pd->hosts[pn->core_host[a]].id, pd->hosts[pn->core_host[b]].id);
      int w = compose_xy(c, a, b);
      if (w < 0) {
        pn->routes_unchecked++;
        continue;
      }
      pn->routes_checked++;
      if (w != m || !same_hops(c->want, c->got, m)) {
        if (pn->routes_differ++ == 0)
          snprintf(pn->first_diff, sizeof pn->first_diff, "%s -> %s", pd->hosts[pn->core_host[a]].id,
                   pd->hosts[pn->core_host[b]].id);
      }
    }
  return GN_OK;
}

/* The narrowest link (lowest bandwidth, then highest latency) of the single-hop routes between neighbours. */
static int neighbour_link(checker *c) {
  const noc_chip *chip = c->pn->chip;
  int best = -1;
  for (int a = 0; a < noc_core_count(chip); a++)
    for (int d = 0; d < 4; d++) {
      int b = noc_link_target(chip, a * 4 + d);
      if (b < 0 || c->pn->core_host[a] < 0 || c->pn->core_host[b] < 0)
        continue;
      int m = route_hops(&c->ri, a, b, c->step);
      for (int i = 0; i < m; i++) {
        const platform_link *l = &c->pd->links[c->step[i].link], *o = best >= 0 ? &c->pd->links[best] : NULL;
        if (!o || l->bw_Bps < o->bw_Bps || (l->bw_Bps == o->bw_Bps && l->lat_s > o->lat_s))
          best = c->step[i].link;
      }
    }
  return best;
}

static int narrowest_link(const platform_desc *pd) {
  int best = -1;
  for (int l = 0; l < pd->n_links; l++)
    if (best < 0 || pd->links[l].bw_Bps < pd->links[best].bw_Bps ||
        (pd->links[l].bw_Bps == pd->links[best].bw_Bps && pd->links[l].lat_s > pd->links[best].lat_s))
      best = l;
  return best;
}

static void routing_text(platform_noc *pn, const platform_zone *z) {
  if (pn->routing == PLATFORM_NOC_TORUS) {
    snprintf(pn->routing_text, sizeof pn->routing_text, "TORUS (dimension order with wrap-around links): not mesh XY");
  } else if (pn->routing == PLATFORM_NOC_COMPUTED) {
    int sp = !strcmp(z->routing, "Floyd") || !strncmp(z->routing, "Dijkstra", 8);
    snprintf(pn->routing_text, sizeof pn->routing_text, "%s (%s computed by SimGrid): not checked", z->routing,
             sp ? "shortest paths" : "routes");
  } else if (pn->routes_differ) {
    snprintf(pn->routing_text, sizeof pn->routing_text, "not XY (%d of %d routes differ; first: %s)", pn->routes_differ,
             pn->routes_checked, pn->first_diff);
  } else if (pn->routes_unchecked) {
    snprintf(pn->routing_text, sizeof pn->routing_text,
             "XY (%d routes checked; %d crossing a position without a host not checked)", pn->routes_checked,
             pn->routes_unchecked);
  } else {
    snprintf(pn->routing_text, sizeof pn->routing_text, "XY (all %d routes checked)", pn->routes_checked);
  }
}

/* Routing and link figures. */
int platform_noc_read_network(const platform_desc *pd, platform_noc *pn, const int *pos, gn_error *err) {
  const platform_zone *z = &pd->zones[pn->zone];
  noc_chip *chip = pn->chip;
  checker c = {pd,
               pn,
               {0},
               malloc(((size_t)pd->n_hosts + 1) * sizeof(int)),
               malloc(MAX_HOPS * sizeof(platform_hop)),
               malloc(MAX_HOPS * sizeof(platform_hop)),
               malloc(MAX_HOPS * sizeof(platform_hop))};
  int rc = c.core_of && c.want && c.got && c.step ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; rc == GN_OK && i < pd->n_hosts; i++)
    c.core_of[i] = pos[i];
  if (rc == GN_OK)
    rc = build_route_index(&c, err);
  int link = -1;
  if (rc == GN_OK && z->is_cluster && z->topology && strcasecmp(z->topology, "TORUS") == 0) {
    pn->routing = PLATFORM_NOC_TORUS;
    chip->link_bw_Bps = z->host_bw_Bps;
    chip->link_lat_s = z->host_lat_s;
    pn->link_source = "the TORUS cluster's bw and lat";
  } else if (rc == GN_OK && strcmp(z->routing, "Full") == 0) {
    rc = check_full_routes(&c, err);
    pn->routing = pn->routes_differ ? PLATFORM_NOC_NOT_XY : PLATFORM_NOC_XY;
    link = neighbour_link(&c);
    pn->link_source = "the narrowest link of the single-hop routes between neighbour cores";
  } else {
    pn->routing = PLATFORM_NOC_COMPUTED;
  }
  if (rc == GN_OK && pn->routing != PLATFORM_NOC_TORUS) {
    if (link < 0) {
      link = narrowest_link(pd);
      pn->link_source = "the narrowest link of the file";
    }
    if (link < 0)
      rc = gn_error_set(err, GN_EINPUT, pd->path, z->line,
                        "zone '%s': no <link> to take the NoC link bandwidth and latency from", z->id);
    else {
      chip->link_bw_Bps = pd->links[link].bw_Bps;
      chip->link_lat_s = pd->links[link].lat_s;
    }
  }
  if (rc == GN_OK && !(chip->link_bw_Bps > 0))
    rc = gn_error_set(err, GN_EINPUT, pd->path, z->line, "zone '%s': the NoC links have no bandwidth", z->id);
  if (rc == GN_OK)
    routing_text(pn, z);
  free(c.ri.fwd);
  free(c.ri.back);
  free(c.core_of);
  free(c.want);
  free(c.got);
  free(c.step);
  return rc;
}

static int is_element(const xmlNode *n, const char *name) {
  return n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, (const xmlChar *)name);
}

/* Is there a <router id=...> in the file? */
static int has_router(const xmlNode *n, const xmlChar *id) {
  for (; n; n = n->next) {
    if (is_element(n, "router")) {
      xmlChar *rid = xmlGetProp(n, (const xmlChar *)"id");
      int same = rid && !xmlStrcmp(rid, id);
      xmlFree(rid);
      if (same)
        return 1;
    }
    if (has_router(n->children, id))
      return 1;
  }
  return 0;
}

/* The <zoneRoute> (or its old name <ASroute>) from zone a to zone b, or a symmetrical one from b to a; NULL. */
static const xmlNode *find_zone_route(const xmlNode *n, const char *a, const char *b) {
  for (; n; n = n->next) {
    if (is_element(n, "zoneRoute") || is_element(n, "ASroute")) {
      xmlChar *src = xmlGetProp(n, (const xmlChar *)"src"), *dst = xmlGetProp(n, (const xmlChar *)"dst"),
              *sym = xmlGetProp(n, (const xmlChar *)"symmetrical");
      int back = !sym || xmlStrcasecmp(sym, (const xmlChar *)"NO");
      int found = src && dst &&
                  ((!xmlStrcmp(src, (const xmlChar *)a) && !xmlStrcmp(dst, (const xmlChar *)b)) ||
                   (back && !xmlStrcmp(src, (const xmlChar *)b) && !xmlStrcmp(dst, (const xmlChar *)a)));
      xmlFree(src);
      xmlFree(dst);
      xmlFree(sym);
      if (found)
        return n;
    }
    const xmlNode *r = find_zone_route(n->children, a, b);
    if (r)
      return r;
  }
  return NULL;
}

/* A zoneRoute's gateway must be a host or a <router> (SimGrid exits on any other name; a flat <cluster>'s own
 * router is named by SimGrid and not checked). GN_OK or GN_EINPUT naming it. */
static int check_gateway(const platform_desc *pd, const xmlDoc *doc, const xmlNode *zr, const char *attr,
                         gn_error *err) {
  xmlChar *gw = xmlGetProp(zr, (const xmlChar *)attr);
  int ok = !gw || platform_find_host(pd, (const char *)gw) >= 0 || has_router(xmlDocGetRootElement(doc), gw);
  for (int z = 0; !ok && z < pd->n_zones; z++)
    ok = pd->zones[z].is_cluster && !pd->zones[z].topology;
  int rc = ok ? GN_OK
              : gn_error_set(err, GN_EINPUT, pd->path, (long)xmlGetLineNo(zr),
                             "<zoneRoute> %s='%s' is neither a host nor a <router> (a TORUS cluster has no router: use "
                             "one of its hosts)",
                             attr, (const char *)gw);
  xmlFree(gw);
  return rc;
}

/* The child of zone anc on the way down to zone z (z itself when its parent is anc), or -1 when z == anc. */
static int branch_below(const platform_desc *pd, int anc, int z) {
  while (z >= 0 && pd->zones[z].parent != anc)
    z = pd->zones[z].parent;
  return z;
}

static int is_ancestor(const platform_desc *pd, int anc, int z) {
  for (; z >= 0; z = pd->zones[z].parent)
    if (z == anc)
      return 1;
  return 0;
}

/* Heartbeats cross from the cores' zone to the supervisor's: SimGrid aborts ("Bad gateways") when no zoneRoute
 * joins the two branches under their common zone, so that is checked here (the gateways themselves are not). */
static int check_supervisor_zone(const platform_desc *pd, const platform_noc *pn, gn_error *err) {
  int zs = pd->hosts[pn->supervisor].zone, anc = pn->zone;
  while (anc >= 0 && !is_ancestor(pd, anc, zs))
    anc = pd->zones[anc].parent;
  int bc = branch_below(pd, anc, pn->zone), bs = branch_below(pd, anc, zs);
  const char *sup = pd->hosts[pn->supervisor].id;
  if (bs < 0 || bc < 0)
    return gn_error_set(err, GN_EINPUT, pd->path, pd->hosts[pn->supervisor].line,
                        "the supervisor '%s' is in zone '%s' and the cores in zone '%s' inside it: put the supervisor "
                        "in a zone of its own joined to the cores' zone by a <zoneRoute> (heartbeats need a route)",
                        sup, pd->zones[zs].id, pd->zones[pn->zone].id);
  xmlDocPtr doc = platform_xml_read(pd->path, err);
  if (!doc)
    return err ? err->code : GN_EINPUT;
  const xmlNode *zr = find_zone_route(xmlDocGetRootElement(doc), pd->zones[bc].id, pd->zones[bs].id);
  int rc = zr ? GN_OK
              : gn_error_set(err, GN_EINPUT, pd->path, pd->zones[anc].line,
                             "zone '%s' has no <zoneRoute> from '%s' (the cores) to '%s' (the supervisor '%s'): "
                             "heartbeats need one (SimGrid would abort)",
                             pd->zones[anc].id, pd->zones[bc].id, pd->zones[bs].id, sup);
  xmlFreeDoc(doc);
  return rc;
}

static int check_gateways_below(const platform_desc *pd, const xmlDoc *doc, const xmlNode *n, gn_error *err) {
  for (; n; n = n->next) {
    int rc = GN_OK;
    if (is_element(n, "zoneRoute") || is_element(n, "ASroute")) {
      rc = check_gateway(pd, doc, n, "gw_src", err);
      if (rc == GN_OK)
        rc = check_gateway(pd, doc, n, "gw_dst", err);
    }
    if (rc == GN_OK)
      rc = check_gateways_below(pd, doc, n->children, err);
    if (rc)
      return rc;
  }
  return GN_OK;
}

/* Every zoneRoute gateway names a host or a router (else SimGrid exits while loading the file). */
int platform_noc_check_gateways(const platform_desc *pd, gn_error *err) {
  xmlDocPtr doc = platform_xml_read(pd->path, err);
  if (!doc)
    return err ? err->code : GN_EINPUT;
  int rc = check_gateways_below(pd, doc, xmlDocGetRootElement(doc), err);
  xmlFreeDoc(doc);
  return rc;
}

int platform_noc_check_supervisor(const platform_desc *pd, const platform_noc *pn, gn_error *err) {
  if (pn->supervisor < 0)
    return gn_error_set(
        err, GN_EINPUT, pd->path, 0,
        "core failures need a supervisor host to receive heartbeats, and the platform has none: add a "
        "host named 'supervisor' (or with property gridnoc.role=supervisor) with a route from every core");
  if (pd->hosts[pn->supervisor].zone != pn->zone)
    return check_supervisor_zone(pd, pn, err);
  if (strcmp(pd->zones[pn->zone].routing, "Full"))
    return GN_OK; /* routes computed by SimGrid */
  int *has = calloc((size_t)pd->n_hosts + 1, sizeof *has);
  if (!has)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int r = 0; r < pd->n_routes; r++) {
    const platform_route *ro = &pd->routes[r];
    if (ro->dst == pn->supervisor)
      has[ro->src] = 1;
    else if (ro->src == pn->supervisor && ro->symmetrical)
      has[ro->dst] = 1;
  }
  int rc = GN_OK;
  for (int c = 0; c < noc_core_count(pn->chip) && rc == GN_OK; c++)
    if (pn->core_host[c] >= 0 && !has[pn->core_host[c]])
      rc = gn_error_set(err, GN_EINPUT, pd->path, pd->zones[pn->zone].line,
                        "zone '%s' (Full routing) has no route from '%s' to the supervisor '%s' (its heartbeats need "
                        "one; SimGrid would abort)",
                        pd->zones[pn->zone].id, pd->hosts[pn->core_host[c]].id, pd->hosts[pn->supervisor].id);
  free(has);
  return rc;
}
