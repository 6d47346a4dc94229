/* sdf3_priv: an SDF3 graph as read (actors, ports, channels, repetition vector), shared by the reader of its XML
 * (sdf3_xml.c), its analysis (sdf3_analysis.c: balance equations, liveness, the DAG) and the entry (sdf3.c). */
#ifndef SDF3_PRIV_H
#define SDF3_PRIV_H

#include "sdf3.h"

#include <libxml/tree.h>
#include <stdint.h>

typedef struct {
  char *name;
  char *type; /* "in" or "out" */
  int64_t rate;
} sdf_port;

typedef struct {
  char *name;
  long line;
  sdf_port *port;
  int n_ports;
  double exec_time; /* < 0 until an executionTime is found */
  int exec_is_default;
} sdf_actor;

typedef struct {
  const char *name;
  long line;
  int src, dst;
  int64_t prod, cons, tokens;
} sdf_channel;

typedef struct {
  const char *where;
  gn_error *err;
  sdf_actor *actor;
  int n_actors;
  sdf_channel *channel;
  int n_channels;
  int64_t *q; /* repetition vector */
} sdf_graph;


/* sdf3_xml.c: the graph's structure from the document's root (GN_EINPUT "where:line: ..." on a bad element),
 * the errors of both passes, and the graph's release. */
int sdf3_read_structure(sdf_graph *s, const xmlNode *root);
int sdf3_fail(sdf_graph *s, long line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int sdf3_oom(sdf_graph *s);
/* The first child element of parent named name, or NULL (parent may be NULL). */
const xmlNode *sdf3_child(const xmlNode *parent, const char *name);
void sdf3_free_graph(sdf_graph *s);

/* sdf3_analysis.c: the repetition vector (balance equations, consistency), then liveness and the DAG of one
 * iteration. */
int sdf3_repetition_vector(sdf_graph *s);
int sdf3_build_dag(sdf_graph *s, const sdf3_options *opt, const char *graph_name, taskgraph **out);

#endif
