/* cmd_saturation: `gridnoc saturation` — fixed flows on a NoC chip at saturation: each flow's accepted
 * throughput and the busiest links, under a link-sharing rule (the `saturation` experiment kind). */
#include "cli.h"
#include "commands.h"
#include "exp_saturation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Options of `gridnoc saturation` that are not saturation parameters (those come from the kind's table,
 * runner/exp_saturation.c). */
static const char *const local_options[] = {"--seed", "--csv", "--help", NULL};

static void usage(void) {
  printf("usage: gridnoc saturation [--flows PATTERN|SRC->DST,...] [--link-sharing rr|age|tcp|oldest] [options]\n"
         "Fixed flows inject as fast as the network accepts; prints each flow's accepted throughput (a share of\n"
         "one mesh link, i.e. flits per cycle) and the busiest links. Computed exactly from the sharing rule\n"
         "(docs/noc-validation.md compares it with BookSim2).\n\noptions (defaults in brackets):\n");
  cli_print_param_options(experiment_saturation.params, 20);
  printf("  %-20s seed of the uniform pattern [1]\n  %-20s print a CSV header and row (parameters then metrics)\n",
         "--seed S", "--csv");
}

static int parse_args(int argc, char **argv, gn_kvlist *params, uint64_t *seed, int *csv) {
  gn_error err = {0};
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (strcmp(arg, "--csv") == 0) {
      *csv = 1;
      continue;
    }
    const experiment_param *p = experiment_param_by_option(experiment_saturation.params, arg);
    if (!p && strcmp(arg, "--seed")) {
      const char *known[64];
      cli_known_options(experiment_saturation.params, local_options, known, 64);
      return arg[0] == '-' ? cli_unknown_option("saturation", arg, known)
                           : cli_usage_error("saturation", "takes no argument '%s' (flows: --flows)", arg);
    }
    if (i + 1 >= argc)
      return cli_usage_error("saturation", "%s needs a value", arg);
    const char *val = argv[++i];
    if (cli_option_once(&seen, p ? p->key : arg, arg, val, &err))
      return cli_usage_error("saturation", "%s", err.msg);
    if (!p) {
      if (cli_parse_seed("--seed", val, seed, &err))
        return cli_report(&err);
    } else if (gn_kv_set(params, p->key, val)) {
      return cli_usage_error("saturation", "out of memory");
    }
  }
  if (experiment_check_params(&experiment_saturation, params, "gridnoc saturation", &err) ||
      experiment_saturation.check_run(params, &err))
    return cli_report(&err);
  return 0;
}

static void print_result(const gn_kvlist *params, const noc_chip *chip, const noc_saturation *s) {
  printf("chip %s (%dx%d), %d flow(s) (%s), %s link sharing, ports %s\n", chip->name, chip->width, chip->height,
         s->n_flows, gn_kv_get(params, "flows"), gn_kv_get(params, "link_sharing"), chip->ports ? "on" : "off");
  printf("flow  source  target  hops  accepted (share of a link)  B/s\n");
  for (int f = 0; f < s->n_flows; f++) {
    const noc_share_flow *fl = &s->flows[f];
    char a[16], b[16];
    snprintf(a, sizeof a, "%d:%d", noc_core_x(chip, fl->src), noc_core_y(chip, fl->src));
    snprintf(b, sizeof b, "%d:%d", noc_core_x(chip, fl->dst), noc_core_y(chip, fl->dst));
    printf("%4d  %-6s  %-6s  %4d  %-26.6g  %.6g\n", f + 1, a, b, noc_hops(chip, fl->src, fl->dst), s->share[f],
           s->rate[f]);
  }
  printf("accepted: total %.6g links' worth, per flow min %.6g max %.6g mean %.6g\n", s->accepted_total,
         s->share_min, s->share_max, s->share_mean);
  printf("busiest links:");
  unsigned char *shown = calloc((size_t)noc_link_id_count(chip), 1);
  for (int i = 0; shown && i < 5; i++) {
    int best = -1;
    for (int l = 0; l < noc_link_id_count(chip); l++)
      if (!shown[l] && s->load[l] > 0 && (best < 0 || s->load[l] > s->load[best]))
        best = l;
    if (best < 0)
      break;
    shown[best] = 1;
    char name[32];
    noc_link_name(chip, best, name, sizeof name);
    printf(" %s %.3f", name, s->load[best]);
  }
  free(shown);
  printf("\n");
}

int cmd_saturation(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    usage();
    return 0;
  }
  gn_kvlist params = GN_KVLIST_INIT, metrics = GN_KVLIST_INIT;
  uint64_t seed = 1;
  int csv = 0, status = parse_args(argc, argv, &params, &seed, &csv);
  if (status) {
    gn_kv_free(&params);
    return status;
  }
  gn_error err = {0};
  noc_chip *chip = NULL;
  noc_saturation s;
  int rc = saturation_execute(&params, seed, &chip, &s, &err);
  if (rc == GN_OK) {
    if (saturation_metrics(&s, &metrics))
      rc = gn_error_set(&err, GN_ENOMEM, NULL, 0, "out of memory");
    else if (csv)
      cli_print_csv_row(experiment_saturation.params, &params, &metrics, seed);
    else
      print_result(&params, chip, &s);
    noc_saturation_free(&s);
  }
  status = rc ? cli_report(&err) : 0;
  noc_chip_free(chip);
  gn_kv_free(&metrics);
  gn_kv_free(&params);
  return status;
}
