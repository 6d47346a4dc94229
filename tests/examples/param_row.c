/* The worked example of docs/extending.md, "A parameter": the one row that declares a made-up pipeline parameter.
 * Added to `pipeline_params[]` in runner/exp_pipeline.c (before its `{.key = NULL}`), it becomes the scenario key
 * `link_budget`, the option `--link-budget` of `gridnoc pipeline` with its --help line, a CSV column after
 * `target`, and its range is checked at the scenario's line. tests/unit/test_runner_params.c compiles it and checks
 * all four. */
#include "experiment_param.h"

static const experiment_param link_budget_row =
    {.key = "link_budget", .type = EXP_DOUBLE, .default_value = "0",
     .help = "seconds a flow may wait for a busy link before the run counts it late (0 = no limit)", .unit = "s",
     .min = 0, .max = 1e6};
