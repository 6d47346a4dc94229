/* platform_read: walk a SimGrid platform file with libxml2, collect zones and hosts, check what SimGrid would
 * abort on (missing attributes, hosts outside zones, unknown links, bad quantities) and gridnoc's properties. */
#include "platform_read.h"

#include "platform_units.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A <trace_connect> whose element is looked up once the whole file is read (it may come later). */
typedef struct pending_connect {
  char *element;
  platform_trace_kind kind;
  int link_kind; /* 1: the kind needs a link (LINK_AVAIL, BANDWIDTH, LATENCY), 0: a host */
  const char *kind_name;
  int profile, line;
} pending_connect;

/* A <route>'s ends, checked to be hosts once the whole file is read; route index into p->routes. */
typedef struct pending_route {
  char *src, *dst;
} pending_route;

typedef struct reader {
  platform_desc *p;
  gn_error *err;
  xmlHashTablePtr links;  /* link names -> 1 + 3 * index + direction (with _UP/_DOWN for SPLITDUPLEX links) */
  xmlHashTablePtr hosts;  /* host names -> 1 + index */
  xmlHashTablePtr traces; /* <trace> ids -> 1 + profile index */
  int has_cluster;        /* <cluster> elements name their links themselves: references to them are not checked */
  int zone_cap, host_cap, link_cap, route_cap, route_end_cap, profile_cap, use_cap, connect_cap;
  pending_connect *connects;
  int n_connects;
  pending_route *route_ends; /* parallel to p->routes until resolve() drops routes that are not host to host */
  int n_route_ends;
  int route;                 /* index of the <route> being read (its <link_ctn> children add hops), or -1 */
  int route_resolved;        /* 0 once a hop names a link gridnoc does not know (a <cluster>'s own links) */
} reader;

/* Grow *array (of *cap elements of size elem) so that it holds n + 1; 0 or -1 when out of memory. */
static int grow(void *array, int *cap, int n, size_t elem) {
  if (n < *cap)
    return 0;
  int new_cap = *cap ? 2 * *cap : 16;
  void *a = realloc(*(void **)array, (size_t)new_cap * elem);
  if (!a)
    return -1;
  *(void **)array = a;
  *cap = new_cap;
  return 0;
}

static int walk(reader *r, const xmlNode *first, int zone);

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

/* An optional quantity: *out keeps its default when the attribute is absent or empty. */
static int optional_quantity(reader *r, const xmlNode *n, const char *name, platform_unit_kind kind, double *out) {
  char *text = attr(n, name);
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

static int oom(reader *r) { return gn_error_set(r->err, GN_ENOMEM, NULL, 0, "out of memory reading %s", r->p->path); }

/* Profile files are read whole; the cap keeps a mistaken name (a device, a huge log) from eating memory. */
#define PROFILE_FILE_MAX_BYTES (64L * 1024 * 1024)

/* Why a profile file cannot be read when errno has no word for it. */
enum { NOT_REGULAR = -1, TOO_LARGE = -2 };

/* Read a regular file into a malloc'ed string; 0, an errno value, or NOT_REGULAR / TOO_LARGE. */
static int slurp(const char *path, char **text) {
  struct stat st;
  if (stat(path, &st) != 0)
    return errno;
  if (!S_ISREG(st.st_mode))
    return S_ISDIR(st.st_mode) ? EISDIR : NOT_REGULAR;
  if (st.st_size > PROFILE_FILE_MAX_BYTES)
    return TOO_LARGE;
  FILE *f = fopen(path, "rb");
  if (!f)
    return errno;
  char *buf = malloc((size_t)st.st_size + 1);
  size_t len = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
  int bad = !buf ? ENOMEM : ferror(f) ? EIO : 0;
  fclose(f);
  if (bad) {
    free(buf);
    return bad;
  }
  buf[len] = '\0';
  *text = buf;
  return 0;
}

/* A profile file named in the platform: looked up in the platform file's directory, then in the current
 * directory (as a user running from their own directory expects); *source is its absolute path. */
static int read_profile_file(reader *r, const xmlNode *n, const char *owner, const char *attr_name, const char *file,
                             char **text, char **source) {
  char path[PATH_MAX];
  int e;
  if (file[0] == '/') {
    snprintf(path, sizeof path, "%s", file);
    e = slurp(path, text);
  } else {
    const char *slash = strrchr(r->p->path, '/');
    snprintf(path, sizeof path, "%.*s/%s", slash ? (int)(slash - r->p->path) : 1, slash ? r->p->path : ".", file);
    e = slurp(path, text);
    if (e == ENOENT && slurp(file, text) == 0) {
      snprintf(path, sizeof path, "%s", file);
      e = 0;
    }
  }
  if (e)
    return fail(r, n, "%s: %s '%s' cannot be read: %s", owner, attr_name, file,
                e == NOT_REGULAR ? "not a regular file" : e == TOO_LARGE ? "larger than 64 MB" : strerror(e));
  char abs[PATH_MAX];
  *source = strdup(realpath(path, abs) ? abs : path);
  return *source ? GN_OK : oom(r);
}

/* Append a profile; its index, or -1 (out of memory, err set). Takes text and source. */
static int add_profile(reader *r, const char *id, char *text, char *source, double periodicity, int line) {
  platform_desc *p = r->p;
  char *id_copy = strdup(id);
  if (!id_copy || grow(&p->profiles, &r->profile_cap, p->n_profiles, sizeof *p->profiles)) {
    free(id_copy);
    free(text);
    free(source);
    oom(r);
    return -1;
  }
  p->profiles[p->n_profiles] = (platform_profile){id_copy, text, source, periodicity, line};
  return p->n_profiles++;
}

static int add_use(reader *r, platform_trace_kind kind, int host, int link, int profile, int line) {
  platform_desc *p = r->p;
  if (grow(&p->uses, &r->use_cap, p->n_uses, sizeof *p->uses))
    return oom(r);
  p->uses[p->n_uses++] = (platform_trace_use){kind, host, link, profile, line};
  p->n_traces = p->n_uses;
  return GN_OK;
}

/* The profile attributes of a host, cluster or link element: each names a file, read now; a cluster's applies
 * to each of its hosts (first_host .. p->n_hosts - 1). */
typedef struct profile_attr {
  const char *name;
  platform_trace_kind kind;
} profile_attr;

static const profile_attr host_profile_attrs[] = {{"state_file", PLATFORM_TRACE_STATE},
                                                  {"speed_file", PLATFORM_TRACE_SPEED},
                                                  {"availability_file", PLATFORM_TRACE_SPEED}, /* old name */
                                                  {NULL, 0}};
static const profile_attr link_profile_attrs[] = {{"state_file", PLATFORM_TRACE_STATE},
                                                  {"bandwidth_file", PLATFORM_TRACE_BANDWIDTH},
                                                  {"latency_file", PLATFORM_TRACE_LATENCY},
                                                  {NULL, 0}};

static int read_profile_attrs(reader *r, const xmlNode *n, const char *what, const char *id, int first_host,
                              int link) {
  const profile_attr *attrs = link >= 0 ? link_profile_attrs : host_profile_attrs;
  for (const profile_attr *a = attrs; a->name; a++) {
    char *file = attr(n, a->name);
    if (!file || !*file) {
      xmlFree(file);
      continue;
    }
    char owner[300], pid[300];
    snprintf(owner, sizeof owner, "%s '%s'", what, id);
    snprintf(pid, sizeof pid, "%s:%s", id, a->name);
    char *text = NULL, *source = NULL;
    int rc = read_profile_file(r, n, owner, a->name, file, &text, &source);
    xmlFree(file);
    if (rc)
      return rc;
    int line = (int)xmlGetLineNo(n);
    int prof = add_profile(r, pid, text, source, -1, line);
    if (prof < 0)
      return GN_ENOMEM;
    if (link >= 0)
      rc = add_use(r, a->kind, -1, link, prof, line);
    for (int h = first_host; link < 0 && rc == GN_OK && h < r->p->n_hosts; h++)
      rc = add_use(r, a->kind, h, -1, prof, line);
    if (rc)
      return rc;
  }
  return GN_OK;
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
  xmlHashAddEntry(r->hosts, (const xmlChar *)h->id, (void *)(intptr_t)p->n_hosts); /* 1 + index */
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
      if (strcmp(value, "grid_master") && strcmp(value, "cluster_master") && strcmp(value, "injector") &&
          strcmp(value, "supervisor"))
        rc = fail(r, c,
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
  if (quantity(r, n, "speed", PLATFORM_SPEED, &h->speed_flops) || read_cores(r, n, &h->cores) ||
      host_props(r, n, h))
    return GN_EINPUT;
  return read_profile_attrs(r, n, "host", h->id, (int)(h - r->p->hosts), -1);
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
  double bb_bw = 0, bb_lat = 0;
  if (optional_quantity(r, n, "bb_bw", PLATFORM_BANDWIDTH, &bb_bw) ||
      optional_quantity(r, n, "bb_lat", PLATFORM_TIME, &bb_lat))
    goto out;
  char *topology = attr(n, "topology");
  int cz = add_zone(r, n, zone, id, topology ? topology : "Cluster", 1);
  if (cz < 0) {
    xmlFree(topology);
    rc = oom(r);
    goto out;
  }
  platform_zone *z = &r->p->zones[cz];
  z->host_bw_Bps = bw;
  z->host_lat_s = lat;
  z->bb_bw_Bps = bb_bw;
  z->bb_lat_s = bb_lat;
  z->topology = topology ? strdup(topology) : NULL;
  z->topo_parameters = attr(n, "topo_parameters");
  xmlFree(topology);
  r->has_cluster = 1;
  int first_host = r->p->n_hosts;
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
  rc = read_profile_attrs(r, n, "cluster", id, first_host, -1);
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
  if (need(r, n, "id", &id))
    return GN_EINPUT;
  int rc = xmlHashLookup(r->links, (const xmlChar *)id) ? fail(r, n, "link '%s' is declared twice", id)
                                                       : quantity(r, n, "bandwidth", PLATFORM_BANDWIDTH, &bw);
  /* SimGrid 3.32's DTD gives latency a default of 0, but its parser aborts ("cannot parse number") without one. */
  if (rc == GN_OK)
    rc = quantity(r, n, "latency", PLATFORM_TIME, &lat);
  platform_desc *p = r->p;
  if (rc == GN_OK && grow(&p->links, &r->link_cap, p->n_links, sizeof *p->links))
    rc = oom(r);
  if (rc == GN_OK) {
    char *sharing = attr(n, "sharing_policy");
    int split = sharing && strcmp(sharing, "SPLITDUPLEX") == 0;
    xmlFree(sharing);
    int index = p->n_links++;
    p->links[index] = (platform_link){strdup(id), bw, lat, split, (int)xmlGetLineNo(n)};
    name_link(r, id, "", index, 0);
    if (split) {
      name_link(r, id, "_UP", index, 1);
      name_link(r, id, "_DOWN", index, 2);
    }
    rc = read_profile_attrs(r, n, "link", id, 0, index);
  }
  xmlFree(id);
  return rc;
}

/* A reference to a link (link_ctn id, host_link up/down) must name a declared link. On a <link_ctn> inside a
 * <route> the link becomes a hop of that route (direction from the _UP/_DOWN name or the direction attribute). */
static int check_link_ref(reader *r, const xmlNode *n, const char *name) {
  char *id;
  if (need(r, n, name, &id))
    return GN_EINPUT;
  int rc = GN_OK;
  intptr_t v = (intptr_t)xmlHashLookup(r->links, (const xmlChar *)id);
  if (!r->has_cluster && !v)
    rc = fail(r, n, "link '%s' is not declared (a <link> must come before the routes that use it)", id);
  xmlFree(id);
  if (rc || r->route < 0 || !is(n, "link_ctn"))
    return rc;
  if (!v) {
    r->route_resolved = 0;
    return GN_OK;
  }
  int link = (int)((v - 1) / 3), dir = (int)((v - 1) % 3);
  char *direction = attr(n, "direction");
  if (direction && r->p->links[link].splitduplex && dir == 0)
    dir = strcmp(direction, "UP") == 0 ? 1 : strcmp(direction, "DOWN") == 0 ? 2 : 0;
  xmlFree(direction);
  platform_route *route = &r->p->routes[r->route];
  platform_hop *hops = realloc(route->hops, (size_t)(route->n_hops + 1) * sizeof *hops);
  if (!hops)
    return oom(r);
  route->hops = hops;
  hops[route->n_hops++] = (platform_hop){link, dir};
  return GN_OK;
}

/* A <route>: its hops are collected while its children are walked; whether its ends are hosts is decided
 * after the walk (pending_route). Routes through a <cluster>'s own links are not listed. */
static int read_route(reader *r, const xmlNode *n, int zone) {
  platform_desc *p = r->p;
  char *src, *dst;
  if (need(r, n, "src", &src))
    return GN_EINPUT;
  if (need(r, n, "dst", &dst)) {
    xmlFree(src);
    return GN_EINPUT;
  }
  if (grow(&p->routes, &r->route_cap, p->n_routes, sizeof *p->routes) ||
      grow(&r->route_ends, &r->route_end_cap, p->n_routes, sizeof *r->route_ends)) {
    xmlFree(src);
    xmlFree(dst);
    return oom(r);
  }
  char *sym = attr(n, "symmetrical");
  int symmetrical = !sym || (strcmp(sym, "NO") && strcmp(sym, "no"));
  xmlFree(sym);
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

/* <trace id periodicity [file]>text</trace>: a profile, inline or in a file. */
static int read_trace(reader *r, const xmlNode *n) {
  char *id, *period, *file = NULL, *text = NULL, *source = NULL;
  if (need(r, n, "id", &id))
    return GN_EINPUT;
  if (need(r, n, "periodicity", &period)) {
    xmlFree(id);
    return GN_EINPUT;
  }
  double periodicity;
  char *end;
  errno = 0;
  periodicity = strtod(period, &end);
  int rc = GN_OK;
  if (end == period || *end || errno)
    rc = fail(r, n, "trace '%s': periodicity='%s' is not a number (-1: no repetition)", id, period);
  else if (xmlHashLookup(r->traces, (const xmlChar *)id))
    rc = fail(r, n, "trace '%s' is declared twice", id);
  if (rc == GN_OK) {
    file = attr(n, "file");
    char owner[300];
    snprintf(owner, sizeof owner, "trace '%s'", id);
    if (file && *file)
      rc = read_profile_file(r, n, owner, "file", file, &text, &source);
    else {
      text = (char *)xmlNodeGetContent(n);
      if (!text || strspn(text, " \t\r\n") == strlen(text))
        rc = fail(r, n, "trace '%s' has neither a file attribute nor any text", id);
    }
  }
  if (rc == GN_OK) {
    int prof = add_profile(r, id, text, source, periodicity, (int)xmlGetLineNo(n));
    text = source = NULL;
    if (prof < 0)
      rc = GN_ENOMEM;
    else
      xmlHashAddEntry(r->traces, (const xmlChar *)r->p->profiles[prof].id, (void *)(intptr_t)(prof + 1));
  }
  free(text);
  free(source);
  xmlFree(file);
  xmlFree(period);
  xmlFree(id);
  return rc;
}

static const struct {
  const char *name;
  platform_trace_kind kind;
  int link_kind;
} connect_kinds[] = {{"HOST_AVAIL", PLATFORM_TRACE_STATE, 0},
                     {"SPEED", PLATFORM_TRACE_SPEED, 0},
                     {"LINK_AVAIL", PLATFORM_TRACE_STATE, 1},
                     {"BANDWIDTH", PLATFORM_TRACE_BANDWIDTH, 1},
                     {"LATENCY", PLATFORM_TRACE_LATENCY, 1}};

/* <trace_connect kind trace element>: the trace must already be declared (SimGrid aborts otherwise); the
 * element may come later, so it is resolved after the walk. */
static int read_trace_connect(reader *r, const xmlNode *n) {
  char *kind = attr(n, "kind"), *trace = NULL, *element = NULL;
  int rc = GN_OK, k = kind ? -1 : 0; /* SimGrid's default kind is HOST_AVAIL */
  for (int i = 0; kind && i < (int)(sizeof connect_kinds / sizeof *connect_kinds); i++)
    if (strcmp(kind, connect_kinds[i].name) == 0)
      k = i;
  if (k < 0)
    rc = fail(r, n, "<trace_connect> kind='%s' is unknown (HOST_AVAIL, SPEED, LINK_AVAIL, BANDWIDTH or LATENCY)",
              kind);
  else if (need(r, n, "trace", &trace) || need(r, n, "element", &element))
    rc = GN_EINPUT;
  intptr_t prof = rc ? 0 : (intptr_t)xmlHashLookup(r->traces, (const xmlChar *)trace);
  if (rc == GN_OK && !prof)
    rc = fail(r, n, "<trace_connect> trace '%s' is not declared (a <trace> must come before the <trace_connect> "
                    "that uses it)", trace);
  if (rc == GN_OK && grow(&r->connects, &r->connect_cap, r->n_connects, sizeof *r->connects))
    rc = oom(r);
  if (rc == GN_OK) {
    r->connects[r->n_connects++] =
        (pending_connect){strdup(element), connect_kinds[k].kind, connect_kinds[k].link_kind, connect_kinds[k].name,
                          (int)prof - 1, (int)xmlGetLineNo(n)};
  }
  xmlFree(kind);
  xmlFree(trace);
  xmlFree(element);
  return rc;
}

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
  if (is(n, "route"))
    return read_route(r, n, zone);
  if (is(n, "zoneRoute") || is(n, "ASroute") || is(n, "bypassRoute"))
    return walk(r, n->children, zone);
  if (is(n, "link_ctn"))
    return check_link_ref(r, n, "id");
  if (is(n, "host_link"))
    return check_link_ref(r, n, "up") || check_link_ref(r, n, "down") ? GN_EINPUT : GN_OK;
  if (is(n, "trace"))
    return read_trace(r, n);
  if (is(n, "trace_connect"))
    return read_trace_connect(r, n);
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
    if (route.src == -2 || !src || !dst) {
      free(route.hops);
      continue;
    }
    route.src = (int)src - 1;
    route.dst = (int)dst - 1;
    p->routes[kept++] = route;
  }
  p->n_routes = kept;
  for (int i = 0; i < r->n_connects; i++) {
    const pending_connect *c = &r->connects[i];
    if (!c->element)
      return oom(r);
    /* SimGrid 3.32 keeps one element per trace and kind, silently dropping the others. */
    for (int j = 0; j < i; j++)
      if (r->connects[j].profile == c->profile && strcmp(r->connects[j].kind_name, c->kind_name) == 0)
        return gn_error_set(r->err, GN_EINPUT, p->path, c->line,
                            "<trace_connect> trace '%s' is already connected with kind=\"%s\" (line %d): SimGrid "
                            "connects a trace to one element per kind, declare one <trace> per element",
                            p->profiles[c->profile].id, c->kind_name, r->connects[j].line);
    intptr_t host = (intptr_t)xmlHashLookup(r->hosts, (const xmlChar *)c->element);
    intptr_t link = (intptr_t)xmlHashLookup(r->links, (const xmlChar *)c->element);
    int link_index = link && (link - 1) % 3 == 0 ? (int)((link - 1) / 3) : -1;
    if (c->link_kind && link_index < 0 && host)
      return gn_error_set(r->err, GN_EINPUT, p->path, c->line,
                          "<trace_connect> kind=\"%s\" needs a link, but '%s' is a host", c->kind_name, c->element);
    if (!c->link_kind && !host && link_index >= 0)
      return gn_error_set(r->err, GN_EINPUT, p->path, c->line,
                          "<trace_connect> kind=\"%s\" needs a host, but '%s' is a link", c->kind_name, c->element);
    if (c->link_kind && link_index < 0 && r->has_cluster)
      continue; /* maybe a <cluster>'s own link, which gridnoc does not list */
    if ((c->link_kind && link_index < 0) || (!c->link_kind && !host))
      return gn_error_set(r->err, GN_EINPUT, p->path, c->line, "<trace_connect> element '%s' is not a %s of the platform",
                          c->element, c->link_kind ? "link" : "host");
    if (add_use(r, c->kind, c->link_kind ? -1 : (int)host - 1, c->link_kind ? link_index : -1, c->profile, c->line))
      return GN_ENOMEM;
  }
  return GN_OK;
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
  xmlHashFree(r->links, NULL);
  xmlHashFree(r->hosts, NULL);
  xmlHashFree(r->traces, NULL);
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
  reader r = {.p = out, .err = err, .links = xmlHashCreate(256), .hosts = xmlHashCreate(256),
              .traces = xmlHashCreate(16), .route = -1};
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
  if (rc == GN_OK)
    rc = resolve(&r);
  reader_free(&r);
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

int platform_find_link(const platform_desc *p, const char *id) {
  for (int i = 0; i < p->n_links; i++)
    if (strcmp(p->links[i].id, id) == 0)
      return i;
  return -1;
}

void platform_free(platform_desc *p) {
  for (int i = 0; i < p->n_zones; i++) {
    free(p->zones[i].id);
    free(p->zones[i].routing);
    free(p->zones[i].topology);
    xmlFree(p->zones[i].topo_parameters);
  }
  for (int i = 0; i < p->n_links; i++)
    free(p->links[i].id);
  for (int i = 0; i < p->n_routes; i++)
    free(p->routes[i].hops);
  for (int i = 0; i < p->n_profiles; i++) {
    free(p->profiles[i].id);
    xmlFree(p->profiles[i].text);
    free(p->profiles[i].source);
  }
  free(p->links);
  free(p->routes);
  free(p->profiles);
  free(p->uses);
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
