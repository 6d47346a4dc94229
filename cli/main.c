/* main: the gridnoc command: dispatch argv[1] through the command table. */
#include "cli.h"
#include "commands.h"
#include "gn_child.h"
#include "gn_file.h"
#include "sgwrap.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

/* A signal that ends the command leaves no temporary file behind (an output being written, a figure being
 * drawn by gnuplot), then ends it as the signal would (status 128+N). `run` has its own while the sweep runs. */
static void on_fatal_signal(int sig) {
  gn_child_kill_running(); /* gnuplot, rsvg-convert: a child left running would write its temporary again */
  gn_file_remove_temporaries();
  signal(sig, SIG_DFL);
  raise(sig);
}

int main(int argc, char **argv) {
  /* A write past RLIMIT_FSIZE must fail with EFBIG (reported, temp file removed, exit 1), not kill us. */
  signal(SIGXFSZ, SIG_IGN);
  static const int fatal[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) {
    struct sigaction sa = {0}, old;
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    /* An ignored signal stays ignored (nohup, a shell's background job). */
    if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction(fatal[i], &sa, NULL);
  }
  gn_file_protect_inputs(); /* an output naming one of the command's inputs is refused, never written over it */
  if (cli_split_option_values(&argc, &argv)) {
    fprintf(stderr, "gridnoc: out of memory\n");
    return 1;
  }
  if (argc < 2) {
    char *help[] = {"help", NULL};
    cmd_help(1, help);
    fprintf(stderr, "gridnoc: a command is needed (the list above)\n");
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
  gn_error env_err = {0};
  if (gn_sim_env_check(&env_err)) /* GN_SIMGRID_LOG: one line, never SimGrid's abort later */
    return cli_report(&env_err);
  int rc = c->main(argc - 1, argv + 1);
  /* stdout is flushed only here for most commands: results lost to a full disk must not pass for success. */
  if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
    gn_error err = {0};
    gn_error_set(&err, GN_EFAIL, "stdout", 0, "write failed");
    rc = cli_report(&err);
  }
  return rc;
}
