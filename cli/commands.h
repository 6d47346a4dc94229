/* commands: the gridnoc subcommands, one table (name, handler, one-line help) so help and dispatch agree. */
#ifndef COMMANDS_H
#define COMMANDS_H

/* A subcommand gets argv[0] = its own name and returns the process exit status:
 * 0 ok, 1 failure, 2 bad usage or bad input. It prints its own errors to stderr. */
typedef int (*gn_command_fn)(int argc, char **argv);

typedef struct gn_command {
  const char *name;
  const char *summary; /* one line, shown by `gridnoc help` */
  gn_command_fn main;
} gn_command;

/* The table, terminated by a {NULL} entry. */
extern const gn_command gn_commands[];

const gn_command *gn_command_find(const char *name);

/* Handlers (one per file cmd_<name>.c). */
int cmd_help(int argc, char **argv);
int cmd_version(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_graph(int argc, char **argv);
int cmd_map(int argc, char **argv);
int cmd_pipeline(int argc, char **argv);
int cmd_saturation(int argc, char **argv);
int cmd_platform(int argc, char **argv);
int cmd_grid(int argc, char **argv);

#endif
