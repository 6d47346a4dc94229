/* sdf3_xml: an SDF3 file's XML into actors, ports and channels (their rates, execution times, initial tokens),
 * each bad element a "file:line: ..." error. */
#include "sdf3_priv.h"

#include "gn_num.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sdf3_fail(sdf_graph *s, long line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  gn_error_vset(s->err, GN_EINPUT, s->where, line, fmt, ap);
  va_end(ap);
  return GN_EINPUT;
}

int sdf3_oom(sdf_graph *s) { return gn_error_set(s->err, GN_ENOMEM, s->where, 0, "out of memory"); }

static int is_element(const xmlNode *n, const char *name) {
  return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

const xmlNode *sdf3_child(const xmlNode *parent, const char *name) {
  for (const xmlNode *c = parent->children; c; c = c->next)
    if (is_element(c, name))
      return c;
  return NULL;
}

/* An attribute's value (xmlFree it), or an error naming the element and attribute. */
static char *attr(sdf_graph *s, const xmlNode *n, const char *name, int required) {
  char *v = (char *)xmlGetProp(n, (const xmlChar *)name);
  if (!v && required)
    sdf3_fail(s, xmlGetLineNo(n), "<%s> lacks the attribute '%s'", (const char *)n->name, name);
  return v;
}

/* A whole number in [min, INT64_MAX]; CSDF rate lists ("1,2") are refused by name. */
static int parse_int64(sdf_graph *s, const xmlNode *n, const char *what, const char *text, int64_t min,
                       int64_t *out) {
  long line = xmlGetLineNo(n);
  if (strchr(text, ','))
    return sdf3_fail(s, line, "%s '%s' is a cyclo-static (CSDF) phase list; only SDF is supported", what, text);
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (text[0] < '0' || text[0] > '9' || *end != '\0')
    return sdf3_fail(s, line, "%s '%s' is not a whole number", what, text);
  if (errno == ERANGE)
    return sdf3_fail(s, line, "%s '%s' is too large (64-bit integers)", what, text);
  if (v < min)
    return sdf3_fail(s, line, "%s %lld must be at least %lld", what, v, (long long)min);
  *out = (int64_t)v;
  return GN_OK;
}

static int find_actor(const sdf_graph *s, const char *name) {
  for (int a = 0; a < s->n_actors; a++)
    if (strcmp(s->actor[a].name, name) == 0)
      return a;
  return -1;
}

static const sdf_port *find_port(const sdf_actor *a, const char *name) {
  for (int p = 0; p < a->n_ports; p++)
    if (strcmp(a->port[p].name, name) == 0)
      return &a->port[p];
  return NULL;
}

static int read_actor(sdf_graph *s, const xmlNode *n) {
  char *name = attr(s, n, "name", 1);
  if (!name)
    return GN_EINPUT;
  if (find_actor(s, name) >= 0) {
    sdf3_fail(s, xmlGetLineNo(n), "actor '%s' is defined twice", name);
    xmlFree(name);
    return GN_EINPUT;
  }
  sdf_actor *a = &s->actor[s->n_actors++];
  a->name = name;
  a->line = xmlGetLineNo(n);
  a->exec_time = -1;
  for (const xmlNode *c = n->children; c; c = c->next)
    if (is_element(c, "port"))
      a->n_ports++;
  a->port = calloc((size_t)(a->n_ports ? a->n_ports : 1), sizeof *a->port);
  if (!a->port)
    return sdf3_oom(s);
  int k = 0;
  for (const xmlNode *c = n->children; c; c = c->next) {
    if (!is_element(c, "port"))
      continue;
    sdf_port *p = &a->port[k++];
    p->name = attr(s, c, "name", 1);
    p->type = p->name ? attr(s, c, "type", 1) : NULL;
    char *rate = p->type ? attr(s, c, "rate", 1) : NULL;
    if (!rate)
      return GN_EINPUT;
    int rc = parse_int64(s, c, "port rate", rate, 1, &p->rate);
    xmlFree(rate);
    if (rc)
      return rc;
    if (strcmp(p->type, "in") != 0 && strcmp(p->type, "out") != 0)
      return sdf3_fail(s, xmlGetLineNo(c), "port '%s' of actor '%s' has type '%s', expected in or out", p->name, name,
                  p->type);
    for (int j = 0; j < k - 1; j++)
      if (strcmp(a->port[j].name, p->name) == 0)
        return sdf3_fail(s, xmlGetLineNo(c), "actor '%s' has two ports named '%s'", name, p->name);
  }
  return GN_OK;
}

/* One endpoint of a channel: the actor and a port of the right direction. */
static int channel_end(sdf_graph *s, const xmlNode *n, const char *actor_attr, const char *port_attr,
                       const char *type, int *actor, int64_t *rate) {
  char *an = attr(s, n, actor_attr, 1);
  char *pn = an ? attr(s, n, port_attr, 1) : NULL;
  int rc = GN_OK;
  if (!pn)
    rc = GN_EINPUT;
  else if ((*actor = find_actor(s, an)) < 0)
    rc = sdf3_fail(s, xmlGetLineNo(n), "channel names unknown actor '%s' in %s", an, actor_attr);
  else {
    const sdf_port *p = find_port(&s->actor[*actor], pn);
    if (!p)
      rc = sdf3_fail(s, xmlGetLineNo(n), "actor '%s' has no port '%s' (%s)", an, pn, port_attr);
    else if (strcmp(p->type, type) != 0)
      rc = sdf3_fail(s, xmlGetLineNo(n), "%s '%s' of actor '%s' is an '%s' port, expected '%s'", port_attr, pn, an,
                p->type, type);
    else
      *rate = p->rate;
  }
  xmlFree(an);
  xmlFree(pn);
  return rc;
}

static int read_channel(sdf_graph *s, const xmlNode *n) {
  sdf_channel *c = &s->channel[s->n_channels];
  char *name = attr(s, n, "name", 1);
  if (!name)
    return GN_EINPUT;
  c->name = name;
  s->n_channels++;
  c->line = xmlGetLineNo(n);
  if (channel_end(s, n, "srcActor", "srcPort", "out", &c->src, &c->prod) ||
      channel_end(s, n, "dstActor", "dstPort", "in", &c->dst, &c->cons))
    return GN_EINPUT;
  char *tokens = attr(s, n, "initialTokens", 0);
  c->tokens = 0;
  int rc = tokens ? parse_int64(s, n, "initialTokens", tokens, 0, &c->tokens) : GN_OK;
  xmlFree(tokens);
  return rc;
}

/* executionTime of each actor: the default processor's, else the first processor listed. */
static int read_properties(sdf_graph *s, const xmlNode *props) {
  for (const xmlNode *n = props ? props->children : NULL; n; n = n->next) {
    if (!is_element(n, "actorProperties"))
      continue;
    char *an = attr(s, n, "actor", 1);
    if (!an)
      return GN_EINPUT;
    int a = find_actor(s, an);
    if (a < 0) {
      sdf3_fail(s, xmlGetLineNo(n), "actorProperties names unknown actor '%s'", an);
      xmlFree(an);
      return GN_EINPUT;
    }
    xmlFree(an);
    for (const xmlNode *p = n->children; p; p = p->next) {
      const xmlNode *et = is_element(p, "processor") ? sdf3_child(p, "executionTime") : NULL;
      if (!et)
        continue;
      char *def = attr(s, p, "default", 0);
      int is_default = def && strcmp(def, "true") == 0;
      xmlFree(def);
      if (s->actor[a].exec_time >= 0 && (s->actor[a].exec_is_default || !is_default))
        continue;
      char *time = attr(s, et, "time", 1);
      if (!time)
        return GN_EINPUT;
      double v = 0;
      int bad = gn_num_real(time, 0, DBL_MAX, &v) != GN_NUM_OK;
      if (bad)
        sdf3_fail(s, xmlGetLineNo(et), "executionTime '%s' is not a finite non-negative number", time);
      xmlFree(time);
      if (bad)
        return GN_EINPUT;
      s->actor[a].exec_time = v;
      s->actor[a].exec_is_default = is_default;
    }
  }
  for (int a = 0; a < s->n_actors; a++)
    if (s->actor[a].exec_time < 0)
      return sdf3_fail(s, s->actor[a].line, "actor '%s' has no executionTime in <sdfProperties>", s->actor[a].name);
  return GN_OK;
}

int sdf3_read_structure(sdf_graph *s, const xmlNode *root) {
  if (!is_element(root, "sdf3"))
    return sdf3_fail(s, xmlGetLineNo(root), "root element is <%s>, expected <sdf3>", (const char *)root->name);
  char *type = attr(s, root, "type", 0);
  int csdf = type && strcmp(type, "sdf") != 0;
  if (csdf)
    sdf3_fail(s, xmlGetLineNo(root), "graph type '%s' is not supported (only type=\"sdf\")", type);
  xmlFree(type);
  if (csdf)
    return GN_EINPUT;
  const xmlNode *app = sdf3_child(root, "applicationGraph");
  const xmlNode *sdf = app ? sdf3_child(app, "sdf") : NULL;
  if (!sdf)
    return sdf3_fail(s, xmlGetLineNo(root), "no <applicationGraph><sdf> element");
  int n_actors = 0, n_channels = 0;
  for (const xmlNode *c = sdf->children; c; c = c->next) {
    n_actors += is_element(c, "actor");
    n_channels += is_element(c, "channel");
  }
  if (n_actors == 0)
    return sdf3_fail(s, xmlGetLineNo(sdf), "the <sdf> graph has no actors");
  s->actor = calloc((size_t)n_actors, sizeof *s->actor);
  s->channel = calloc((size_t)(n_channels ? n_channels : 1), sizeof *s->channel);
  s->q = calloc((size_t)n_actors, sizeof *s->q);
  if (!s->actor || !s->channel || !s->q)
    return sdf3_oom(s);
  for (const xmlNode *c = sdf->children; c; c = c->next)
    if (is_element(c, "actor") && read_actor(s, c))
      return GN_EINPUT;
  for (const xmlNode *c = sdf->children; c; c = c->next)
    if (is_element(c, "channel") && read_channel(s, c))
      return GN_EINPUT;
  return read_properties(s, sdf3_child(app, "sdfProperties"));
}

/* ---- balance equations in exact integer arithmetic ---- */


void sdf3_free_graph(sdf_graph *s) {
  for (int a = 0; a < s->n_actors; a++) {
    for (int p = 0; p < s->actor[a].n_ports; p++) {
      xmlFree(s->actor[a].port[p].name);
      xmlFree(s->actor[a].port[p].type);
    }
    free(s->actor[a].port);
    xmlFree(s->actor[a].name);
  }
  for (int c = 0; c < s->n_channels; c++)
    xmlFree((char *)s->channel[c].name);
  free(s->actor);
  free(s->channel);
  free(s->q);
}
