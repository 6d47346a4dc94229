/* map_stages: the stage assignment of a mapping, printed stage by stage. */
#include "map_stages.h"

#include "gn_kv.h"

#include <stdlib.h>
#include <string.h>

/* Load and the volume sent to later stages (what the sender pays, times comm_factor, in the cost model). */
static void stage_sums(const taskgraph *g, const partition *p, int s, double *load, double *sent) {
  *load = *sent = 0;
  for (int t = 0; t < g->n_tasks; t++)
    if (p->stage[t] == s)
      *load += g->load[t];
  for (int e = 0; e < g->n_edges; e++)
    if (p->stage[g->edge[e].src] == s && p->stage[g->edge[e].dst] != s)
      *sent += g->edge[e].volume;
}

static long numeric_name(const char *name) {
  char *end;
  long v = strtol(name, &end, 10);
  return *name && !*end && v >= 0 ? v : -1;
}

static void add_number(strbuf *b, double v) {
  char buf[64];
  gn_format_double(buf, sizeof buf, v);
  strbuf_add(b, buf);
}

void map_stages_table(strbuf *b, const char *name, const taskgraph *g, const partition *p, double comm_factor) {
  double *cost = calloc((size_t)p->n_stages + 1, sizeof *cost);
  if (!cost) {
    b->oom = 1;
    return;
  }
  partition_stage_costs(g, p, comm_factor, cost);
  strbuf_addf(b, "\n%s: %d stages\n%5s %6s %12s %12s %12s  %s\n", name, p->n_stages, "stage", "tasks", "load", "sent",
              "cost", "task names");
  for (int s = 0; s < p->n_stages; s++) {
    double load, sent;
    int count = 0;
    stage_sums(g, p, s, &load, &sent);
    for (int t = 0; t < g->n_tasks; t++)
      count += p->stage[t] == s;
    strbuf_addf(b, "%5d %6d %12.6g %12.6g %12.6g  ", s + 1, count, load, sent, cost[s]);
    /* Runs of consecutive numeric names, in task order, fold to "a-b". */
    int first = 1;
    for (int t = 0; t < g->n_tasks; t++) {
      if (p->stage[t] != s)
        continue;
      long v = numeric_name(g->name[t]);
      int u = t;
      while (v >= 0 && u + 1 < g->n_tasks && p->stage[u + 1] == s && numeric_name(g->name[u + 1]) == v + (u + 1 - t))
        u++;
      strbuf_addf(b, "%s%s", first ? "" : " ", g->name[t]);
      if (u > t) /* two in a row are listed, three or more folded */
        strbuf_addf(b, "%s%s", u == t + 1 ? " " : "-", g->name[u]);
      first = 0;
      t = u;
    }
    strbuf_add(b, "\n");
  }
  free(cost);
}

void map_stages_json(strbuf *b, const taskgraph *g, const partition *p, double comm_factor) {
  double *cost = calloc((size_t)p->n_stages + 1, sizeof *cost);
  if (!cost) {
    b->oom = 1;
    return;
  }
  partition_stage_costs(g, p, comm_factor, cost);
  strbuf_add(b, ", \"assignment\": [");
  for (int s = 0; s < p->n_stages; s++) {
    double load, sent;
    stage_sums(g, p, s, &load, &sent);
    strbuf_addf(b, "%s{\"stage\": %d, \"tasks\": [", s ? ", " : "", s + 1);
    int first = 1;
    for (int t = 0; t < g->n_tasks; t++)
      if (p->stage[t] == s) {
        strbuf_add(b, first ? "" : ", ");
        strbuf_add_json(b, g->name[t]);
        first = 0;
      }
    strbuf_add(b, "], \"load\": ");
    add_number(b, load);
    strbuf_add(b, ", \"sent\": ");
    add_number(b, sent);
    strbuf_add(b, ", \"cost\": ");
    add_number(b, cost[s]);
    strbuf_add(b, "}");
  }
  strbuf_add(b, "]");
  free(cost);
}
