/* cmd_help: `gridnoc help [CMD]` and `gridnoc version`, both generated from the command table. */
#include "cli.h"
#include "commands.h"

#include <stdio.h>
#include <string.h>

int cmd_version(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("usage: gridnoc version (or gridnoc --version)\nPrints the gridnoc version.\n");
    return 0;
  }
  if (argc >= 2)
    return cli_usage_error("version", "takes no argument (got '%s')", argv[1]);
  printf("gridnoc %s\n", GN_VERSION);
  return 0;
}

int cmd_help(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("usage: gridnoc help [COMMAND]\nLists the commands, or shows the help of one.\n");
    return 0;
  }
  if (argc > 2)
    return cli_usage_error("help", "takes one command at most (got '%s')", argv[2]);
  if (argc >= 2) {
    const gn_command *c = gn_command_find(argv[1]);
    if (!c) {
      cli_unknown_command(argv[1]);
      return 2;
    }
    char *sub[] = {(char *)c->name, "--help", NULL};
    return c->main(2, sub);
  }
  printf("gridnoc %s - simulator of pipeline mapping on many-core NoC chips and of ring-redundancy\n"
         "scheduling on data grids, built on SimGrid.\n\n"
         "usage: gridnoc COMMAND [ARGS...]    (gridnoc COMMAND --help for details)\n\ncommands:\n",
         GN_VERSION);
  for (const gn_command *c = gn_commands; c->name; c++)
    printf("  %-10s %s\n", c->name, c->summary);
  printf("\noptions: --opt value or --opt=value; mapper, scheduler, chip and preset names in any case.\n"
         "SimGrid: --cfg KEY:VALUE (run, grid, pipeline); GN_SIMGRID_LOG=SPEC passes --log=SPEC.\n"
         "manual: man gridnoc (after cmake --install); docs: README.md, scenarios/README.md, docs/.\n"
         "exit status: 0 ok, 1 failure, 2 bad usage or bad input, 128+N interrupted by signal N.\n");
  return 0;
}
