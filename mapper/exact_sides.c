/* exact_sides: the stage search asked from the sinks' side and the sources' side in turns (exact_sides.h). */
#include "exact_sides.h"

#include "mapper.h"

#include <string.h>
#include <time.h>

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

int exact_side_option(const char *mapper_name, const char *options, exact_side *side, gn_error *err) {
  char text[16];
  int rc = mapper_option_text(mapper_name, options, "side", "both", text, sizeof text, err);
  if (rc)
    return rc;
  if (!strcmp(text, "both"))
    *side = EXACT_SIDE_BOTH;
  else if (!strcmp(text, "sources"))
    *side = EXACT_SIDE_SOURCES;
  else if (!strcmp(text, "sinks"))
    *side = EXACT_SIDE_SINKS;
  else
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s option side=%s: expected both, sources or sinks", mapper_name,
                        text); /* worded as every other option's error */
  return GN_OK;
}

int exact_sides_decide(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                       const int *last, const int *guide, double deadline_s, long max_nodes, exact_side side,
                       exact_memory *sources, exact_memory *sinks, partition *out, exact_answer *answer,
                       long *nodes_used, gn_error *err) {
  if (!sinks || side == EXACT_SIDE_SOURCES)
    return exact_search_decide_kept(g, n_stages, comm_factor, T, first, last, guide, deadline_s, max_nodes, sources,
                                    out, answer, nodes_used, err);
  if (side == EXACT_SIDE_SINKS)
    return exact_search_decide_sinks(g, n_stages, comm_factor, T, first, last, guide, deadline_s, max_nodes, sinks,
                                     out, answer, nodes_used, err);
  int rc = GN_OK;
  long used, total = 0;
  *answer = EXACT_UNKNOWN;
  *nodes_used = 0;
  for (long budget = EXACT_SIDE_NODES; rc == GN_OK && *answer == EXACT_UNKNOWN && cpu_s() < deadline_s;
       budget = budget < (1L << 50) ? budget * 2 : budget)
    for (int from_sinks = 1; from_sinks >= 0 && rc == GN_OK && *answer == EXACT_UNKNOWN; from_sinks--) {
      long turn = max_nodes > 0 && max_nodes - total < budget ? max_nodes - total : budget;
      if (turn <= 0)
        return GN_OK;
      used = 0;
      rc = from_sinks ? exact_search_decide_sinks(g, n_stages, comm_factor, T, first, last, guide, deadline_s, turn,
                                                  sinks, out, answer, &used, err)
                      : exact_search_decide_kept(g, n_stages, comm_factor, T, first, last, guide, deadline_s, turn,
                                                 sources, out, answer, &used, err);
      total += used;
      *nodes_used = total;
    }
  return rc;
}
