/* cmd_map: `gridnoc map GRAPH -n N -m MAPPER[,MAPPER...]`: cut a task graph into pipeline stages with one or
 * several mappers and print period, T/LB, balance and cut side by side (the `map` kind's numbers). */
#include "cli.h"
#include "commands.h"
#include "csvtab.h"
#include "dot.h"
#include "exp_map.h"
#include "experiment.h"
#include "gn_file.h"
#include "graph_source.h"
#include "map_stages.h"
#include "partition_io.h"
#include "strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --compare runs the paper's three mappers, the chains reference and the default mapper (exact is opt-in: it may
 * search for the whole time limit). */
static const char compare_set[] = "dpma,dptaa,saatsa,chains," MAPPER_DEFAULT;

#define MAX_MAPPERS 32

typedef struct map_args {
  const char *graph, *mappers, *format, *partition_out, *dot_out, *partition_in;
  char file_options[4200]; /* "path=FILE" for --partition */
  mapper_params mp;
  int no_time, list, assignment;
} map_args;

static void usage(void) {
  printf("usage: gridnoc map GRAPH -n N -m MAPPER[,MAPPER...] [--seed S] [--comm-factor C]\n"
         "                   [--options K=V,...] [--time-limit S] [--format table|csv|json] [--no-time]\n"
         "                   [--partition-out FILE] [--dot FILE] [--assignment]\n"
         "       gridnoc map GRAPH -n N --compare [...]     (= -m %s)\n"
         "       gridnoc map GRAPH --partition FILE [...]   (evaluate a given cut: the `file` mapper)\n"
         "       gridnoc map --list\n\n"
         "Cuts the task graph GRAPH (a path .stg/.xml or gen:KEY=VAL,...) into N pipeline stages and prints the\n"
         "period T (slowest stage: load + communication it sends, times C), T / lower bound, imbalance\n"
         "(max - min stage) / (total load / N), cut volume, status (optimal when proven, feasible for exact\n"
         "stopped by a limit, else heuristic), bound (a lower bound on the optimal period that counts\n"
         "communication; exact's proven one when better), gap = (T - bound) / T,\n"
         "and the mapper's run time (left out by --no-time and in csv, so output is reproducible byte for byte).\n"
         "Several mappers (comma list) are compared side by side. Options: a mapper's own keys (see --list and\n"
         "the README), 'mapper.key=value' for one mapper only. Defaults: -m " MAPPER_DEFAULT ", --seed 1, --comm-factor 1,\n"
         "--time-limit 60 (exact only), --format table. --partition-out writes the partition file (one mapper),\n"
         "--dot the graph coloured by stage. --assignment prints each mapper's stage assignment stage by stage (its\n"
         "tasks, load, the data it sends, its cost): after the table, or in json as each result's \"assignment\".\n",
         compare_set);
}

/* Options of `gridnoc map` that are not `map` parameters (those come from the kind's table, runner/exp_map.c). */
static const char *const local_options[] = {"--seed", "--format", "--partition-out", "--dot", "--list", "--compare",
                                            "--no-time", "--partition", "--assignment", NULL};

static int unknown_option(const char *opt) {
  const char *known[64];
  cli_known_options(experiment_map.params, local_options, known, 64);
  int n = 0;
  while (known[n])
    n++;
  const char *close = gn_closest(opt, known, n);
  if (close)
    return cli_usage_error("map", "unknown option '%s' (did you mean '%s'?)", opt, close);
  return cli_usage_error("map", "unknown option '%s' (see gridnoc map --help)", opt);
}

static int is_local_option(const char *opt) {
  for (int k = 0; local_options[k]; k++)
    if (strcmp(opt, local_options[k]) == 0)
      return 1;
  return 0;
}

/* A `map` parameter given as an option: into the mapper's settings, checked in the row's range. The exact mapper's
 * --time-limit keeps the command's own range, 1e-3..1e7 s (a scenario's is the row's, 0..1e6). */
static int set_param(map_args *a, const experiment_param *p, const char *opt, const char *val, int *mapper_named,
                     gn_error *err) {
  long n;
  if (strcmp(p->key, "stages") == 0) {
    int rc = cli_parse_int(opt, val, (long)p->min, (long)p->max, &n, err);
    a->mp.n_stages = (int)n;
    return rc;
  }
  if (strcmp(p->key, "mapper") == 0) {
    a->mappers = val;
    *mapper_named = 1;
    return GN_OK;
  }
  if (strcmp(p->key, "comm_factor") == 0)
    return cli_parse_double(opt, val, p->min, p->max, &a->mp.comm_factor, err);
  if (strcmp(p->key, "time_limit") == 0)
    return cli_parse_double(opt, val, 1e-3, 1e7, &a->mp.time_limit_s, err);
  a->mp.options = val; /* options */
  return GN_OK;
}

static int parse_args(int argc, char **argv, map_args *a) {
  gn_error err = {0};
  int compare = 0, mapper_named = 0;
  cli_seen seen = {0};
  memset(a, 0, sizeof *a);
  a->format = "table";
  a->mp = (mapper_params){.seed = 1}; /* seed 1: --seed's default */
  /* The mapper, communication factor and time limit start at the kind's defaults (runner/exp_map.c). */
  for (const experiment_param *p = experiment_map.params; p->key; p++)
    if (strcmp(p->key, "mapper") == 0)
      a->mappers = p->default_value;
    else if (strcmp(p->key, "comm_factor") == 0)
      a->mp.comm_factor = strtod(p->default_value, NULL);
    else if (strcmp(p->key, "time_limit") == 0)
      a->mp.time_limit_s = strtod(p->default_value, NULL);
  for (int i = 1; i < argc; i++) {
    const char *opt = argv[i];
    if (strcmp(opt, "--list") == 0) {
      a->list = 1;
      continue;
    }
    if (strcmp(opt, "--compare") == 0) {
      a->mappers = compare_set;
      compare = 1;
      continue;
    }
    if (strcmp(opt, "--no-time") == 0) {
      a->no_time = 1;
      continue;
    }
    if (strcmp(opt, "--assignment") == 0) {
      a->assignment = 1;
      continue;
    }
    if (opt[0] != '-' || opt[1] == '\0') {
      if (a->graph)
        return cli_usage_error("map", "one GRAPH expected, got '%s' and '%s'", a->graph, opt);
      a->graph = opt;
      continue;
    }
    const experiment_param *p = experiment_param_by_option(experiment_map.params, opt);
    if (!p && !is_local_option(opt))
      return unknown_option(opt);
    if (i + 1 >= argc)
      return cli_usage_error("map", "option %s needs a value (see gridnoc map --help)", opt);
    const char *val = argv[++i];
    if (cli_option_once(&seen, p ? p->key : opt, opt, val, &err))
      return cli_usage_error("map", "%s", err.msg);
    int rc = GN_OK;
    if (p)
      rc = set_param(a, p, opt, val, &mapper_named, &err);
    else if (strcmp(opt, "--seed") == 0)
      rc = cli_parse_seed(opt, val, &a->mp.seed, &err);
    else if (strcmp(opt, "--format") == 0)
      a->format = val;
    else if (strcmp(opt, "--partition-out") == 0)
      a->partition_out = val;
    else if (strcmp(opt, "--partition") == 0)
      a->partition_in = val;
    else
      a->dot_out = val; /* --dot, the last option taking a value */
    if (rc)
      return cli_usage_error("map", "%s", err.msg);
  }
  if (a->list && a->graph)
    return cli_usage_error("map", "--list lists the mappers: it takes no GRAPH (got '%s')", a->graph);
  /* --partition FILE evaluates a given cut: the `file` mapper, N from the file unless -n says it. */
  if (a->partition_in && (compare || mapper_named || a->mp.options))
    return cli_usage_error("map", "--partition evaluates the given cut: -m, --compare and --options do not apply");
  if (a->partition_in) {
    snprintf(a->file_options, sizeof a->file_options, "path=%s", a->partition_in);
    a->mappers = "file";
    a->mp.options = a->file_options;
    if (!a->mp.n_stages && mapper_file_stages(a->partition_in, &a->mp.n_stages, &err))
      return cli_report(&err);
  }
  /* --compare names its own mappers: with -m too, which set was meant is unknown. */
  if (compare && mapper_named)
    return cli_usage_error("map", "--compare and -m exclude each other (--compare = -m %s)", compare_set);
  if (strcmp(a->format, "table") && strcmp(a->format, "csv") && strcmp(a->format, "json"))
    return cli_usage_error("map", "--format '%s': expected table, csv or json", a->format);
  return 0;
}

static void list_mappers(void) {
  for (int i = 0; mapper_registry[i]; i++)
    printf("%-8s %s\n", mapper_registry[i]->name, mapper_registry[i]->summary);
  printf("Any name may end in +refine (e.g. dpma+refine): the result is then improved by single-task moves\n"
         "out of the bottleneck stage.\n");
}

/* Split the comma list into names (in place in buf), each checked against the registry. */
static int split_mappers(char *buf, const char **names, int *n) {
  *n = 0;
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    gn_error err = {0};
    if (*n == MAX_MAPPERS)
      return cli_usage_error("map", "at most %d mappers at once", MAX_MAPPERS);
    if (!mapper_find(tok, &err))
      return cli_report(&err);
    for (int k = 0; k < *n; k++)
      if (strcmp(names[k], tok) == 0)
        return cli_usage_error("map", "mapper '%s' is named twice", tok);
    names[(*n)++] = tok;
  }
  if (*n == 0)
    return cli_usage_error("map", "-m needs at least one mapper name");
  return 0;
}

/* A 'mapper.key=value' option must name one of the mappers being run: any other would be silently ignored. */
static int check_option_prefixes(const char *options, const char *const *names, int n) {
  for (const char *p = options; p && *p;) {
    size_t len = strcspn(p, ","), key_len = strcspn(p, "=");
    const char *dot = memchr(p, '.', key_len < len ? key_len : len);
    if (dot) {
      int named = 0;
      for (int k = 0; k < n && !named; k++)
        named = strlen(names[k]) == (size_t)(dot - p) && strncmp(names[k], p, (size_t)(dot - p)) == 0;
      if (!named)
        return cli_usage_error("map", "option '%.*s' is for mapper '%.*s', which is not run (-m)", (int)len, p,
                               (int)(dot - p), p);
    }
    p += len + (p[len] == ',');
  }
  return 0;
}

/* A number the way result rows write it (gn_format_double). */
static void add_number(strbuf *b, double v) {
  char buf[64];
  gn_format_double(buf, sizeof buf, v);
  strbuf_add(b, buf);
}

static void emit_table(strbuf *b, const map_args *a, const taskgraph *g, const char *const *names,
                       const map_result *r, int n) {
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  char lb[32];
  gn_format_double(lb, sizeof lb, r[0].metrics.lower_bound);
  strbuf_addf(b, "graph %s: %d tasks, %d edges, total load %.10g; %d stages, comm factor %.10g, seed %llu, LB %s\n",
              a->graph, st.n_tasks, st.n_edges, st.total_load, a->mp.n_stages, a->mp.comm_factor,
              (unsigned long long)a->mp.seed, lb);
  strbuf_addf(b, "%-16s %12s %12s %9s %9s %12s %10s %9s", "mapper", "period", "bound", "T/LB", "imbalance",
              "cut_volume", "status", "gap");
  if (!a->no_time)
    strbuf_addf(b, " %10s", "time_ms");
  strbuf_add(b, "\n");
  for (int i = 0; i < n; i++) {
    const partition_metrics *m = &r[i].metrics;
    double gap = m->period > 0 ? (m->period - r[i].status.bound) / m->period : 0;
    /* ratios in fixed point while they fit the column; a period near 1e300 over a small bound would print 300 digits */
    strbuf_addf(b, "%-16s %12.6g %12.6g", names[i], m->period, r[i].status.bound);
    if (fabs(m->t_over_lb) < 1e4 && fabs(m->imbalance) < 1e4)
      strbuf_addf(b, " %9.4f %9.4f", m->t_over_lb, m->imbalance);
    else
      strbuf_addf(b, " %9.3g %9.3g", m->t_over_lb, m->imbalance);
    strbuf_addf(b, " %12.6g %10s %9.4f", m->cut_volume, r[i].status.status, gap);
    if (!a->no_time)
      strbuf_addf(b, " %10.3f", 1e3 * r[i].seconds);
    strbuf_add(b, "\n");
  }
  for (int i = 0; a->assignment && i < n; i++)
    map_stages_table(b, names[i], g, r[i].p, a->mp.comm_factor);
}

/* csv and json carry the `map` kind's metric row, byte for byte what a scenario run writes. */
static int emit_rows(strbuf *b, const map_args *a, const taskgraph *g, const char *const *names,
                     const map_result *r, int n) {
  int csv = strcmp(a->format, "csv") == 0;
  if (csv) {
    strbuf_add(b, "graph,mapper,stages,comm_factor,seed");
    for (int k = 0; map_metrics[k].name; k++)
      strbuf_addf(b, ",%s", map_metrics[k].name);
    strbuf_add(b, "\n");
  } else {
    strbuf_add(b, "{\"graph\": ");
    strbuf_add_json(b, a->graph);
    strbuf_addf(b, ", \"stages\": %d, \"comm_factor\": ", a->mp.n_stages);
    add_number(b, a->mp.comm_factor);
    strbuf_addf(b, ", \"seed\": %llu, \"results\": [", (unsigned long long)a->mp.seed);
  }
  for (int i = 0; i < n; i++) {
    gn_kvlist kv = GN_KVLIST_INIT;
    if (map_result_metrics(g, &r[i], &kv)) {
      gn_kv_free(&kv);
      return GN_ENOMEM;
    }
    if (csv) {
      csv_add_field(b, a->graph);
      strbuf_add(b, ",");
      csv_add_field(b, names[i]);
      strbuf_addf(b, ",%d,", a->mp.n_stages);
      add_number(b, a->mp.comm_factor);
      strbuf_addf(b, ",%llu", (unsigned long long)a->mp.seed);
      for (size_t k = 0; k < kv.n; k++) {
        strbuf_add(b, ",");
        csv_add_field(b, kv.items[k].value);
      }
      strbuf_add(b, "\n");
    } else {
      strbuf_add(b, i ? ",\n  {\"mapper\": " : "\n  {\"mapper\": ");
      strbuf_add_json(b, names[i]);
      for (size_t k = 0; k < kv.n; k++) {
        strbuf_addf(b, ", \"%s\": ", kv.items[k].key);
        if (strcmp(kv.items[k].key, "status") == 0)
          strbuf_add_json(b, kv.items[k].value);
        else
          strbuf_add(b, kv.items[k].value);
      }
      if (!a->no_time)
        strbuf_addf(b, ", \"time_s\": %.6f", r[i].seconds);
      if (a->assignment)
        map_stages_json(b, g, r[i].p, a->mp.comm_factor);
      strbuf_add(b, "}");
    }
    gn_kv_free(&kv);
  }
  if (!csv)
    strbuf_add(b, "\n]}\n");
  return GN_OK;
}

/* The files of the single mapper run: partition file and DOT drawing, both or neither. */
static int write_files(const map_args *a, const taskgraph *g, const partition *p) {
  gn_error err = {0};
  if (a->partition_out && partition_write_file(g, p, a->partition_out, &err))
    return cli_report(&err);
  if (a->dot_out && dot_write_file(g, p, a->dot_out, &err)) {
    gn_file_remove_output(a->partition_out);
    return cli_report(&err);
  }
  return 0;
}

int cmd_map(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    usage();
    return 0;
  }
  map_args a;
  int rc = parse_args(argc, argv, &a);
  if (rc)
    return rc;
  if (a.list) {
    list_mappers();
    return 0;
  }
  if (!a.graph)
    return cli_usage_error("map", "missing GRAPH (see gridnoc map --help)");
  if (a.mp.n_stages == 0)
    return cli_usage_error("map", "missing -n N, the number of pipeline stages");
  char *list = strdup(a.mappers);
  const char *names[MAX_MAPPERS];
  int n = 0;
  if (!list)
    return cli_usage_error("map", "out of memory");
  rc = split_mappers(list, names, &n);
  if (rc == 0)
    rc = check_option_prefixes(a.mp.options, names, n);
  if (rc == 0 && a.assignment && strcmp(a.format, "csv") == 0)
    rc = cli_usage_error("map", "--assignment prints with --format table or json (a CSV row holds one mapping's metrics)");
  if (rc == 0 && n > 1 && (a.partition_out || a.dot_out))
    rc = cli_usage_error("map", "--partition-out and --dot need a single mapper (got %d)", n);
  taskgraph *g = NULL;
  gn_error err = {0};
  const char *outputs[] = {a.partition_out, a.dot_out};
  if (rc == 0 && cli_check_outputs(outputs, 2, &err))
    rc = cli_report(&err);
  if (rc == 0 && graph_source_load(a.graph, &g, &err))
    rc = cli_report(&err);
  map_result r[MAX_MAPPERS];
  int done = 0;
  for (; rc == 0 && done < n; done++)
    if (map_run(g, names[done], &a.mp, &r[done], &err)) {
      /* The mapper's own messages name no file: say which graph and mapper ran out of memory. */
      if (err.code == GN_ENOMEM && strncmp(err.msg, "out of memory", 13) == 0)
        gn_error_prefix(&err, "%s: mapper %s: ", a.graph, names[done]);
      rc = cli_report(&err);
      break;
    }
  strbuf out = STRBUF_INIT;
  if (rc == 0) {
    if (strcmp(a.format, "table") == 0)
      emit_table(&out, &a, g, names, r, n);
    else if (emit_rows(&out, &a, g, names, r, n))
      out.oom = 1;
    if (out.oom) {
      gn_error_set(&err, GN_ENOMEM, NULL, 0, "out of memory writing the results");
      rc = cli_report(&err);
    }
  }
  if (rc == 0)
    rc = write_files(&a, g, r[0].p);
  if (rc == 0 && (fwrite(strbuf_str(&out), 1, out.len, stdout) != out.len || fflush(stdout))) {
    gn_error_set(&err, GN_EFAIL, "stdout", 0, "write failed");
    rc = cli_report(&err);
  }
  for (int i = 0; i < done; i++)
    map_result_free(&r[i]);
  strbuf_free(&out);
  taskgraph_free(g);
  free(list);
  return rc;
}
