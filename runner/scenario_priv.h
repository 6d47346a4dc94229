/* scenario_priv: helpers shared by the scenario parsing files (not part of the scenario API). */
#ifndef SCENARIO_PRIV_H
#define SCENARIO_PRIV_H

#include "scenario.h"

#include <libconfig.h>

/* GN_EINPUT "path:line(setting): msg". */
int scenario_bad(gn_error *err, const scenario *sc, const config_setting_t *s, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Unknown key `name` under setting s: error naming the closest of `known` (NULL-terminated). */
int scenario_unknown_key(gn_error *err, const scenario *sc, const config_setting_t *s, const char *what,
                         const char *const *known);
/* Every member of group must be one of `known`; else the unknown_key error for the first that is not. */
int scenario_check_keys(gn_error *err, const scenario *sc, const config_setting_t *group, const char *what,
                        const char *const *known);
/* Canonical text of a scalar setting (int, int64, float, bool, string); NULL if s is not a scalar. */
char *scenario_scalar_text(const config_setting_t *s);
/* The values of a scalar or of an array/list of scalars, as canonical texts. */
int scenario_values(const scenario *sc, const config_setting_t *s, char ***values, size_t *n, gn_error *err);
void scenario_free_strings(char **v, size_t n);
/* Append an axis (takes ownership of values). */
int scenario_add_axis(scenario *sc, const char *key, char **values, size_t n, int line, gn_error *err);

/* The `graphs` section: one axis of graph-source strings (mapper/graph_source.h). */
int scenario_parse_graphs(scenario *sc, const config_setting_t *graphs, gn_error *err);
/* The `slurm` and `simgrid_cfg` settings (scenario_cluster.c). */
int scenario_parse_cluster(scenario *sc, const config_setting_t *root, gn_error *err);
/* Refuse a scenario of more than SCENARIO_RUNS_MAX runs (overflow-safe product), naming the setting that
 * pushes it over (repeat or the root). */
int scenario_check_run_count(const scenario *sc, const config_setting_t *root, gn_error *err);
/* The kind's check_run on every distinct parameter combination (the first SCENARIO_COMBINATIONS_CHECKED; past
 * them a run that fails it fails on its own), GN_EINPUT "path:line: run N (key=value, ...): msg" naming `at`. */
#define SCENARIO_COMBINATIONS_CHECKED 100000
int scenario_check_combinations(const scenario *sc, const config_setting_t *at, gn_error *err);
/* Number literals as written (scenario_numbers.c): a plain integer past 32 bits, an L integer past 64 bits
 * and hexadecimal are GN_EINPUT "path:line: ..." (libconfig would wrap, clamp or accept them silently). */
int scenario_check_numbers(const char *text, const char *path, gn_error *err);
/* The `plots` section. */
int scenario_parse_plots(scenario *sc, const config_setting_t *plots, gn_error *err);
/* The `pictures` section (after the sweep: run indices are checked against the run count). */
int scenario_parse_pictures(scenario *sc, const config_setting_t *pictures, gn_error *err);

#endif
