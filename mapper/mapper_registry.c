/* mapper_registry: the table of mappers, lookup by name (with "+refine"), and the checked way to run one. */
#include "mapper.h"

#include "gn_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Adding a mapper = one mapper_<name>.c file + one line here (a fast one also joins best's portfolio in
 * mapper_best.c, so that best stays no worse than any mapper of this table). */
const mapper *const mapper_registry[] = {
    &mapper_best, &mapper_dpma, &mapper_dptaa, &mapper_saatsa, &mapper_chains, &mapper_exact, NULL,
};

static const char refine_suffix[] = "+refine";

/* Length of the base name: name without a trailing "+refine". */
static size_t base_length(const char *name, int *refine) {
  size_t len = strlen(name), sl = sizeof refine_suffix - 1;
  *refine = len > sl && strcasecmp(name + len - sl, refine_suffix) == 0;
  return *refine ? len - sl : len;
}

const mapper *mapper_find(const char *name, gn_error *err) {
  int refine;
  size_t len = base_length(name, &refine);
  /* `file` reads a given cut instead of computing one: outside the registry, which lists real mappers. */
  if (len == 4 && strncasecmp(name, "file", 4) == 0)
    return &mapper_file;
  const char *closest = NULL;
  int closest_d = 3; /* suggest only names within two edits */
  char list[256] = "";
  size_t used = 0;
  for (int i = 0; mapper_registry[i]; i++) {
    const char *known = mapper_registry[i]->name;
    if (strlen(known) == len && strncasecmp(known, name, len) == 0) /* names are case-insensitive */
      return mapper_registry[i];
    int d = gn_edit_distance(name, len, known, strlen(known));
    if (d < closest_d) {
      closest_d = d;
      closest = known;
    }
    if (used < sizeof list)
      used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", known);
  }
  if (closest)
    gn_error_set(err, GN_EINPUT, NULL, 0,
                 "unknown mapper '%s' (did you mean '%s%s'? known: %s; any of them may end in %s)", name, closest,
                 refine ? refine_suffix : "", list, refine_suffix);
  else
    gn_error_set(err, GN_EINPUT, NULL, 0, "unknown mapper '%s' (known: %s; any of them may end in %s)", name,
                 list, refine_suffix);
  return NULL;
}

int mapper_run_by_name(const char *name, const taskgraph *g, const mapper_params *params, partition **out,
                       gn_error *err) {
  return mapper_run_with_status(name, g, params, out, NULL, err);
}

int mapper_run_with_status(const char *name, const taskgraph *g, const mapper_params *params, partition **out,
                           mapper_status *status, gn_error *err) {
  *out = NULL;
  const mapper *m = mapper_find(name, err);
  if (!m)
    return GN_EINPUT;
  if (!g->finalized)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "mapper %s: the task graph is not finalized", name);
  int rc = partition_check_stage_count(g, params->n_stages, err);
  if (rc)
    return rc;
  if (params->comm_factor < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "the communication factor must be >= 0 (got %g)",
                        params->comm_factor);
  partition *p = partition_new(g->n_tasks, params->n_stages);
  if (!p)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  /* The bound is found once for the row (best and exact need it too); a caller that asks for no status (a pipeline
   * simulation re-mapping) does not pay for it: best and exact then find it themselves (mapper_params_bound). */
  mapper_status st = {"heuristic", status ? mapper_params_bound(g, params) : params->bound};
  mapper_params with_bound = *params;
  with_bound.bound = st.bound;
  rc = m->run_proven ? m->run_proven(g, &with_bound, p, &st, err) : m->run(g, &with_bound, p, err);
  int refine;
  base_length(name, &refine);
  if (rc == GN_OK && refine)
    rc = mapper_refine(g, params->comm_factor, p, err);
  gn_error invalid;
  if (rc == GN_OK && partition_validate(g, p, &invalid) != GN_OK) /* a mapper bug, not bad input */
    rc = gn_error_set(err, GN_EFAIL, NULL, 0, "mapper %s returned an invalid partition: %s", name, invalid.msg);
  if (rc) {
    partition_free(p);
    return rc;
  }
  *out = p;
  if (status)
    *status = st;
  return GN_OK;
}

int mapper_check_options(const char *name, const char *options, gn_error *err) {
  const mapper *m = mapper_find(name, err);
  if (!m)
    return GN_EINPUT;
  static const char *const none[] = {NULL};
  return options && *options ? mapper_options_check(m->name, options, m->options ? m->options : none, err) : GN_OK;
}
