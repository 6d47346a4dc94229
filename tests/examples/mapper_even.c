/* mapper_even: the worked example of docs/extending.md — cut the graph's topological order into N blocks of
 * (almost) equal task count, ignoring loads. Kept under tests/ and compiled by tests/unit/test_mapper_example.c,
 * so the guide's code cannot rot; copied into mapper/ with its one registry line it becomes `gridnoc map -m even`. */
#include "mapper.h"

static int even_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  int n = g->n_tasks, stages = params->n_stages;
  /* Contiguous blocks of a topological order keep every edge in the same or a later stage; with
   * 1 <= stages <= n (checked by the registry before run) every block holds at least one task. */
  for (int k = 0; k < n; k++)
    out->stage[g->topo[k]] = (int)((long long)k * stages / n);
  return GN_OK;
}

const mapper mapper_even = {
    "even",
    "example: topological order cut into N blocks of equal task count (loads ignored)",
    even_run,
    NULL, /* run_proven: only for a mapper that can prove its result optimal (exact, best) */
    NULL, /* options: the names of the options run() reads ("k=v,..."), checked before a scenario's first run */
};
