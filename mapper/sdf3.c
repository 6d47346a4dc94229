/* sdf3: SDF3 XML reader: actors, ports and channels, balance equations, symbolic liveness check, DAG. */
#include "sdf3.h"

#include "gn_file.h"
#include "gn_num.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gn_xml.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

void sdf3_options_default(sdf3_options *opt) { opt->token_bytes = 1; }

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

static int fail(sdf_graph *s, long line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(sdf_graph *s, long line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  gn_error_vset(s->err, GN_EINPUT, s->where, line, fmt, ap);
  va_end(ap);
  return GN_EINPUT;
}

static int oom(sdf_graph *s) { return gn_error_set(s->err, GN_ENOMEM, s->where, 0, "out of memory"); }

static int is_element(const xmlNode *n, const char *name) {
  return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static const xmlNode *child(const xmlNode *parent, const char *name) {
  for (const xmlNode *c = parent->children; c; c = c->next)
    if (is_element(c, name))
      return c;
  return NULL;
}

/* An attribute's value (xmlFree it), or an error naming the element and attribute. */
static char *attr(sdf_graph *s, const xmlNode *n, const char *name, int required) {
  char *v = (char *)xmlGetProp(n, (const xmlChar *)name);
  if (!v && required)
    fail(s, xmlGetLineNo(n), "<%s> lacks the attribute '%s'", (const char *)n->name, name);
  return v;
}

/* A whole number in [min, INT64_MAX]; CSDF rate lists ("1,2") are refused by name. */
static int parse_int64(sdf_graph *s, const xmlNode *n, const char *what, const char *text, int64_t min,
                       int64_t *out) {
  long line = xmlGetLineNo(n);
  if (strchr(text, ','))
    return fail(s, line, "%s '%s' is a cyclo-static (CSDF) phase list; only SDF is supported", what, text);
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (text[0] < '0' || text[0] > '9' || *end != '\0')
    return fail(s, line, "%s '%s' is not a whole number", what, text);
  if (errno == ERANGE)
    return fail(s, line, "%s '%s' is too large (64-bit integers)", what, text);
  if (v < min)
    return fail(s, line, "%s %lld must be at least %lld", what, v, (long long)min);
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
    fail(s, xmlGetLineNo(n), "actor '%s' is defined twice", name);
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
    return oom(s);
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
      return fail(s, xmlGetLineNo(c), "port '%s' of actor '%s' has type '%s', expected in or out", p->name, name,
                  p->type);
    for (int j = 0; j < k - 1; j++)
      if (strcmp(a->port[j].name, p->name) == 0)
        return fail(s, xmlGetLineNo(c), "actor '%s' has two ports named '%s'", name, p->name);
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
    rc = fail(s, xmlGetLineNo(n), "channel names unknown actor '%s' in %s", an, actor_attr);
  else {
    const sdf_port *p = find_port(&s->actor[*actor], pn);
    if (!p)
      rc = fail(s, xmlGetLineNo(n), "actor '%s' has no port '%s' (%s)", an, pn, port_attr);
    else if (strcmp(p->type, type) != 0)
      rc = fail(s, xmlGetLineNo(n), "%s '%s' of actor '%s' is an '%s' port, expected '%s'", port_attr, pn, an,
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
      fail(s, xmlGetLineNo(n), "actorProperties names unknown actor '%s'", an);
      xmlFree(an);
      return GN_EINPUT;
    }
    xmlFree(an);
    for (const xmlNode *p = n->children; p; p = p->next) {
      const xmlNode *et = is_element(p, "processor") ? child(p, "executionTime") : NULL;
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
        fail(s, xmlGetLineNo(et), "executionTime '%s' is not a finite non-negative number", time);
      xmlFree(time);
      if (bad)
        return GN_EINPUT;
      s->actor[a].exec_time = v;
      s->actor[a].exec_is_default = is_default;
    }
  }
  for (int a = 0; a < s->n_actors; a++)
    if (s->actor[a].exec_time < 0)
      return fail(s, s->actor[a].line, "actor '%s' has no executionTime in <sdfProperties>", s->actor[a].name);
  return GN_OK;
}

static int read_structure(sdf_graph *s, const xmlNode *root) {
  if (!is_element(root, "sdf3"))
    return fail(s, xmlGetLineNo(root), "root element is <%s>, expected <sdf3>", (const char *)root->name);
  char *type = attr(s, root, "type", 0);
  int csdf = type && strcmp(type, "sdf") != 0;
  if (csdf)
    fail(s, xmlGetLineNo(root), "graph type '%s' is not supported (only type=\"sdf\")", type);
  xmlFree(type);
  if (csdf)
    return GN_EINPUT;
  const xmlNode *app = child(root, "applicationGraph");
  const xmlNode *sdf = app ? child(app, "sdf") : NULL;
  if (!sdf)
    return fail(s, xmlGetLineNo(root), "no <applicationGraph><sdf> element");
  int n_actors = 0, n_channels = 0;
  for (const xmlNode *c = sdf->children; c; c = c->next) {
    n_actors += is_element(c, "actor");
    n_channels += is_element(c, "channel");
  }
  if (n_actors == 0)
    return fail(s, xmlGetLineNo(sdf), "the <sdf> graph has no actors");
  s->actor = calloc((size_t)n_actors, sizeof *s->actor);
  s->channel = calloc((size_t)(n_channels ? n_channels : 1), sizeof *s->channel);
  s->q = calloc((size_t)n_actors, sizeof *s->q);
  if (!s->actor || !s->channel || !s->q)
    return oom(s);
  for (const xmlNode *c = sdf->children; c; c = c->next)
    if (is_element(c, "actor") && read_actor(s, c))
      return GN_EINPUT;
  for (const xmlNode *c = sdf->children; c; c = c->next)
    if (is_element(c, "channel") && read_channel(s, c))
      return GN_EINPUT;
  return read_properties(s, child(app, "sdfProperties"));
}

/* ---- balance equations in exact integer arithmetic ---- */

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* num/den := num/den * mul/div, reduced; 0 on success, 1 on 64-bit overflow. */
static int scale_fraction(int64_t *num, int64_t *den, int64_t mul, int64_t div) {
  int64_t g1 = gcd64(*num, div), g2 = gcd64(mul, *den);
  int64_t n, d;
  if (__builtin_mul_overflow(*num / g1, mul / g2, &n) || __builtin_mul_overflow(*den / g2, div / g1, &d))
    return 1;
  int64_t g = gcd64(n, d);
  *num = n / g;
  *den = d / g;
  return 0;
}

/* Rational propagation over each connected component (BFS along channels both ways), a consistency check on
 * every channel, then scaling each component by the lcm of its denominators and dividing by the gcd. */
static int repetition_vector(sdf_graph *s) {
  int na = s->n_actors, nc = s->n_channels;
  int64_t *num = calloc((size_t)na, sizeof *num), *den = calloc((size_t)na, sizeof *den);
  int *comp = malloc((size_t)na * sizeof *comp), *queue = malloc((size_t)na * sizeof *queue);
  int rc = GN_OK;
  if (!num || !den || !comp || !queue) {
    rc = oom(s);
    goto done;
  }
  for (int a = 0; a < na; a++)
    comp[a] = -1;
  for (int start = 0; start < na && rc == GN_OK; start++) {
    if (comp[start] >= 0)
      continue;
    int head = 0, tail = 0;
    queue[tail++] = start;
    comp[start] = start;
    num[start] = den[start] = 1;
    while (head < tail && rc == GN_OK) {
      int a = queue[head++];
      for (int c = 0; c < nc && rc == GN_OK; c++) {
        const sdf_channel *ch = &s->channel[c];
        if (ch->src != a && ch->dst != a)
          continue;
        /* q(dst) = q(src) * prod / cons */
        int other = ch->src == a ? ch->dst : ch->src;
        int64_t n = num[a], d = den[a];
        int over = ch->src == a ? scale_fraction(&n, &d, ch->prod, ch->cons)
                                : scale_fraction(&n, &d, ch->cons, ch->prod);
        if (over)
          rc = fail(s, ch->line, "repetition vector overflows 64-bit integers at channel '%s'", ch->name);
        else if (comp[other] < 0) {
          comp[other] = start;
          num[other] = n;
          den[other] = d;
          queue[tail++] = other;
        } else if (num[other] != n || den[other] != d)
          rc = fail(s, ch->line,
                    "inconsistent rates at channel '%s' (%s produces %lld, %s consumes %lld): the balance "
                    "equations have no solution",
                    ch->name, s->actor[ch->src].name, (long long)ch->prod, s->actor[ch->dst].name,
                    (long long)ch->cons);
      }
    }
    int64_t lcm = 1;
    for (int i = 0; i < tail && rc == GN_OK; i++) {
      int64_t d = den[queue[i]];
      if (__builtin_mul_overflow(lcm / gcd64(lcm, d), d, &lcm))
        rc = fail(s, s->actor[queue[i]].line, "repetition vector overflows 64-bit integers at actor '%s'",
                  s->actor[queue[i]].name);
    }
    int64_t g = 0;
    for (int i = 0; i < tail && rc == GN_OK; i++) {
      int a = queue[i];
      if (__builtin_mul_overflow(num[a], lcm / den[a], &s->q[a]))
        rc = fail(s, s->actor[a].line, "repetition vector overflows 64-bit integers at actor '%s'", s->actor[a].name);
      g = gcd64(g, s->q[a]);
    }
    for (int i = 0; i < tail && rc == GN_OK; i++)
      s->q[queue[i]] /= g;
  }
done:
  free(num);
  free(den);
  free(comp);
  free(queue);
  return rc;
}

/* ---- liveness: fire one iteration symbolically ---- */

/* Tokens produced on every channel in one iteration (q(src) x prod), overflow-checked. */
static int tokens_per_iteration(sdf_graph *s, int64_t *per_iter) {
  for (int c = 0; c < s->n_channels; c++) {
    const sdf_channel *ch = &s->channel[c];
    int64_t total;
    if (__builtin_mul_overflow(s->q[ch->src], ch->prod, &per_iter[c]) ||
        __builtin_add_overflow(per_iter[c], ch->tokens, &total))
      return fail(s, ch->line, "tokens per iteration on channel '%s' overflow 64-bit integers", ch->name);
  }
  return GN_OK;
}

/* Fire every actor as often as its input tokens allow (in batches), until each has fired q times or nothing
 * can fire. A batch of k firings is a valid firing sequence: its inputs hold k x cons tokens beforehand (for a
 * self-loop that is conservative: the next round continues). */
static int check_liveness(sdf_graph *s) {
  int na = s->n_actors, nc = s->n_channels;
  int64_t *tokens = malloc((size_t)(nc ? nc : 1) * sizeof *tokens);
  int64_t *left = malloc((size_t)na * sizeof *left);
  if (!tokens || !left) {
    free(tokens);
    free(left);
    return oom(s);
  }
  for (int c = 0; c < nc; c++)
    tokens[c] = s->channel[c].tokens;
  memcpy(left, s->q, (size_t)na * sizeof *left);
  /* Each round costs na x nc steps; a cycle with few tokens and a huge repetition vector could need ~q rounds,
   * so the simulation is bounded (about 10^9 steps) and says so instead of running for hours. */
  long max_rounds = 1000000000L / ((long)na * (nc + 1)) + 1;
  long rounds = 0;
  for (int progress = 1; progress; rounds++) {
    if (rounds == max_rounds) {
      free(tokens);
      free(left);
      return fail(s, s->actor[0].line,
                  "liveness check stopped after %ld firing rounds: the repetition vector is too large for the "
                  "symbolic simulation of one iteration", rounds);
    }
    progress = 0;
    for (int a = 0; a < na; a++) {
      int64_t k = left[a];
      for (int c = 0; c < nc && k > 0; c++)
        if (s->channel[c].dst == a && tokens[c] / s->channel[c].cons < k)
          k = tokens[c] / s->channel[c].cons;
      if (k == 0)
        continue;
      progress = 1;
      left[a] -= k;
      for (int c = 0; c < nc; c++) {
        if (s->channel[c].dst == a)
          tokens[c] -= k * s->channel[c].cons;
        if (s->channel[c].src == a)
          tokens[c] += k * s->channel[c].prod; /* bounded by the checked tokens per iteration + initial */
      }
    }
  }
  int rc = GN_OK;
  for (int a = 0; a < na && rc == GN_OK; a++) {
    if (left[a] == 0)
      continue;
    const sdf_channel *starved = NULL;
    for (int c = 0; c < nc && !starved; c++)
      if (s->channel[c].dst == a && tokens[c] < s->channel[c].cons)
        starved = &s->channel[c];
    rc = fail(s, s->actor[a].line,
              "the graph deadlocks: actor '%s' can fire only %lld of its %lld firings per iteration (channel '%s' "
              "holds %lld tokens, it needs %lld)",
              s->actor[a].name, (long long)(s->q[a] - left[a]), (long long)s->q[a], starved ? starved->name : "?",
              starved ? (long long)tokens[starved - s->channel] : 0LL, starved ? (long long)starved->cons : 0LL);
  }
  free(tokens);
  free(left);
  return rc;
}

/* ---- one iteration as a DAG ---- */

/* Is `to` reachable from `from` along the kept channels? (iterative DFS; `seen` and `stack` hold na ints) */
static int reaches(const sdf_graph *s, const char *kept, int from, int to, char *seen, int *stack) {
  memset(seen, 0, (size_t)s->n_actors);
  int top = 0;
  stack[top++] = from;
  seen[from] = 1;
  while (top > 0) {
    int a = stack[--top];
    if (a == to)
      return 1;
    for (int c = 0; c < s->n_channels; c++)
      if (kept[c] && s->channel[c].src == a && !seen[s->channel[c].dst]) {
        seen[s->channel[c].dst] = 1;
        stack[top++] = s->channel[c].dst;
      }
  }
  return 0;
}

/* Channels without initial tokens are all kept (liveness made them acyclic); a channel with initial tokens is
 * kept unless it is a self-loop or would close a cycle with the channels kept so far (file order). */
static int choose_dag_channels(const sdf_graph *s, char *kept) {
  char *seen = malloc((size_t)s->n_actors);
  int *stack = malloc((size_t)s->n_actors * sizeof *stack);
  if (!seen || !stack) {
    free(seen);
    free(stack);
    return GN_ENOMEM;
  }
  for (int c = 0; c < s->n_channels; c++)
    kept[c] = s->channel[c].tokens == 0 && s->channel[c].src != s->channel[c].dst;
  for (int c = 0; c < s->n_channels; c++)
    if (s->channel[c].tokens > 0 && s->channel[c].src != s->channel[c].dst)
      kept[c] = !reaches(s, kept, s->channel[c].dst, s->channel[c].src, seen, stack);
  free(seen);
  free(stack);
  return GN_OK;
}

static char *describe_repetitions(const sdf_graph *s, const char *graph_name) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  if (!f)
    return NULL;
  fprintf(f, "# SDF3 graph %s, one iteration\n# repetitions:", graph_name ? graph_name : "?");
  for (int a = 0; a < s->n_actors; a++)
    fprintf(f, " %s=%lld", s->actor[a].name, (long long)s->q[a]);
  if (fclose(f)) {
    free(buf);
    return NULL;
  }
  return buf;
}

static int build_dag(sdf_graph *s, const sdf3_options *opt, const char *graph_name, taskgraph **out) {
  int64_t *per_iter = malloc((size_t)(s->n_channels ? s->n_channels : 1) * sizeof *per_iter);
  char *kept = calloc((size_t)(s->n_channels ? s->n_channels : 1), 1);
  taskgraph *g = taskgraph_new();
  int rc = per_iter && kept && g ? tokens_per_iteration(s, per_iter) : oom(s);
  if (rc == GN_OK)
    rc = check_liveness(s);
  if (rc == GN_OK && choose_dag_channels(s, kept))
    rc = oom(s);
  for (int a = 0; a < s->n_actors && rc == GN_OK; a++)
    if (taskgraph_add_task(g, s->actor[a].name, (double)s->q[a] * s->actor[a].exec_time, s->err) < 0)
      rc = gn_error_prefix(s->err, "%s:%ld: ", s->where, s->actor[a].line);
  /* Parallel channels between the same two actors merge into one edge carrying both volumes. */
  for (int c = 0; c < s->n_channels && rc == GN_OK; c++) {
    if (!kept[c])
      continue;
    double volume = 0;
    for (int d = c; d < s->n_channels; d++)
      if (kept[d] && s->channel[d].src == s->channel[c].src && s->channel[d].dst == s->channel[c].dst) {
        volume += (double)per_iter[d] * opt->token_bytes;
        kept[d] = d == c;
      }
    if (taskgraph_add_edge(g, s->channel[c].src, s->channel[c].dst, volume, s->err))
      rc = gn_error_prefix(s->err, "%s:%ld: ", s->where, s->channel[c].line);
  }
  if (rc == GN_OK)
    rc = taskgraph_finalize(g, s->where, s->err);
  if (rc == GN_OK && !(g->info = describe_repetitions(s, graph_name)))
    rc = oom(s);
  if (rc == GN_OK) {
    *out = g;
    g = NULL;
  }
  taskgraph_free(g);
  free(per_iter);
  free(kept);
  return rc;
}

static void free_graph(sdf_graph *s) {
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

int sdf3_parse(const char *text, size_t len, const char *where, const sdf3_options *opt, taskgraph **out,
               gn_error *err) {
  sdf3_options defaults;
  if (!opt) {
    sdf3_options_default(&defaults);
    opt = &defaults;
  }
  *out = NULL;
  if (!where)
    where = "(sdf3)";
  if (!isfinite(opt->token_bytes) || opt->token_bytes < 0)
    return gn_error_set(err, GN_EINPUT, where, 0, "token_bytes %g is not a finite non-negative number",
                        opt->token_bytes);
  if (len == 0)
    return gn_error_set(err, GN_EINPUT, where, 1, "empty file: expected an SDF3 XML document");
  if (len > 0x7fffffff)
    return gn_error_set(err, GN_EINPUT, where, 0, "file too large for the XML parser (2 GiB)");
  gn_xml_error first;
  xmlDocPtr doc = gn_xml_read_memory(text, len, where, &first);
  if (!doc) {
    if (!first.msg[0])
      return gn_error_set(err, GN_EINPUT, where, 1, "XML error: not a well-formed document");
    return gn_error_set(err, GN_EINPUT, where, first.line > 0 ? first.line : 1, "XML error: %s", first.msg);
  }
  sdf_graph s = {where, err, NULL, 0, NULL, 0, NULL};
  const xmlNode *root = xmlDocGetRootElement(doc);
  int rc = root ? read_structure(&s, root) : gn_error_set(err, GN_EINPUT, where, 1, "no root element");
  if (rc == GN_OK)
    rc = repetition_vector(&s);
  if (rc == GN_OK) {
    const xmlNode *sdf = child(child(root, "applicationGraph"), "sdf");
    char *graph_name = (char *)xmlGetProp(sdf, (const xmlChar *)"name");
    rc = build_dag(&s, opt, graph_name, out);
    xmlFree(graph_name);
  }
  free_graph(&s);
  xmlFreeDoc(doc);
  return rc;
}

int sdf3_read_file(const char *path, const sdf3_options *opt, taskgraph **out, gn_error *err) {
  char *text;
  size_t len;
  *out = NULL;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  rc = sdf3_parse(text, len, path, opt, out, err);
  free(text);
  return rc;
}
