/* platform_read: walk a SimGrid platform file with libxml2, collect zones and hosts, check what SimGrid would
 * abort on (missing attributes, hosts outside zones, unknown links, bad quantities) and gridnoc's properties. */
#include "platform_read.h"

#include "platform_units.h"

#include <errno.h>
#include <stdarg.h>
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
  platform_desc *p;
  gn_error *err;
  xmlHashTablePtr links; /* declared link names (with _UP/_DOWN for SPLITDUPLEX links) */
  xmlHashTablePtr hosts; /* declared host names */
  int has_cluster;       /* <cluster> elements name their links themselves: references to them are not checked */
  int zone_cap, host_cap;
} reader;

static int is(const xmlNode *n, const char *name) { return xmlStrcmp(n->name, (const xmlChar *)name) == 0; }

/* An attribute as a malloc'ed C string (libxml2 allocates with malloc by default), or NULL. */
static char *attr(const xmlNode *n, const char *name) { return (char *)xmlGetProp(n, (const xmlChar *)name); }

static int fail(reader *r, const xmlNode *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader *r, const xmlNode *n, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return gn_error_set(r->err, GN_EINPUT, r->p->path, n ? (int)xmlGetLineNo(n) : 0, "%s", msg);
}

/* Fetch a required attribute of element n (the error names the element, its id and what is missing). */
static int need(reader *r, const xmlNode *n, const char *name, char **out) {
  *out = attr(n, name);
  if (*out)
    return GN_OK;
  char *id = attr(n, "id");
  char what[160];
  snprintf(what, sizeof what, "<%s%s%s%s> has no %s attribute", (const char *)n->name, id ? " id=\"" : "",
           id ? id : "", id ? "\"" : "", name);
  xmlFree(id);
  return fail(r, n, "%s", what);
}

static int quantity(reader *r, const xmlNode *n, const char *name, platform_unit_kind kind, double *out) {
  char *text;
  if (need(r, n, name, &text))
    return r->err ? r->err->code : GN_EINPUT;
  int bad = platform_parse_quantity(text, kind, out);
  char *id = bad ? attr(n, "id") : NULL;
  int rc = bad ? fail(r, n, "<%s id=\"%s\">: %s='%s' is not a SimGrid quantity (such as %s)", (const char *)n->name,
                      id ? id : "", name, text,
                      kind == PLATFORM_SPEED ? "1.5Gf" : kind == PLATFORM_BANDWIDTH ? "125MBps" : "50us")
               : GN_OK;
  xmlFree(id);
  xmlFree(text);
  return rc;
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
  *z = (platform_zone){strdup(id), strdup(routing ? routing : "?"), parent, (int)xmlGetLineNo(n), is_cluster, 0, 0};
  if (parent >= 0)
    p->zones[parent].n_children++;
  return p->n_zones++;
}

static platform_host *add_host(reader *r, const xmlNode *n, const char *id, int zone) {
  platform_desc *p = r->p;
  if (xmlHashLookup(r->hosts, (const xmlChar *)id)) {
    fail(r, n, "host '%s' is declared twice", id);
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
  xmlHashAddEntry(r->hosts, (const xmlChar *)h->id, h);
  p->zones[zone].n_hosts++;
  return h;
}

static int parse_number(const char *v, double *out) {
  char *end;
  errno = 0;
  *out = strtod(v, &end);
  return end != v && *end == '\0' && errno == 0 && *out >= 0 ? 0 : -1;
}

/* The <prop> children of n that gridnoc reads, checked (an unknown value names the property and the host). */
static int host_props(reader *r, const xmlNode *n, platform_host *h) {
  for (const xmlNode *c = n->children; c; c = c->next) {
    if (c->type != XML_ELEMENT_NODE || !is(c, "prop"))
      continue;
    char *id, *value;
    if (need(r, c, "id", &id))
      return GN_EINPUT;
    if (need(r, c, "value", &value)) {
      xmlFree(id);
      return GN_EINPUT;
    }
    double v;
    int rc = GN_OK;
    if (strcmp(id, "mem") == 0 || strcmp(id, "io") == 0) {
      if (parse_number(value, &v) != 0)
        rc = fail(r, c, "host '%s': property %s='%s' is not a non-negative number (mem in MB, io in MB/s)",
                  h->id, id, value);
      else if (id[0] == 'm')
        h->mem_mb = v;
      else
        h->io_mbps = v;
    } else if (strcmp(id, "x") == 0 || strcmp(id, "y") == 0) {
      if (parse_number(value, &v) != 0 || v > 1e6 || v != (int)v) /* range first: the cast needs it */
        rc = fail(r, c, "host '%s': property %s='%s' is not a mesh coordinate (an integer >= 0)", h->id, id,
                  value);
      else if (id[0] == 'x')
        h->x = (int)v;
      else
        h->y = (int)v;
    } else if (strcmp(id, "gridnoc.cluster") == 0) {
      if (!*value)
        rc = fail(r, c, "host '%s': property gridnoc.cluster is empty (name the cluster)", h->id);
      else {
        free(h->cluster);
        h->cluster = strdup(value);
      }
    } else if (strcmp(id, "gridnoc.role") == 0) {
      if (strcmp(value, "grid_master") && strcmp(value, "cluster_master") && strcmp(value, "injector"))
        rc = fail(r, c, "host '%s': property gridnoc.role='%s' is unknown (grid_master, cluster_master or injector)",
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
  char *core = attr(n, "core");
  if (!core)
    return GN_OK;
  double v;
  /* The range is checked before the cast to int, which is undefined out of range. */
  int rc = parse_number(core, &v) != 0 || v < 1 || v > 1e6 || v != (int)v
               ? fail(r, n, "core='%s' is not a positive integer", core)
               : GN_OK;
  if (rc == GN_OK)
    *cores = (int)v;
  xmlFree(core);
  return rc;
}

static int read_host(reader *r, const xmlNode *n, int zone) {
  char *id;
  if (need(r, n, "id", &id))
    return GN_EINPUT;
  if (zone < 0) {
    int rc = fail(r, n, "<host id=\"%s\"> is in no zone (put it inside a <zone>)", id);
    xmlFree(id);
    return rc;
  }
  platform_host *h = add_host(r, n, id, zone);
  xmlFree(id);
  if (!h)
    return r->err ? r->err->code : GN_EINPUT;
  if (quantity(r, n, "speed", PLATFORM_SPEED, &h->speed_flops) || read_cores(r, n, &h->cores))
    return GN_EINPUT;
  return host_props(r, n, h);
}

/* A <cluster>: a zone of its own whose hosts are prefix + each number of the radical ("0-15", "0-3,8") +
 * suffix, all with the cluster's speed, cores and properties. */
static int read_cluster(reader *r, const xmlNode *n, int zone) {
  char *id = NULL, *prefix = NULL, *suffix = NULL, *radical = NULL;
  double speed, bw, lat;
  int cores = 1, rc = GN_EINPUT;
  if (zone < 0) {
    fail(r, n, "<cluster> is in no zone (put it inside a <zone>)");
    return GN_EINPUT;
  }
  if (need(r, n, "id", &id) || need(r, n, "prefix", &prefix) || need(r, n, "suffix", &suffix) ||
      need(r, n, "radical", &radical) || quantity(r, n, "speed", PLATFORM_SPEED, &speed) ||
      quantity(r, n, "bw", PLATFORM_BANDWIDTH, &bw) || quantity(r, n, "lat", PLATFORM_TIME, &lat) ||
      read_cores(r, n, &cores))
    goto out;
  char *topology = attr(n, "topology");
  int cz = add_zone(r, n, zone, id, topology ? topology : "Cluster", 1);
  xmlFree(topology);
  if (cz < 0) {
    rc = gn_error_set(r->err, GN_ENOMEM, NULL, 0, "out of memory reading %s", r->p->path);
    goto out;
  }
  r->has_cluster = 1;
  for (char *item = radical; *item;) {
    char *end;
    long lo = strtol(item, &end, 10), hi = lo;
    if (end == item || lo < 0)
      break;
    if (*end == '-')
      hi = strtol(end + 1, &end, 10);
    if ((*end != ',' && *end != '\0') || hi < lo || hi - lo > 1000000)
      break;
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
  if (r->p->zones[cz].n_hosts == 0 || strspn(radical, "0123456789-,") != strlen(radical)) {
    fail(r, n, "radical='%s' is not a list of numbers and ranges (such as 0-15 or 0-3,8)", radical);
    goto out;
  }
  rc = GN_OK;
out:
  xmlFree(id);
  xmlFree(prefix);
  xmlFree(suffix);
  xmlFree(radical);
  return rc;
}

static int read_link(reader *r, const xmlNode *n) {
  char *id;
  double bw;
  if (need(r, n, "id", &id))
    return GN_EINPUT;
  int rc = quantity(r, n, "bandwidth", PLATFORM_BANDWIDTH, &bw);
  if (rc == GN_OK) {
    char *sharing = attr(n, "sharing_policy");
    xmlHashAddEntry(r->links, (const xmlChar *)id, r);
    if (sharing && strcmp(sharing, "SPLITDUPLEX") == 0) {
      char name[512];
      snprintf(name, sizeof name, "%s_UP", id);
      xmlHashAddEntry(r->links, (const xmlChar *)name, r);
      snprintf(name, sizeof name, "%s_DOWN", id);
      xmlHashAddEntry(r->links, (const xmlChar *)name, r);
    }
    xmlFree(sharing);
    r->p->n_links++;
  }
  xmlFree(id);
  return rc;
}

/* A reference to a link (link_ctn id, host_link up/down) must name a declared link. */
static int check_link_ref(reader *r, const xmlNode *n, const char *name) {
  char *id;
  if (need(r, n, name, &id))
    return GN_EINPUT;
  int rc = GN_OK;
  if (!r->has_cluster && !xmlHashLookup(r->links, (const xmlChar *)id))
    rc = fail(r, n, "link '%s' is not declared (a <link> must come before the routes that use it)", id);
  xmlFree(id);
  return rc;
}

static int walk(reader *r, const xmlNode *first, int zone);

static int read_element(reader *r, const xmlNode *n, int zone) {
  if (is(n, "zone") || is(n, "AS")) {
    char *id, *routing;
    if (need(r, n, "id", &id))
      return GN_EINPUT;
    if (need(r, n, "routing", &routing)) {
      xmlFree(id);
      return GN_EINPUT;
    }
    int z = add_zone(r, n, zone, id, routing, 0);
    xmlFree(id);
    xmlFree(routing);
    if (z < 0)
      return gn_error_set(r->err, GN_ENOMEM, NULL, 0, "out of memory reading %s", r->p->path);
    return walk(r, n->children, z);
  }
  if (is(n, "host"))
    return read_host(r, n, zone);
  if (is(n, "cluster"))
    return read_cluster(r, n, zone);
  if (is(n, "link") || is(n, "backbone"))
    return read_link(r, n);
  if (is(n, "route") || is(n, "zoneRoute") || is(n, "ASroute") || is(n, "bypassRoute")) {
    r->p->n_routes++;
    return walk(r, n->children, zone);
  }
  if (is(n, "link_ctn"))
    return check_link_ref(r, n, "id");
  if (is(n, "host_link"))
    return check_link_ref(r, n, "up") || check_link_ref(r, n, "down") ? GN_EINPUT : GN_OK;
  if (is(n, "trace_connect"))
    r->p->n_traces++;
  return GN_OK;
}

static int walk(reader *r, const xmlNode *first, int zone) {
  for (const xmlNode *n = first; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE && read_element(r, n, zone))
      return r->err ? r->err->code : GN_EINPUT;
  return GN_OK;
}

int platform_read(const char *path, platform_desc *out, gn_error *err) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "r");
  if (!f)
    return gn_error_set(err, GN_EINPUT, path, 0, "cannot read the platform: %s", strerror(errno));
  fclose(f);
  xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (!doc) {
    const xmlError *e = xmlGetLastError();
    char msg[256] = "not well-formed XML";
    if (e && e->message) {
      snprintf(msg, sizeof msg, "%s", e->message);
      msg[strcspn(msg, "\n")] = '\0';
    }
    return gn_error_set(err, GN_EINPUT, path, e ? e->line : 0, "not a platform file: %s", msg);
  }
  out->path = strdup(path);
  reader r = {out, err, xmlHashCreate(256), xmlHashCreate(256), 0, 0, 0};
  const xmlNode *root = xmlDocGetRootElement(doc);
  int rc;
  if (!root || !is(root, "platform"))
    rc = gn_error_set(err, GN_EINPUT, path, root ? (int)xmlGetLineNo(root) : 0,
                      "the root element is <%s>, a SimGrid platform file starts with <platform version=\"4.1\">",
                      root ? (const char *)root->name : "");
  else
    rc = walk(&r, root->children, -1);
  if (rc == GN_OK && out->n_hosts == 0)
    rc = gn_error_set(err, GN_EINPUT, path, (int)xmlGetLineNo(root), "the platform declares no host");
  xmlHashFree(r.links, NULL);
  xmlHashFree(r.hosts, NULL);
  xmlFreeDoc(doc);
  if (rc)
    platform_free(out);
  return rc;
}

int platform_find_host(const platform_desc *p, const char *id) {
  for (int i = 0; i < p->n_hosts; i++)
    if (strcmp(p->hosts[i].id, id) == 0)
      return i;
  return -1;
}

void platform_free(platform_desc *p) {
  for (int i = 0; i < p->n_zones; i++) {
    free(p->zones[i].id);
    free(p->zones[i].routing);
  }
  for (int i = 0; i < p->n_hosts; i++) {
    free(p->hosts[i].id);
    free(p->hosts[i].cluster);
    free(p->hosts[i].role);
  }
  free(p->zones);
  free(p->hosts);
  free(p->path);
  memset(p, 0, sizeof *p);
}
