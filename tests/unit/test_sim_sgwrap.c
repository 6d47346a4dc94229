/* SimGrid's own messages during a run come out as one line "gridnoc: simgrid: ..." (sim/sgwrap.c): a deadlock
 * becomes the run's error and prints nothing itself; a fatal SimGrid message (a failed assertion inside SimGrid)
 * prints exactly one line and ends the process with exit status 1 (no --cfg setting: gridnoc's own fault). One
 * child process per simulation (SimGrid runs once per process); its stderr goes to a file the parent reads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "sgwrap.h"

#include <math.h>
#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char platform[] = "<?xml version='1.0'?>\n"
                               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                               "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">\n"
                               "<host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/>\n"
                               "</zone></platform>\n";

/* Each waits for a message only the other would send after its own wait: a deadlock. */
static void waiter(int argc, char **argv) {
  (void)argc;
  sg_mailbox_get(sg_mailbox_by_name(argv[0]));
}

/* A sleep of a non-finite duration fails SimGrid's own assertion (s4u_Actor.cpp: "duration is not finite!"). */
static void bad_sleeper(int argc, char **argv) {
  (void)argc;
  (void)argv;
  sg_actor_sleep_for(NAN);
}

static char child_said[4096];

/* Run fn's scenario in a child: its exit status (or -1 if killed), its stderr in child_said. */
static int in_child(void (*actor)(int, char **), gn_error *out) {
  FILE *err = tmpfile();
  assert_non_null(err);
  FILE *shared = tmpfile(); /* the child's gn_error, for the parent to read */
  assert_non_null(shared);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(fileno(err), 2);
    gn_error e = {0};
    gn_sim_init(NULL);
    if (gn_sim_load_platform_xml(platform, sizeof platform - 1, &e))
      _exit(100);
    char *a_args[] = {"mb-a", NULL}, *b_args[] = {"mb-b", NULL};
    sg_actor_create("wa", sg_host_by_name("a"), actor, 1, a_args);
    sg_actor_create("wb", sg_host_by_name("b"), actor, 1, b_args);
    int rc = gn_sim_run(&e);
    e.code = rc;
    fwrite(&e, sizeof e, 1, shared);
    fflush(shared);
    _exit(0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  rewind(err);
  child_said[fread(child_said, 1, sizeof child_said - 1, err)] = '\0';
  fclose(err);
  rewind(shared);
  memset(out, 0, sizeof *out);
  if (fread(out, sizeof *out, 1, shared) != 1)
    out->code = 12345;
  fclose(shared);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void deadlock_is_the_runs_one_error(void **state) {
  (void)state;
  gn_error e;
  assert_int_equal(in_child(waiter, &e), 0);
  assert_int_equal(e.code, GN_EFAIL);
  assert_string_equal(e.msg, "simgrid: deadlock: every remaining actor waits for something that never comes");
  assert_string_equal(child_said, ""); /* SimGrid's own deadlock report printed nothing */
}

static void fatal_message_is_one_line_and_exit_1(void **state) {
  (void)state;
  gn_error e;
  assert_int_equal(in_child(bad_sleeper, &e), 1);
  assert_string_equal(child_said, "gridnoc: simgrid: duration is not finite!\n");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(deadlock_is_the_runs_one_error),
      cmocka_unit_test(fatal_message_is_one_line_and_exit_1),
  };
  return cmocka_run_group_tests(tests, 0, 0);
}
