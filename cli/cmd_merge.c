/* cmd_merge: `gridnoc merge SCENARIO --output CSV PART...`: join partial result CSVs in run order. */
#include "cli.h"
#include "commands.h"
#include "runner.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "usage: gridnoc merge --scenario SCENARIO --output CSV PART.csv...\n"
    "Joins the partial result CSVs written by emitted Slurm or GNU parallel jobs (gridnoc run --emit) into\n"
    "one CSV in run order, the same bytes a local `gridnoc run` writes. Every part must carry the scenario's\n"
    "header; a run found in two parts must have the same row; a missing run is an error (status 1).\n";

int cmd_merge(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("%s", usage);
    return 0;
  }
  const char *scen = NULL, *output = NULL;
  const char **parts = (const char **)argv;
  size_t nparts = 0;
  for (int i = 1; i < argc; i++) {
    if ((strcmp(argv[i], "--scenario") == 0 || strcmp(argv[i], "--output") == 0 || strcmp(argv[i], "-o") == 0) &&
        i + 1 < argc) {
      *(argv[i][2] == 's' ? &scen : &output) = argv[i + 1];
      i++;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      return cli_usage_error("merge", "unknown option or missing value '%s' (see gridnoc merge --help)", argv[i]);
    } else {
      parts[nparts++] = argv[i];
    }
  }
  if (!scen || !output || !nparts)
    return cli_usage_error("merge", "needs --scenario, --output and at least one part (see gridnoc merge --help)");
  gn_error err = {0};
  scenario sc;
  if (scenario_load(scen, &sc, &err))
    return cli_report(&err);
  size_t nrows = 0;
  int rc = runner_merge(&sc, parts, nparts, output, &nrows, &err);
  scenario_free(&sc);
  if (rc)
    return cli_report(&err);
  fprintf(stderr, "gridnoc: %s: %zu runs merged from %zu parts\n", output, nrows, nparts);
  return 0;
}
