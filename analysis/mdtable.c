/* mdtable: Markdown rendering of grouped statistics. */
#include "mdtable.h"

#include <math.h>
#include <string.h>

void mdtable_key_header(strbuf *out, const char *name) {
  static const char *const stats_columns[] = {"n", "n failed", "sd", "95% CI", "pairs", "mean difference",
                                              "differs?", NULL};
  int clash = 0;
  for (int i = 0; stats_columns[i]; i++)
    clash |= strcmp(name, stats_columns[i]) == 0;
  strbuf_addf(out, clash ? " %s (parameter) |" : " %s |", name);
}

static void add_number(strbuf *out, double v) {
  if (isnan(v))
    strbuf_add(out, " n/a |");
  else
    strbuf_addf(out, " %.4g |", v);
}

const char *mdtable_centre_word(stats_method method) {
  return method == STATS_GEOMETRIC || method == STATS_GEOMETRIC_BOOT ? "geometric mean" : method == STATS_WILSON ? "share" : "mean";
}

void mdtable_aggregate(const aggregate *a, strbuf *out) {
  strbuf_add(out, "|");
  for (size_t k = 0; k < a->nkeys; k++)
    mdtable_key_header(out, a->key_names[k]);
  strbuf_addf(out, " n |%s %s %s | sd | 95%% CI |\n|", a->counts_failed ? " n failed |" : "",
              mdtable_centre_word(a->method), a->metric);
  for (size_t k = 0; k < a->nkeys + 4 + (a->counts_failed != 0); k++)
    strbuf_add(out, k < a->nkeys ? "---|" : "---:|");
  strbuf_add(out, "\n");
  for (size_t g = 0; g < a->ngroups; g++) {
    const aggregate_group *grp = &a->groups[g];
    strbuf_add(out, "|");
    for (size_t k = 0; k < a->nkeys; k++)
      strbuf_addf(out, " %s |", grp->keys[k]);
    strbuf_addf(out, " %zu |", grp->stats.n);
    if (a->counts_failed)
      strbuf_addf(out, " %zu |", grp->failed);
    add_number(out, grp->stats.mean);
    add_number(out, grp->stats.sd);
    if (isnan(grp->stats.lo))
      strbuf_add(out, " n/a |");
    else
      strbuf_addf(out, " %.4g to %.4g |", grp->stats.lo, grp->stats.hi);
    strbuf_add(out, "\n");
  }
}
