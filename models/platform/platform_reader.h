/* platform_reader: the platform reader's state (`reader`) and its helpers (platform_reader.c), shared by the
 * driver that walks the file (platform_read.c) and the passes it calls (platform_order.h, platform_traces.h); the
 * passes depend on the reader, never on the driver; and the one parse of a platform file with libxml2, which the
 * other readers of the file (platform_prepare.c, platform_noc_routes.c) use too. Not part of the public
 * interface. */
#ifndef PLATFORM_READER_H
#define PLATFORM_READER_H

#include "platform_desc.h"

#include <libxml/hash.h>
#include <libxml/tree.h>
#include <stddef.h>

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

/* A <zoneRoute>'s gateway (gw_src or gw_dst) and the line naming it. */
typedef struct pending_gateway {
  char *name;
  int line;
} pending_gateway;

typedef struct reader {
  platform_desc *p;
  gn_error *err;
  xmlHashTablePtr links;  /* link names -> 1 + 3 * index + direction (with _UP/_DOWN for SPLITDUPLEX links) */
  xmlHashTablePtr hosts;  /* host names -> 1 + index */
  xmlHashTablePtr routers; /* <router> ids and <cluster> routers -> 1: the other names a <route> may end at */
  xmlHashTablePtr traces; /* <trace> ids -> 1 + profile index */
  xmlHashTablePtr route_keys; /* "zone\x1fsrc\x1fdst" -> line of the route that gave it (platform_order.c) */
  int has_cluster;        /* <cluster> elements name their links themselves: references to them are not checked */
  int zone_cap, host_cap, link_cap, route_cap, route_end_cap, profile_cap, use_cap, connect_cap;
  pending_connect *connects;
  int n_connects;
  pending_route *route_ends; /* parallel to p->routes until resolve() drops routes that are not host to host */
  int n_route_ends;
  pending_gateway *gateways; /* zoneRoute gw_src / gw_dst, checked to be hosts or routers after the walk */
  int n_gateways, gateway_cap;
  int route;                 /* index of the <route> being read (its <link_ctn> children add hops), or -1 */
  int route_resolved;        /* 0 once a hop names a link gridnoc does not know (a <cluster>'s own links) */
} reader;

/* Grow *array (of *cap elements of size elem) so that it holds n + 1; 0 or -1 when out of memory. */
int reader_grow(void *array, int *cap, int n, size_t elem);

/* An attribute as a malloc'ed C string (libxml2 allocates with malloc by default), or NULL. */
char *reader_attr(const xmlNode *n, const char *name);

/* A GN_EINPUT error at n's line of the platform file (fmt: the message); returns its code. */
int reader_fail(reader *r, const xmlNode *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Fetch a required attribute of element n (the error names the element, its id and what is missing). */
int reader_need(reader *r, const xmlNode *n, const char *name, char **out);

/* GN_ENOMEM, naming the platform file being read. */
int reader_oom(reader *r);

/* Parse the platform file path with libxml2 (read whole with gn_file's input checks and PLATFORM_FILE_MAX): the
 * document (an xmlDocPtr, freed with xmlFreeDoc), or NULL with GN_EINPUT "path:line: ..." in one line; libxml2
 * itself prints nothing. Every reader of a platform file goes through it. */
struct _xmlDoc *platform_xml_read(const char *path, gn_error *err);

#endif
