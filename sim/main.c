/* main: the gridnoc command: dispatch argv[1] through the command table. */
#include "cli.h"
#include "commands.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    char *help[] = {"help", NULL};
    cmd_help(1, help);
    return 2;
  }
  const char *name = argv[1];
  if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0)
    name = "version";
  else if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
    name = "help";
  const gn_command *c = gn_command_find(name);
  if (!c) {
    cli_unknown_command(name);
    return 2;
  }
  return c->main(argc - 1, argv + 1);
}
