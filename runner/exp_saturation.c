/* exp_saturation: the `saturation` experiment kind (models/noc/noc_saturation.h). */
#include "exp_saturation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The `saturation` kind's parameters, declared once: scenario files, the CSV header (in this order) and `gridnoc
 * saturation`'s options and --help (in `rank` order, then the rest in this order) read them. */
static const experiment_param saturation_params[] = {
    {.key = "chip", .type = EXP_STRING, .default_value = "4x4",
     .help = "chip preset (mesh20, mesh50, mesh100, tile64, epiphany16) or WxH", .rank = 2},
    {.key = "broken", .type = EXP_STRING, .default_value = "",
     .help = "cores broken at manufacture (they neither send nor receive): X:Y,X:Y,..."},
    {.key = "flows", .type = EXP_STRING, .default_value = "parking-lot",
     .help = "the flows: parking-lot, column-merge, transpose, hotspot[:X:Y], uniform (one random destination per "
             "core, from the seed) or a list SRC->DST,... of cores X:Y",
     .rank = 1},
    {.key = "link_sharing", .type = EXP_STRING, .default_value = "rr",
     .help = "how flows share a router output: rr (round-robin per input port), age (equal shares per flow; alias "
             "fair), tcp (SimGrid CM02: by route latency) or oldest (first come, first served by message start: "
             "back-to-back messages, time-averaged)",
     .rank = 3},
    {.key = "ports", .type = EXP_STRING, .default_value = "on",
     .help = "injection and ejection port per core (on or off)"},
    {.key = "port_bw", .type = EXP_DOUBLE, .default_value = "0",
     .help = "bandwidth of a core's injection and ejection ports, B/s (0: the mesh link's)", .unit = "B/s", .min = 0,
     .max = 1e15},
    {.key = NULL},
};

/* The `saturation` kind's metric columns, in CSV order, each declared once (analysis/metric_info.h). Shares are of
 * one mesh link's bandwidth (flits per cycle on a cycle-level router). */
static const metric_info saturation_metrics_info[] = {
    {"n_flows", "flows", NULL, METRIC_COUNT},
    {"accepted_total", "accepted throughput, all flows", "links' worth", METRIC_VALUE},
    {"share_min", "smallest flow's accepted share of a link", NULL, METRIC_SHARE},
    {"share_max", "largest flow's accepted share of a link", NULL, METRIC_SHARE},
    {"share_mean", "mean flow's accepted share of a link", NULL, METRIC_SHARE},
    {"load_max", "busiest link's load", NULL, METRIC_SHARE},
    {"shares", "each flow's accepted share, in flow order", NULL, METRIC_WORD},
    {NULL, NULL, NULL, METRIC_VALUE},
};

int saturation_execute(const gn_kvlist *params, uint64_t seed, noc_chip **chip, noc_saturation *out, gn_error *err) {
  noc_traffic_pair *pairs = NULL;
  int n = 0;
  double port_bw = 0;
  gn_kv_get_double(params, "port_bw", &port_bw);
  const noc_share_rule *rule = noc_share_find(gn_kv_get(params, "link_sharing"), err);
  int rc = rule ? noc_chip_from_spec(gn_kv_get(params, "chip"), chip, err) : GN_EINPUT;
  if (rc == GN_OK)
    rc = noc_chip_set_broken_list(*chip, gn_kv_get(params, "broken"), err);
  if (rc == GN_OK) {
    (*chip)->ports = strcmp(gn_kv_get(params, "ports"), "off") != 0;
    if (port_bw > 0)
      (*chip)->port_bw_Bps = port_bw;
    rc = noc_traffic_parse(*chip, gn_kv_get(params, "flows"), seed, &pairs, &n, err);
  }
  if (rc == GN_OK)
    rc = noc_saturation_run(*chip, pairs, n, rule, out, err);
  free(pairs);
  return rc;
}

int saturation_metrics(const noc_saturation *s, gn_kvlist *m) {
  int rc = 0;
  rc |= gn_kv_set_long(m, "n_flows", s->n_flows);
  rc |= gn_kv_set_double(m, "accepted_total", s->accepted_total);
  rc |= gn_kv_set_double(m, "share_min", s->share_min);
  rc |= gn_kv_set_double(m, "share_max", s->share_max);
  rc |= gn_kv_set_double(m, "share_mean", s->share_mean);
  rc |= gn_kv_set_double(m, "load_max", s->load_max);
  size_t cap = (size_t)s->n_flows * 24 + 1, used = 0;
  char *list = malloc(cap);
  for (int f = 0; list && f < s->n_flows; f++)
    used += (size_t)snprintf(list + used, cap - used, "%s%.10g", f ? " " : "", s->share[f]);
  rc |= !list || gn_kv_set(m, "shares", list);
  free(list);
  return rc ? GN_ENOMEM : GN_OK;
}

static int saturation_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  noc_chip *chip = NULL;
  noc_saturation s;
  int rc = saturation_execute(params, seed, &chip, &s, err);
  if (rc == GN_OK) {
    if (saturation_metrics(&s, metrics))
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    noc_saturation_free(&s);
  }
  noc_chip_free(chip);
  return rc;
}

/* Values refused when the scenario or command line is read. The flows are checked on the run's chip (a list
 * names cores of it), in the run. */
static int saturation_check_param(const char *key, const char *value, gn_error *err) {
  if (strcmp(key, "link_sharing") == 0 && !noc_share_find(value, err))
    return GN_EINPUT;
  if (strcmp(key, "ports") == 0 && strcmp(value, "on") && strcmp(value, "off"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "ports must be on or off, got '%s'", value);
  if (strcmp(key, "chip") == 0) {
    noc_chip *chip = NULL;
    int rc = noc_chip_from_spec(value, &chip, err);
    noc_chip_free(chip);
    return rc;
  }
  return GN_OK;
}

/* The flows against the run's own chip, before anything runs. */
static int saturation_check_run(const gn_kvlist *params, gn_error *err) {
  noc_chip *chip = NULL;
  noc_traffic_pair *pairs = NULL;
  int n = 0;
  int rc = noc_chip_from_spec(gn_kv_get(params, "chip"), &chip, err);
  if (rc == GN_OK)
    rc = noc_chip_set_broken_list(chip, gn_kv_get(params, "broken"), err);
  if (rc == GN_OK)
    rc = noc_traffic_parse(chip, gn_kv_get(params, "flows"), 1, &pairs, &n, err);
  free(pairs);
  noc_chip_free(chip);
  return rc;
}

const experiment_kind experiment_saturation = {
    "saturation",
    "fixed flows on a NoC chip injecting as fast as the network accepts: accepted throughput per flow, link loads",
    saturation_params,
    saturation_metrics_info,
    saturation_run,
    saturation_check_param,
    saturation_check_run,
};
