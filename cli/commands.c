/* commands: the subcommand table. Adding a subcommand = one cmd_<name>.c file + one line here. */
#include "commands.h"

#include <string.h>

const gn_command gn_commands[] = {
    {"help", "list the subcommands, or show one's help: gridnoc help CMD", cmd_help},
    {"version", "print the version", cmd_version},
    {"run", "run a scenario's sweep (resumable CSV), or emit Slurm / GNU parallel jobs", cmd_run},
    {"merge", "join partial result CSVs of a scenario in run order", cmd_merge},
    {"report", "tables (mean, sd, 95% CI) and figures from a result CSV or a scenario's plots", cmd_report},
    {"graph", "task graphs: generate, inspect (CP length, CCR...), convert STG/SDF3, draw as DOT", cmd_graph},
    {"map", "cut a task graph into pipeline stages with one or several mappers, side by side", cmd_map},
    {"pipeline", "simulate a mapped task graph as a pipeline on a NoC chip (SimGrid), with core failures", cmd_pipeline},
    {"saturation", "fixed flows on a NoC chip at saturation: accepted throughput per flow under a link-sharing rule",
     cmd_saturation},
    {"platform", "write a SimGrid platform: gridnoc platform noc --chip PRESET|WxH", cmd_platform},
    {"grid", "simulate a Jacobi job on a grid of clusters under a scheduler (ring, plain, ...) and failures", cmd_grid},
    {NULL, NULL, NULL},
};

const gn_command *gn_command_find(const char *name) {
  for (const gn_command *c = gn_commands; c->name; c++)
    if (strcmp(c->name, name) == 0)
      return c;
  return NULL;
}
