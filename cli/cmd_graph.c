/* cmd_graph: `gridnoc graph gen | info | convert | dot`: generate, inspect and convert task graphs. */
#include "cli.h"
#include "commands.h"
#include "dot.h"
#include "gn_file.h"
#include "gn_kv.h"
#include "graph_source.h"
#include "partition_io.h"
#include "stg.h"
#include "taskgraph_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct graph_action {
  const char *name;
  const char *usage;
  const char *summary;
  int (*run)(int argc, char **argv);
} graph_action;

/* Text to the -o file (atomically) or to standard output. */
static int emit(const char *text, size_t len, const char *out_path) {
  gn_error err = {0};
  if (out_path) {
    if (gn_file_write_atomic(out_path, text, len, &err))
      return cli_report(&err);
    return 0;
  }
  if (fwrite(text, 1, len, stdout) != len || fflush(stdout)) {
    gn_error_set(&err, GN_EFAIL, "stdout", 0, "write failed");
    return cli_report(&err);
  }
  return 0;
}

static int load(const char *spec, taskgraph **g) {
  gn_error err = {0};
  if (graph_source_load(spec, g, &err))
    return cli_report(&err);
  return 0;
}

static int parse_layout(const char *cmd, const char *text, stg_layout *layout) {
  if (strcmp(text, "plain") == 0)
    *layout = STG_LAYOUT_PLAIN;
  else if (strcmp(text, "comm") == 0)
    *layout = STG_LAYOUT_COMM;
  else
    return cli_usage_error(cmd, "--layout '%s': expected plain or comm", text);
  return 0;
}

/* The comm layout when any volume is non-zero (plain STG would drop them), else plain. */
static stg_layout default_layout(const taskgraph *g) {
  for (int e = 0; e < g->n_edges; e++)
    if (g->edge[e].volume != 0)
      return STG_LAYOUT_COMM;
  return STG_LAYOUT_PLAIN;
}

static int write_stg(const taskgraph *g, const char *layout_text, const char *out_path, const char *cmd) {
  stg_layout layout = default_layout(g);
  if (layout_text && parse_layout(cmd, layout_text, &layout))
    return 2;
  gn_error err = {0};
  char *text;
  size_t len;
  if (stg_write(g, layout, &text, &len, &err))
    return cli_report(&err);
  int rc = emit(text, len, out_path);
  free(text);
  return rc;
}

/* Options shared by the actions: -o FILE, --layout L, --format F, --partition FILE; the rest is positional. */
typedef struct {
  const char *out, *layout, *format, *partition;
  char **positional;
  int n_positional;
} graph_args;

static int parse_args(const char *cmd, int argc, char **argv, graph_args *a, const char *allowed) {
  memset(a, 0, sizeof *a);
  a->positional = calloc((size_t)argc + 1, sizeof *a->positional);
  if (!a->positional)
    return cli_usage_error(cmd, "out of memory");
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    const char *opt = argv[i];
    const char **slot = NULL;
    if (strcmp(opt, "-o") == 0 || strcmp(opt, "--output") == 0)
      slot = &a->out;
    else if (strcmp(opt, "--layout") == 0)
      slot = &a->layout;
    else if (strcmp(opt, "--format") == 0)
      slot = &a->format;
    else if (strcmp(opt, "--partition") == 0)
      slot = &a->partition;
    if (!slot && opt[0] == '-' && opt[1])
      return cli_unknown_option(cmd, opt, (const char *const[]){"-o", "--output", "--layout", "--format", "--partition",
                                                                "--help", NULL});
    if (!slot) {
      a->positional[a->n_positional++] = argv[i];
      continue;
    }
    const char *key = opt[1] == '-' ? opt + 2 : "output";
    if (!strstr(allowed, key))
      return cli_usage_error(cmd, "option %s does not apply here", opt);
    if (i + 1 >= argc)
      return cli_usage_error(cmd, "option %s needs a value", opt);
    gn_error err = {0};
    if (cli_option_once(&seen, key, opt, argv[i + 1], &err))
      return cli_usage_error(cmd, "%s", err.msg);
    *slot = argv[++i];
  }
  return 0;
}

/* The actions reading one GRAPH: options, then the graph itself. On failure *g stays NULL. */
static int load_one(const char *cmd, int argc, char **argv, const char *allowed, graph_args *a, taskgraph **g) {
  *g = NULL;
  int rc = parse_args(cmd, argc, argv, a, allowed);
  if (rc == 0 && a->n_positional != 1)
    rc = cli_usage_error(cmd, "expected one GRAPH, got %d (see gridnoc graph --help)", a->n_positional);
  if (rc == 0)
    rc = load(a->positional[0], g);
  return rc;
}

/* gen: positional KEY=VAL (or --KEY VAL / --KEY=VAL) generator parameters. */
static int graph_gen(int argc, char **argv) {
  const char *cmd = "graph gen";
  taskgraph_gen_params p;
  taskgraph_gen_defaults(&p);
  const char *out = NULL, *layout = NULL;
  gn_error err = {0};
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    char buf[256];
    const char *arg = argv[i];
    if (strcmp(arg, "-o") == 0 || strcmp(arg, "--output") == 0 || strcmp(arg, "--layout") == 0) {
      if (i + 1 >= argc)
        return cli_usage_error(cmd, "option %s needs a value", arg);
      int is_layout = strcmp(arg, "--layout") == 0;
      if (cli_option_once(&seen, is_layout ? "--layout" : "--output", arg, argv[i + 1], &err))
        return cli_usage_error(cmd, "%s", err.msg);
      *(is_layout ? &layout : &out) = argv[++i];
      continue;
    }
    if (strncmp(arg, "--", 2) == 0 && !strchr(arg, '=')) { /* a key given twice: refused by taskgraph_gen_set */
      if (i + 1 >= argc)
        return cli_usage_error(cmd, "option %s needs a value", arg);
      snprintf(buf, sizeof buf, "%s=%s", arg + 2, argv[++i]);
    } else
      snprintf(buf, sizeof buf, "%s", strncmp(arg, "--", 2) == 0 ? arg + 2 : arg);
    char *eq = strchr(buf, '=');
    if (!eq)
      return cli_usage_error(cmd, "'%s' is not KEY=VALUE (see gridnoc graph --help)", arg);
    *eq = '\0';
    if (taskgraph_gen_set(&p, buf, eq + 1, &err))
      return cli_report(&err);
  }
  taskgraph *g;
  if (taskgraph_gen_generate(&p, &g, &err))
    return cli_report(&err);
  int rc = write_stg(g, layout, out, cmd);
  taskgraph_free(g);
  return rc;
}

static void csv_field(FILE *f, const char *s) {
  if (!strpbrk(s, ",\"\n")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fprintf(f, "\\%c", *s);
    else if ((unsigned char)*s < 0x20)
      fprintf(f, "\\u%04x", *s);
    else
      fputc(*s, f);
  }
  fputc('"', f);
}

/* info rows: statistics of the graph as key/value pairs (the first, "graph", is text; the rest numbers). */
static int info_rows(const char *spec, const taskgraph *g, gn_kvlist *kv) {
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  int rc = gn_kv_set(kv, "graph", spec);
  rc |= gn_kv_set_long(kv, "tasks", st.n_tasks);
  rc |= gn_kv_set_long(kv, "edges", st.n_edges);
  rc |= gn_kv_set_double(kv, "total_load", st.total_load);
  rc |= gn_kv_set_double(kv, "max_load", st.max_load);
  rc |= gn_kv_set_double(kv, "total_volume", st.total_volume);
  rc |= gn_kv_set_double(kv, "cp_length", st.cp_length);
  rc |= gn_kv_set_double(kv, "parallelism", st.parallelism);
  rc |= gn_kv_set_double(kv, "ccr", st.ccr);
  rc |= gn_kv_set_long(kv, "depth", st.depth);
  return rc;
}

static int graph_info(int argc, char **argv) {
  const char *cmd = "graph info";
  graph_args a;
  taskgraph *g;
  int rc = load_one(cmd, argc, argv, "format", &a, &g);
  const char *format = a.format ? a.format : "text";
  if (rc == 0 && strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "csv"))
    rc = cli_usage_error(cmd, "--format '%s': expected text, json or csv", format);
  gn_kvlist kv = GN_KVLIST_INIT;
  if (rc == 0 && info_rows(a.positional[0], g, &kv))
    rc = cli_usage_error(cmd, "out of memory");
  if (rc == 0) {
    for (size_t i = 0; i < kv.n; i++) {
      const char *k = kv.items[i].key, *v = kv.items[i].value;
      if (strcmp(format, "text") == 0)
        printf("%-13s %s\n", k, v);
      else if (strcmp(format, "csv") == 0) {
        csv_field(stdout, k);
        putchar(i + 1 < kv.n ? ',' : '\n');
      } else {
        printf(i == 0 ? "{" : ", ");
        json_string(stdout, k);
        printf(": ");
        if (i == 0)
          json_string(stdout, v);
        else
          fputs(v, stdout);
        if (i + 1 == kv.n)
          printf("}\n");
      }
    }
    for (size_t i = 0; strcmp(format, "csv") == 0 && i < kv.n; i++) {
      csv_field(stdout, kv.items[i].value);
      putchar(i + 1 < kv.n ? ',' : '\n');
    }
  }
  gn_kv_free(&kv);
  taskgraph_free(g);
  free(a.positional);
  return rc;
}

static int graph_convert(int argc, char **argv) {
  const char *cmd = "graph convert";
  graph_args a;
  taskgraph *g;
  int rc = load_one(cmd, argc, argv, "output layout", &a, &g);
  if (rc == 0)
    rc = write_stg(g, a.layout, a.out, cmd);
  taskgraph_free(g);
  free(a.positional);
  return rc;
}

static int graph_dot(int argc, char **argv) {
  const char *cmd = "graph dot";
  graph_args a;
  taskgraph *g;
  partition *p = NULL;
  gn_error err = {0};
  int rc = load_one(cmd, argc, argv, "output partition", &a, &g);
  if (rc == 0 && a.partition && partition_read_file(g, a.partition, &p, &err))
    rc = cli_report(&err);
  char *text = NULL;
  size_t len;
  if (rc == 0 && dot_write(g, p, &text, &len, &err))
    rc = cli_report(&err);
  if (rc == 0)
    rc = emit(text, len, a.out);
  free(text);
  partition_free(p);
  taskgraph_free(g);
  free(a.positional);
  return rc;
}

static const graph_action graph_actions[] = {
    {"gen", "gen [KEY=VALUE...] [--layout plain|comm] [-o FILE]",
     "generate a random graph, written as STG (comm layout when it has volumes)", graph_gen},
    {"info", "info GRAPH [--format text|json|csv]",
     "tasks, edges, total load, critical-path length, parallelism, CCR, depth", graph_info},
    {"convert", "convert GRAPH [--layout plain|comm] [-o FILE]", "write GRAPH as STG", graph_convert},
    {"dot", "dot GRAPH [--partition FILE] [-o FILE]", "write GRAPH as Graphviz DOT, tasks coloured by stage",
     graph_dot},
    {NULL, NULL, NULL, NULL},
};

static void graph_help(void) {
  printf("usage: gridnoc graph ACTION ...\n\nactions:\n");
  for (const graph_action *a = graph_actions; a->name; a++)
    printf("  gridnoc graph %-48s %s\n", a->usage, a->summary);
  printf("\nGRAPH names a graph: a file (.stg: STG, .xml/.sdf3: SDF3; otherwise sniffed) with optional\n"
         "'?key=value&...' options (STG: layout=plain|comm, volume=V; SDF3: token_bytes=B),\n"
         "or gen:KEY=VALUE,... (the generator parameters below).\n\n"
         "generator parameters (gen):\n"
         "  method=NAME   precedence method (default sameprob):\n");
  for (const taskgraph_gen_method *m = taskgraph_gen_methods; m->name; m++)
    printf("      %-9s %s\n", m->name, m->summary);
  printf("  times=NAME    processing-time law (default unif):\n");
  for (const taskgraph_gen_times *t = taskgraph_gen_time_laws; t->name; t++)
    printf("      %-9s %s\n", t->name, t->summary);
  printf("  tasks=N       number of tasks (default 50)\n"
         "  preds=X       mean predecessors per task (default 2; Poisson mean for the *pred methods)\n"
         "  prob=P        edge probability of the *prob methods (default: derived from preds)\n"
         "  layers=L      layers of the layr* methods (default round(sqrt(tasks)))\n"
         "  ccr=C         total edge volume / total load (default 0: no volumes)\n"
         "  seed=S        random seed (default 1)\n");
}

int cmd_graph(int argc, char **argv) {
  if (argc < 2) {
    graph_help();
    return cli_usage_error("graph", "an action is needed (the list above)");
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
    graph_help();
    return 0;
  }
  for (const graph_action *a = graph_actions; a->name; a++)
    if (strcmp(a->name, argv[1]) == 0) {
      if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        printf("usage: gridnoc graph %s\n%s\n", a->usage, a->summary);
        return 0;
      }
      return a->run(argc - 1, argv + 1);
    }
  const char *names[8];
  int n = 0;
  for (const graph_action *a = graph_actions; a->name; a++)
    names[n++] = a->name;
  const char *close = gn_closest(argv[1], names, n);
  return cli_usage_error("graph", "unknown action '%s'%s%s%s (gen, info, convert, dot)", argv[1],
                         close ? " (did you mean '" : "", close ? close : "", close ? "'?)" : "");
}
