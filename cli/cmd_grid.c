/* cmd_grid: `gridnoc grid --preset patent --scheduler ring ...`: one grid run, summary or CSV row, rings SVG. */
#include "cli.h"
#include "commands.h"
#include "experiment.h"
#include "gn_file.h"
#include "grid_job.h"
#include "grid_svg.h"
#include "grid_trace_json.h"
#include "ring.h"
#include "sgwrap.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The grid kind's parameter behind an option (--deadline-factor, or as the key is written, --deadline_factor), or
 * NULL. The options come from the kind's table (runner/exp_grid.c). */
static const experiment_param *option_param(const char *opt) {
  char spelled[64];
  if (strncmp(opt, "--", 2) || strlen(opt) >= sizeof spelled)
    return NULL;
  strcpy(spelled, opt);
  for (char *c = spelled + 2; *c; c++)
    if (*c == '_')
      *c = '-';
  return experiment_param_by_option(experiment_grid.params, spelled);
}

/* Options of `gridnoc grid` that are not grid parameters. */
static const char *const local_options[] = {"--seed", "--svg", "--trace-json", "--csv", "--cfg", NULL};

/* "unknown option" with the closest known one. */
static int unknown_option(const char *cmd, const char *opt) {
  const char *cand[128];
  cli_known_options(experiment_grid.params, local_options, cand, 128);
  int n = 0;
  while (cand[n])
    n++;
  const char *close = gn_closest(opt, cand, n);
  if (close)
    return cli_usage_error(cmd, "unknown option '%s' (did you mean '%s'?)", opt, close);
  return cli_usage_error(cmd, "unknown option '%s' (see gridnoc %s --help)", opt, cmd);
}

static void usage(void) {
  printf("usage: gridnoc grid [--preset patent | --platform FILE.xml] [--scheduler ring] [options]\n"
         "Simulates a Jacobi job (n units, one per component of x) on a grid of clusters in SimGrid under a\n"
         "scheduler, a supervisor (heartbeats, timeouts) and injected failures; prints makespan, speedups,\n"
         "redundant and re-executed work, failed-queue lengths and whether the run completely failed.\n\n"
         "options (defaults in brackets):\n");
  cli_print_param_options(experiment_grid.params, 21);
  printf("  %-21s run seed (system, failures, load) [1]\n  %-21s print a CSV header and row\n"
         "  %-21s write an SVG of the cluster and node rings of the last iteration\n"
         "  %-21s write the run's timeline as Chrome / Perfetto trace-event JSON (docs/grids.md)\n"
         "  %-21s a SimGrid setting (repeatable), e.g. --cfg tracing:yes --cfg tracing/filename:grid.trace\n",
         "--seed S", "--csv", "--svg FILE", "--trace-json FILE",
         "--cfg KEY:VALUE");
}

/* A platform file's grid: who runs what, and each cluster's units in the last iteration's cluster ring (shares
 * in proportion to the capability the grid master saw, patent). */
static void print_platform(const grid_job *job) {
  const grid *g = &job->g;
  const platform_desc *p = &job->platform;
  const grid_ring_picture *pic = &job->res.picture;
  long *units = calloc((size_t)g->n_clusters + 1, sizeof *units), *cnt = calloc((size_t)g->n_clusters + 1, sizeof *cnt);
  if (units && cnt && pic->n_clusters > 0 &&
      ring_apportion(pic->cluster_capability, pic->n_clusters, job->cfg.n, cnt, NULL) == GN_OK)
    for (int i = 0; i < pic->n_clusters; i++)
      units[pic->cluster_order[i]] = cnt[i];
  for (int c = 0; c < g->n_clusters; c++) {
    const grid_cluster *cl = &g->clusters[c];
    const platform_host *first = &p->hosts[job->hosts.node[cl->first_node]];
    printf("  cluster %s: master %s, nodes", first->cluster ? first->cluster : p->zones[first->zone].id,
           p->hosts[job->hosts.cluster_master[c]].id);
    for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++)
      printf(" %s", p->hosts[job->hosts.node[i]].id);
    printf(", capability %.10g, share %ld units\n", cl->ccp, units ? units[c] : 0);
  }
  printf("  grid master %s, injector %s, port bandwidth %.10g B/s (the narrowest link)\n",
         p->hosts[job->hosts.grid_master].id, p->hosts[job->hosts.injector].id, g->port_bw_bps);
  free(units);
  free(cnt);
}

static void print_summary(const grid_job *job, const gn_kvlist *m) {
  const grid *g = &job->g;
  if (job->slot_hosts) {
    printf("grid: platform %s, %d clusters, %d nodes, scheduler %s, n = %ld, %d iterations, %s mode\n",
           job->platform.path, g->n_clusters, g->n_nodes, job->cfg.sched->name, job->cfg.n, job->cfg.iterations,
           job->real_mode ? "real" : "model");
    print_platform(job);
  } else
    printf("grid: %d clusters x %d nodes (%s), scheduler %s, n = %ld, %d iterations, %s mode\n", g->n_clusters,
           g->clusters[0].n_nodes, g->shape == GRID_STAR ? "star" : "cascade", job->cfg.sched->name, job->cfg.n,
           job->cfg.iterations, job->real_mode ? "real" : "model");
  for (size_t i = 0; i < m->n; i++)
    printf("  %-22s %s\n", m->items[i].key, m->items[i].value);
}

int cmd_grid(int argc, char **argv) {
  gn_kvlist params = GN_KVLIST_INIT, metrics = GN_KVLIST_INIT;
  gn_error err = {0};
  uint64_t seed = 1;
  int csv = 0, status = 0;
  const char *svg = NULL, *trace_json = NULL;
  cli_seen seen = {0};
  for (int i = 1; i < argc && !status; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage();
      gn_kv_free(&params);
      return 0;
    }
    if (strcmp(argv[i], "--csv") == 0) {
      csv = 1;
      continue;
    }
    if (strcmp(argv[i], "--seed") && strcmp(argv[i], "--svg") && strcmp(argv[i], "--trace-json") && strcmp(argv[i], "--cfg") && !option_param(argv[i])) {
      status = unknown_option("grid", argv[i]);
      break;
    }
    if (i + 1 >= argc) {
      status = cli_usage_error("grid", "%s needs a value (see gridnoc grid --help)", argv[i]);
      break;
    }
    const char *v = argv[++i];
    const experiment_param *p = option_param(argv[i - 1]);
    if (cli_option_once(&seen, p ? p->key : argv[i - 1], argv[i - 1], v, &err))
      status = cli_usage_error("grid", "%s", err.msg);
    else if (strcmp(argv[i - 1], "--seed") == 0)
      status = cli_parse_seed("--seed", v, &seed, &err) ? cli_report(&err) : 0;
    else if (strcmp(argv[i - 1], "--svg") == 0)
      svg = v;
    else if (strcmp(argv[i - 1], "--trace-json") == 0)
      trace_json = v;
    else if (strcmp(argv[i - 1], "--cfg") == 0)
      status = gn_sim_cfg_add(v, &err) ? cli_report(&err) : 0;
    else if (p)
      status = gn_kv_set(&params, p->key, v) ? cli_usage_error("grid", "out of memory") : 0;
    else
      status = unknown_option("grid", argv[i - 1]);
  }
  if (status) {
    gn_kv_free(&params);
    return status;
  }
  grid_job job;
  memset(&job, 0, sizeof job);
  int rc = experiment_check_params(&experiment_grid, &params, "gridnoc grid", &err);
  if (!rc && svg)
    rc = gn_file_check_output(svg, &err);
  if (!rc && trace_json)
    rc = gn_file_check_output(trace_json, &err);
  if (!rc)
    rc = grid_job_execute_traced(&params, seed, trace_json != NULL, &job, &err);
  if (!rc && grid_job_metrics(&job, &metrics))
    rc = gn_error_set(&err, GN_ENOMEM, NULL, 0, "out of memory");
  if (!rc && svg)
    rc = grid_svg_write(svg, &job.g, &job.res.picture, &err);
  if (!rc && trace_json && (rc = grid_trace_json_write(trace_json, &job, &err)))
    gn_file_remove_output(svg); /* no partial set of outputs */
  if (!rc) {
    if (csv)
      cli_print_csv_row(experiment_grid.params, &params, &metrics, seed);
    else
      print_summary(&job, &metrics);
  }
  status = rc ? cli_report(&err) : 0;
  grid_job_free(&job);
  gn_kv_free(&metrics);
  gn_kv_free(&params);
  return status;
}

int grid_platform_command(int argc, char **argv) {
  gn_kvlist params = GN_KVLIST_INIT;
  gn_error err = {0};
  const char *out = NULL;
  int status = 0;
  cli_seen seen = {0};
  for (int i = 1; i < argc && !status; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printf("usage: gridnoc platform grid [--preset patent|uniform] [--clusters K] [--nodes P] "
             "[--shape cascade|star] [--weights cpu,mem,io]\n"
             "       [--speed X] [--class-speeds F1,F2,..] [--port-mbps B] [--backplane-mbps B] [--uplink-mbps B]\n"
             "       [--switch-latency S] [-o FILE]\n");
      gn_kv_free(&params);
      return 0;
    }
    if (i + 1 >= argc) {
      status = cli_usage_error("platform grid", "%s needs a value", argv[i]);
      break;
    }
    /* The grid's shape only (the EXP_GRID_SHAPE rows of the kind's table). */
    const experiment_param *p = option_param(argv[i]);
    if (strcmp(argv[i], "-o") && !(p && p->flags & EXP_GRID_SHAPE))
      status = unknown_option("platform grid", argv[i]);
    else if (cli_option_once(&seen, p ? p->key : argv[i], argv[i], argv[i + 1], &err))
      status = cli_usage_error("platform grid", "%s", err.msg);
    else if (strcmp(argv[i], "-o") == 0)
      out = argv[++i];
    else if (gn_kv_set(&params, p->key, argv[++i]))
      status = cli_usage_error("platform grid", "out of memory");
  }
  grid g;
  memset(&g, 0, sizeof g);
  char *xml = NULL;
  size_t len = 0;
  int rc = status ? GN_OK : experiment_check_params(&experiment_grid, &params, "gridnoc platform grid", &err);
  grid_params gp;
  if (!status && !rc && (rc = grid_params_read(&params, &gp, &err)) == GN_OK)
    rc = grid_job_build_grid(&gp, GRID_VARIANT_MAIN, &g, &err);
  if (!status && !rc)
    rc = grid_platform_xml(&g, NULL, &xml, &len, &err);
  if (!status && !rc)
    rc = out ? gn_file_write_atomic(out, xml, len, &err)
             : (fwrite(xml, 1, len, stdout) == len ? GN_OK : gn_error_set(&err, GN_EFAIL, NULL, 0, "writing stdout"));
  if (!status)
    status = rc ? cli_report(&err) : 0;
  free(xml);
  grid_free(&g);
  gn_kv_free(&params);
  return status;
}
