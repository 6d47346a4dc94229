/* commands: the subcommand table. Adding a subcommand = one cmd_<name>.c file + one line here. */
#include "commands.h"

#include <string.h>

const gn_command gn_commands[] = {
    {"help", "list the subcommands, or show one's help: gridnoc help CMD", cmd_help},
    {"version", "print the version", cmd_version},
    {NULL, NULL, NULL},
};

const gn_command *gn_command_find(const char *name) {
  for (const gn_command *c = gn_commands; c->name; c++)
    if (strcmp(c->name, name) == 0)
      return c;
  return NULL;
}
