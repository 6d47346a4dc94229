/* mdtable: Markdown rendering of grouped statistics. */
#include "mdtable.h"

#include <math.h>

static void add_number(strbuf *out, double v) {
  if (isnan(v))
    strbuf_add(out, " n/a |");
  else
    strbuf_addf(out, " %.4g |", v);
}

const char *mdtable_centre_word(stats_method method) {
  return method == STATS_GEOMETRIC ? "geometric mean" : method == STATS_WILSON ? "share" : "mean";
}

void mdtable_aggregate(const aggregate *a, strbuf *out) {
  strbuf_add(out, "|");
  for (size_t k = 0; k < a->nkeys; k++)
    strbuf_addf(out, " %s |", a->key_names[k]);
  strbuf_addf(out, " n | %s %s | sd | 95%% CI |\n|", mdtable_centre_word(a->method), a->metric);
  for (size_t k = 0; k < a->nkeys + 4; k++)
    strbuf_add(out, k < a->nkeys ? "---|" : "---:|");
  strbuf_add(out, "\n");
  for (size_t g = 0; g < a->ngroups; g++) {
    const aggregate_group *grp = &a->groups[g];
    strbuf_add(out, "|");
    for (size_t k = 0; k < a->nkeys; k++)
      strbuf_addf(out, " %s |", grp->keys[k]);
    strbuf_addf(out, " %zu |", grp->stats.n);
    add_number(out, grp->stats.mean);
    add_number(out, grp->stats.sd);
    if (isnan(grp->stats.lo))
      strbuf_add(out, " n/a |");
    else
      strbuf_addf(out, " %.4g to %.4g |", grp->stats.lo, grp->stats.hi);
    strbuf_add(out, "\n");
  }
}
