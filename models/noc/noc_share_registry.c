/* noc_share_registry: the link-sharing rules by name, and what they share (routes, water-filling). */
#include "noc_share.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const noc_share_rule rr = {.name = "rr", .summary = "round-robin per input port at every router output",
                                  .rates = noc_share_rr, .per_message = 0, .own_network = 1};
static const noc_share_rule age = {.name = "age", .summary = "equal shares per flow (max-min fairness; alias fair)",
                                   .rates = noc_share_age, .per_message = 0, .own_network = 0};
static const noc_share_rule tcp = {.name = "tcp",
                                   .summary = "SimGrid CM02: shares inversely proportional to route latency",
                                   .rates = noc_share_tcp, .per_message = 0, .own_network = 0};
static const noc_share_rule oldest = {.name = "oldest",
                                      .summary = "first come, first served by message start (an age-based router)",
                                      .rates = noc_share_oldest, .per_message = 1, .own_network = 1};

const noc_share_rule *const noc_share_rules[] = {&rr, &age, &tcp, &oldest, NULL};

const noc_share_rule *noc_share_find(const char *name, gn_error *err) {
  if (strcmp(name, "fair") == 0) /* the rule's name before round-robin was told apart from it */
    return &age;
  for (int i = 0; noc_share_rules[i]; i++)
    if (strcmp(noc_share_rules[i]->name, name) == 0)
      return noc_share_rules[i];
  char known[128] = "";
  for (int i = 0; noc_share_rules[i]; i++)
    snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", noc_share_rules[i]->name);
  gn_error_set(err, GN_EINPUT, NULL, 0, "unknown link sharing '%s' (known: %s; fair = age)", name, known);
  return NULL;
}

void noc_share_flow_init(const noc_chip *chip, int src, int dst, noc_share_flow *f) {
  f->src = src;
  f->dst = dst;
  f->n_links = noc_flow_route(chip, src, dst, f->links);
  f->start_s = 0;
}

double noc_share_waterfill(const double *demand, int n, double capacity, double *share) {
  double total = 0;
  for (int i = 0; i < n; i++)
    total += demand[i];
  if (total <= capacity) {
    for (int i = 0; i < n; i++)
      share[i] = demand[i];
    return INFINITY;
  }
  /* Raise the level: demands below it are met in full, the others get the level; a demand found below the
   * level leaves its unused part to the rest, so the level is computed again (at most n rounds). */
  double level = 0;
  for (int changed = 1; changed;) {
    double met = 0;
    int cut = 0;
    for (int i = 0; i < n; i++)
      if (demand[i] < level)
        met += demand[i];
      else
        cut++;
    double next = (capacity - met) / cut;
    changed = next > level;
    if (changed)
      level = next;
  }
  for (int i = 0; i < n; i++)
    share[i] = demand[i] < level ? demand[i] : level;
  return level;
}
