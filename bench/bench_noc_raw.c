/* bench_noc_raw: the fair reference for the pipeline simulator's speed. A raw SimGrid program that does exactly
 * what a fault-free `gridnoc pipeline` run does — the same platform XML (the file `gridnoc platform noc` writes),
 * the same stage cut (the file `gridnoc map --partition-out` writes, which gridnoc runs too), the snake binding,
 * one actor per stage created in the same order after the fair-sharing arbiter, the same message sizes, the same
 * pre-posted receives (a ring of buffer slots per incoming flow, sized from the steady-state phases), the same
 * flops, and fair link sharing done the same way (route latencies read and the flows' links zeroed by gridnoc's
 * own noc_sharing_make_fair, each message waiting its route's latency before it is posted; docs/noc.md) — but
 * none of gridnoc's bookkeeping (traces, per-core busy times, item completion counts, link accounting). It must
 * reproduce gridnoc's simulated period and makespan to every printed digit (the bench checks and exits 1
 * otherwise), so both do the same activities; their CPU times, measured side by side in alternating child
 * processes, give gridnoc's activity rate as a ratio of the raw rate.
 * Usage: bench_noc_raw [--reps R] GRAPH CHIP STAGES MAPPER ITEMS [GRIDNOC]
 *        bench_noc_raw --raw GRAPH PARTITION PLATFORM.xml CHIP ITEMS   (the raw simulation alone)
 * e.g.   bench_noc_raw 'gen:method=layrprob,tasks=100,layers=100,prob=1,ccr=0.5,seed=1' mesh100 100 chains 3000
 *        bench_noc_raw 'gen:tasks=300,ccr=0.5,seed=1' mesh50 50 chains 300 */
#include "bench_child.h"
#include "graph_source.h"
#include "noc_binding.h"
#include "noc_sharing.h"
#include "partition.h"
#include "partition_io.h"
#include "sgwrap.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* gridnoc pipeline's defaults: seconds per time unit, comm factor, warm-up completions. */
#define TIME_UNIT_S 1e-4
#define COMM_FACTOR 1.0
#define WARMUP 20

typedef struct channel {
  int src, dst;
  long bytes;
  double delay_s; /* the route's latency, waited before posting (fair sharing) */
  sg_mailbox_t mailbox;
  int capacity, ring_off;
} channel;

typedef struct stage {
  sg_host_t host;
  double flops;
  int n_in, n_out, *in, *out, ring_size;
  sg_comm_t *ring;
  void **slot;
  double t_warm, t_last, t_end;
  long n_warm;
} stage;

static struct {
  long items;
  int n_stages, n_channels;
  stage *stage;
  channel *channel;
  long activities;
} R;

/* Fair sharing, as gridnoc's arbiter (with its own function: a start-up step, not the simulation's pattern):
 * read every flow's route latency, then zero the links those routes cross. */
static void arbiter(int argc, char **argv) {
  unsigned char *pairs = calloc((size_t)R.n_stages * (size_t)R.n_stages, 1);
  sg_host_t *host = malloc((size_t)R.n_stages * sizeof *host);
  for (int s = 0; s < R.n_stages; s++)
    host[s] = R.stage[s].host;
  for (int f = 0; f < R.n_channels; f++)
    pairs[(size_t)R.channel[f].src * R.n_stages + R.channel[f].dst] = 1;
  noc_route_delays d;
  noc_sharing_make_fair(host, R.n_stages, pairs, NULL, &d);
  for (int f = 0; f < R.n_channels; f++)
    R.channel[f].delay_s = d.core[(size_t)R.channel[f].src * R.n_stages + R.channel[f].dst];
  noc_route_delays_free(&d);
  free(pairs);
  free(host);
}

static void post(stage *st, const channel *ch, long item) {
  int k = ch->ring_off + (int)(item % ch->capacity);
  st->ring[k] = sg_mailbox_get_async(ch->mailbox, &st->slot[k]);
}

static void stage_actor(int argc, char **argv) {
  stage *st = sg_actor_get_data(sg_actor_self());
  for (int c = 0; c < st->n_in; c++)
    for (long i = 0; i < R.channel[st->in[c]].capacity && i < R.items; i++)
      post(st, &R.channel[st->in[c]], i);
  for (long i = 0; i < R.items; i++) {
    for (int c = 0; c < st->n_in; c++) {
      const channel *ch = &R.channel[st->in[c]];
      sg_comm_wait_for(st->ring[ch->ring_off + (int)(i % ch->capacity)], -1);
      if (i + ch->capacity < R.items)
        post(st, ch, i + ch->capacity);
    }
    double t0 = simgrid_get_clock();
    if (i == WARMUP)
      st->t_warm = t0;
    else if (i > WARMUP)
      st->n_warm++;
    st->t_last = t0;
    sg_actor_execute(st->flops);
    for (int c = 0; c < st->n_out; c++) {
      const channel *ch = &R.channel[st->out[c]];
      if (ch->delay_s > 0)
        sg_actor_sleep_for(ch->delay_s);
      sg_comm_wait_for(sg_mailbox_put_async(ch->mailbox, (void *)(intptr_t)(i + 1), ch->bytes), -1);
    }
  }
  st->t_end = simgrid_get_clock();
}

/* The plan, computed once with gridnoc's own mapping-side functions: flows of the cut, snake binding, stage
 * flops, and each flow's buffer slots from the stages' steady-state phases (the pipeline's auto capacity). */
static int plan(const char *graph, const char *part, const char *chip_spec, noc_chip **chip_out, gn_error *err) {
  taskgraph *g = NULL;
  partition *p = NULL;
  noc_chip *chip = NULL;
  noc_flow *flows = NULL;
  int n_flows = 0;
  if (graph_source_load(graph, &g, err) || partition_read_file(g, part, &p, err) ||
      noc_chip_from_spec(chip_spec, &chip, err) || noc_stage_flows(g, p, &flows, &n_flows, err))
    return 1;
  int n = R.n_stages = p->n_stages, cores = noc_core_count(chip);
  int *logical = malloc((size_t)cores * sizeof *logical), *core = malloc((size_t)n * sizeof *core);
  int k = noc_logical_cores(chip, NULL, logical);
  if (noc_binding_find("snake", err)->bind(chip, logical, k, n, flows, n_flows, core, err))
    return 1;
  partition_metrics m;
  double *cost = calloc((size_t)n, sizeof *cost), *phase = calloc((size_t)n, sizeof *phase);
  if (partition_evaluate(g, p, COMM_FACTOR, &m, err))
    return 1;
  partition_stage_costs(g, p, COMM_FACTOR, cost);
  for (int f = 0; f < n_flows; f++)
    if (phase[flows[f].src_stage] + cost[flows[f].src_stage] > phase[flows[f].dst_stage])
      phase[flows[f].dst_stage] = phase[flows[f].src_stage] + cost[flows[f].src_stage];
  R.stage = calloc((size_t)n, sizeof *R.stage);
  R.channel = calloc((size_t)n_flows + 1, sizeof *R.channel);
  R.n_channels = n_flows;
  for (int f = 0; f < n_flows; f++) {
    channel *ch = &R.channel[f];
    char name[64];
    ch->src = flows[f].src_stage;
    ch->dst = flows[f].dst_stage;
    ch->bytes = lround(flows[f].volume * COMM_FACTOR * TIME_UNIT_S * chip->link_bw_Bps);
    snprintf(name, sizeof name, "e0_%d_%d", ch->src, ch->dst);
    ch->mailbox = sg_mailbox_by_name(name);
    double lag = phase[ch->dst] - phase[ch->src];
    ch->capacity = m.period > 0 ? (int)ceil(lag / m.period - 1e-9) + 1 : 2;
    ch->ring_off = R.stage[ch->dst].ring_size;
    R.stage[ch->dst].ring_size += ch->capacity;
    R.stage[ch->src].n_out++;
    R.stage[ch->dst].n_in++;
  }
  for (int s = 0; s < n; s++) {
    stage *st = &R.stage[s];
    char host[32];
    noc_core_name(chip, core[s], host, sizeof host);
    st->host = sg_host_by_name(host);
    st->in = malloc((size_t)(st->n_in + 1) * sizeof *st->in);
    st->out = malloc((size_t)(st->n_out + 1) * sizeof *st->out);
    st->ring = calloc((size_t)st->ring_size + 1, sizeof *st->ring);
    st->slot = calloc((size_t)st->ring_size + 1, sizeof *st->slot);
    st->n_in = st->n_out = 0;
  }
  for (int f = 0; f < n_flows; f++) {
    stage *a = &R.stage[R.channel[f].src], *d = &R.stage[R.channel[f].dst];
    a->out[a->n_out++] = f;
    d->in[d->n_in++] = f;
  }
  for (int t = 0; t < g->n_tasks; t++)
    R.stage[p->stage[t]].flops += g->load[t] * TIME_UNIT_S * chip->core_speed_flops;
  R.activities = R.items * (n + n_flows);
  free(logical), free(core), free(cost), free(phase), free(flows);
  partition_free(p);
  taskgraph_free(g);
  *chip_out = chip;
  return 0;
}

static int run_raw(const char *graph, const char *part, const char *xml, const char *chip_spec, long items) {
  gn_error err = {0};
  noc_chip *chip = NULL;
  R.items = items;
  const char *const fair[] = {NOC_FAIR_SIM_SETTING, NULL}; /* as gridnoc's age: no reverse cross-traffic */
  gn_sim_init_cfg("CM02", fair);
  simgrid_load_platform(xml);
  if (plan(graph, part, chip_spec, &chip, &err))
    return fprintf(stderr, "%s\n", err.msg), 2;
  /* gridnoc's creation order: the arbiter on the first core's host, then the stages in order. */
  char first[32];
  noc_core_name(chip, 0, first, sizeof first);
  sg_actor_create("arbiter", sg_host_by_name(first), arbiter, 0, NULL);
  for (int s = 0; s < R.n_stages; s++) {
    char name[48];
    snprintf(name, sizeof name, "stage%d.e0", s + 1);
    sg_actor_t a = sg_actor_init(name, R.stage[s].host);
    sg_actor_set_data(a, &R.stage[s]);
    sg_actor_start(a, stage_actor, 0, NULL);
  }
  simgrid_run();
  /* gridnoc's measures: the largest start-to-start spacing after the warm-up; the last completion. */
  double period = NAN, end = 0;
  for (int s = 0; s < R.n_stages; s++) {
    const stage *st = &R.stage[s];
    double p = (st->t_last - st->t_warm) / (double)st->n_warm / TIME_UNIT_S;
    if (st->n_warm > 0 && !(p <= period))
      period = p;
    end = st->t_end > end ? st->t_end : end;
  }
  printf("sim_period %.10g\nmakespan %.10g\nactivities %ld\n", period, end / TIME_UNIT_S, R.activities);
  noc_chip_free(chip);
  return 0;
}

/* The start of field col of a CSV line (fields may be quoted, with commas inside), or NULL. */
static const char *csv_nth(const char *line, int col) {
  for (int quoted = 0; col > 0 && *line && *line != '\n'; line++)
    if (*line == '"')
      quoted = !quoted;
    else if (*line == ',' && !quoted)
      col--;
  return col == 0 ? line : NULL;
}

/* The value of column `key` in a CSV header + row, as printed (an unquoted number). */
static int csv_field(const char *csv, const char *key, char *val, size_t size) {
  const char *row = strchr(csv, '\n');
  size_t klen = strlen(key);
  for (int col = 0; row; col++) {
    const char *h = csv_nth(csv, col);
    if (!h || h >= row)
      return 1;
    if (strncmp(h, key, klen) == 0 && (h[klen] == ',' || h[klen] == '\n')) {
      const char *v = csv_nth(row + 1, col);
      if (!v)
        return 1;
      snprintf(val, size, "%.*s", (int)strcspn(v, ",\n"), v);
      return 0;
    }
  }
  return 1;
}

static int raw_field(const char *out, const char *key, char *val, size_t size) {
  const char *p = strstr(out, key);
  return p && sscanf(p + strlen(key), " %63s", val) == 1 && size >= 64 ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 7 && strcmp(argv[1], "--raw") == 0)
    return run_raw(argv[2], argv[3], argv[4], argv[5], atol(argv[6]));
  int reps = 3, a = 1;
  if (argc > 2 && strcmp(argv[1], "--reps") == 0) {
    reps = atoi(argv[2]);
    a = 3;
  }
  if (argc - a < 5 || argc - a > 6 || reps < 1) {
    fprintf(stderr, "usage: bench_noc_raw [--reps R] GRAPH CHIP STAGES MAPPER ITEMS [GRIDNOC]\n");
    return 2;
  }
  const char *graph = argv[a], *chip = argv[a + 1], *stages = argv[a + 2], *mapper = argv[a + 3];
  char *items = argv[a + 4];
  char self[4096], gridnoc[4096];
  if (bench_paths(argc - a == 6 ? argv[a + 5] : NULL, self, gridnoc, sizeof self))
    return 1;
  char dir[] = "/tmp/bench_noc_raw.XXXXXX";
  if (!mkdtemp(dir))
    return perror("mkdtemp"), 1;
  char xml[64], part[64];
  snprintf(xml, sizeof xml, "%s/chip.xml", dir);
  snprintf(part, sizeof part, "%s/cut.part", dir);
  char *platform_argv[] = {gridnoc, "platform", "noc", "--chip", (char *)chip, "-o", xml, NULL};
  char *map_argv[] = {gridnoc, "map", (char *)graph, "-n", (char *)stages, "-m", (char *)mapper, "--partition-out",
                      part, NULL};
  char *sim_argv[] = {gridnoc, "pipeline", (char *)graph, "--chip", (char *)chip, "--partition", part, "--items",
                      items, "--csv", NULL};
  char *raw_argv[] = {self, "--raw", (char *)graph, part, xml, (char *)chip, items, NULL};
  static char out[1 << 16];
  double cpu, best_raw = 1e300, best_sim = 1e300;
  int rc = bench_child_cpu(platform_argv, &cpu, out, sizeof out) || bench_child_cpu(map_argv, &cpu, out, sizeof out);
  char sp[64] = "?", sm[64] = "?", rp[64] = "?", rm[64] = "?", act[64] = "0";
  for (int r = 0; rc == 0 && r < reps; r++) {
    if (bench_child_cpu(sim_argv, &cpu, out, sizeof out) || csv_field(out, "sim_period", sp, sizeof sp) ||
        csv_field(out, "makespan", sm, sizeof sm))
      rc = 1;
    best_sim = cpu < best_sim ? cpu : best_sim;
    if (rc || bench_child_cpu(raw_argv, &cpu, out, sizeof out) || raw_field(out, "sim_period", rp, sizeof rp) ||
        raw_field(out, "makespan", rm, sizeof rm) || raw_field(out, "activities", act, sizeof act))
      rc = 1;
    best_raw = cpu < best_raw ? cpu : best_raw;
  }
  unlink(xml);
  unlink(part);
  rmdir(dir);
  if (rc)
    return fprintf(stderr, "bench_noc_raw: a child failed\n"), 1;
  int same = strcmp(sp, rp) == 0 && strcmp(sm, rm) == 0;
  printf("pipeline %s on %s, %s stages (%s), %s items, %s activities: gridnoc %.3f s CPU, raw SimGrid %.3f s CPU "
         "(best of %d), gridnoc at %.0f %% of the raw rate; period gridnoc %s raw %s, makespan gridnoc %s raw %s "
         "%s\n",
         graph, chip, stages, mapper, items, act, best_sim, best_raw, reps, 100 * best_raw / best_sim, sp, rp, sm, rm,
         same ? "(identical)" : "(DIFFERENT)");
  return same ? 0 : 1;
}
