/* scenario_cluster: the settings of a scenario that are not parameters of its runs: `slurm` (sbatch options
 * for every emitted job) and `simgrid_cfg` (SimGrid --cfg settings for every run). Neither enters the CSV or
 * the seeds, so changing them never invalidates a result file. */
#include "scenario_priv.h"

#include "gn_num.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

/* slurm = { time = "00:05:00"; mem = "200M"; partition = "p"; account = "a"; qos = "q"; cpus_per_task = 4;
 *           extra = "--constraint=x"; } -> "--time=00:05:00 --mem=200M ..." */
static const char *const slurm_keys[] = {"time", "mem", "partition", "account", "qos", "cpus_per_task", "extra",
                                         NULL};

static int parse_slurm(scenario *sc, const config_setting_t *g, gn_error *err) {
  if (!config_setting_is_group(g))
    return scenario_bad(err, sc, g, "'slurm' must be a group: slurm = { time = \"01:00:00\"; mem = \"2G\"; };");
  if (scenario_check_keys(err, sc, g, "slurm setting", slurm_keys))
    return err->code;
  strbuf b = STRBUF_INIT;
  int rc = GN_OK;
  long long cpus;
  for (int i = 0; slurm_keys[i] && !rc; i++) {
    const config_setting_t *s = config_setting_get_member(g, slurm_keys[i]);
    if (!s)
      continue;
    char *v = scenario_scalar_text(s);
    if (!v || !*v || strpbrk(v, "'\"\\`$;&|<>\n"))
      rc = scenario_bad(err, sc, s, "slurm %s: '%s' is not a plain sbatch value", slurm_keys[i], v ? v : "(a list)");
    else if (strcmp(slurm_keys[i], "cpus_per_task") == 0 && gn_num_int(v, 1, 100000, &cpus) != GN_NUM_OK)
      rc = scenario_bad(err, sc, s, "slurm cpus_per_task: '%s' is not a whole number in 1..100000", v);
    else if (strcmp(slurm_keys[i], "extra") == 0)
      strbuf_addf(&b, "%s%s", b.len ? " " : "", v);
    else {
      strbuf_addf(&b, "%s--", b.len ? " " : "");
      for (const char *k = slurm_keys[i]; *k; k++)
        strbuf_addn(&b, *k == '_' ? "-" : k, 1);
      strbuf_addf(&b, "=%s", v);
    }
    free(v);
  }
  if (!rc && b.oom)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (!rc)
    sc->sbatch = strdup(strbuf_str(&b));
  strbuf_free(&b);
  return rc || sc->sbatch ? rc : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
}

static int parse_simgrid_cfg(scenario *sc, const config_setting_t *s, gn_error *err) {
  int rc = scenario_values(sc, s, &sc->simgrid_cfg, &sc->nsimgrid_cfg, err);
  for (size_t i = 0; !rc && i < sc->nsimgrid_cfg; i++) {
    const char *kv = sc->simgrid_cfg[i], *colon = strchr(kv, ':');
    if (!colon || colon == kv || strchr(kv, ' '))
      rc = scenario_bad(err, sc, s, "simgrid_cfg: '%s' is not KEY:VALUE (e.g. \"tracing:yes\")", kv);
  }
  return rc;
}

int scenario_parse_cluster(scenario *sc, const config_setting_t *root, gn_error *err) {
  const config_setting_t *slurm = config_setting_get_member(root, "slurm");
  const config_setting_t *cfg = config_setting_get_member(root, "simgrid_cfg");
  int rc = slurm ? parse_slurm(sc, slurm, err) : GN_OK;
  if (!rc && cfg)
    rc = parse_simgrid_cfg(sc, cfg, err);
  return rc;
}
