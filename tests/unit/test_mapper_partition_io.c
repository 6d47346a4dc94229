/* Unit tests for the partition file: round trip, and every reader error naming file:line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "partition_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* a -> b -> c, a -> c (names "a", "b", "c"). */
static taskgraph *abc(void) {
  taskgraph *g = taskgraph_new();
  gn_error err;
  taskgraph_add_task(g, "a", 1, &err);
  taskgraph_add_task(g, "b", 2, &err);
  taskgraph_add_task(g, "c", 3, &err);
  taskgraph_add_edge(g, 0, 1, 1, &err);
  taskgraph_add_edge(g, 1, 2, 1, &err);
  taskgraph_add_edge(g, 0, 2, 1, &err);
  assert_int_equal(taskgraph_finalize(g, "abc", &err), GN_OK);
  return g;
}

static void round_trip(void **state) {
  taskgraph *g = abc();
  partition *p = partition_new(3, 2), *q;
  p->stage[0] = 0;
  p->stage[1] = p->stage[2] = 1;
  char *text;
  size_t len;
  gn_error err;
  assert_int_equal(partition_format(g, p, &text, &len, &err), GN_OK);
  assert_string_equal(text, "# gridnoc partition: task stage (1..N)\nstages 2\na 1\nb 2\nc 2\n");
  assert_int_equal(len, strlen(text));
  assert_int_equal(partition_parse(g, text, "p.txt", &q, &err), GN_OK);
  assert_memory_equal(p->stage, q->stage, 3 * sizeof(int));
  partition_free(q);
  /* Comments, blank lines, any order, tabs. */
  assert_int_equal(partition_parse(g, "\n# x\n  stages 3 # three\nc\t3\nb 2\n\na 1", "p.txt", &q, &err), GN_OK);
  assert_int_equal(q->n_stages, 3);
  assert_int_equal(q->stage[2], 2);
  partition_free(q);

  char path[] = "/tmp/gn_partition_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_int_equal(partition_write_file(g, p, path, &err), GN_OK);
  assert_int_equal(partition_read_file(g, path, &q, &err), GN_OK);
  assert_memory_equal(p->stage, q->stage, 3 * sizeof(int));
  partition_free(q);
  unlink(path);
  free(text);
  partition_free(p);
  taskgraph_free(g);
}

static void expect_error(const taskgraph *g, const char *text, const char *message) {
  partition *q = (partition *)1;
  gn_error err;
  assert_int_equal(partition_parse(g, text, "p.txt", &q, &err), GN_EINPUT);
  assert_null(q);
  if (!strstr(err.msg, message))
    fail_msg("'%s' lacks '%s'", err.msg, message);
}

static void reader_errors(void **state) {
  taskgraph *g = abc();
  expect_error(g, "a 1\n", "p.txt:1: expected 'stages N'");
  expect_error(g, "stages 0\n", "p.txt:1: stages: '0' is not a whole number in 1..3");
  expect_error(g, "stages 4\n", "in 1..3");
  expect_error(g, "stages x\n", "p.txt:1:");
  expect_error(g, "stages 2\na 1\nd 2\n", "p.txt:3: no task named 'd'");
  expect_error(g, "stages 2\na 1\na 2\n", "p.txt:3: task a already given a stage on line 2");
  expect_error(g, "stages 2\na 3\n", "p.txt:2: task a: stage '3' is not a whole number in 1..2");
  expect_error(g, "stages 2\na 1 x\n", "p.txt:2: expected 'TASK STAGE'");
  expect_error(g, "stages 2\na\n", "p.txt:2: expected 'TASK STAGE', got 1 field");
  expect_error(g, "stages 2\na 1\nb 2\n", "p.txt:4: task c has no stage");
  expect_error(g, "# only a comment\n", "p.txt:2: no 'stages N' record");
  /* Pipeline validity: c before b goes backwards; stage 2 empty. */
  expect_error(g, "stages 2\na 1\nb 2\nc 1\n", "p.txt: edge b -> c goes backwards");
  expect_error(g, "stages 2\na 1\nb 1\nc 1\n", "p.txt: stage 2 is empty");
  /* A name that is a prefix of another is not a match ("ab" vs "a"). */
  expect_error(g, "stages 1\nab 1\n", "no task named 'ab'");
  taskgraph_free(g);
}

static void writer_refuses_unwritable_names(void **state) {
  taskgraph *g = taskgraph_new();
  gn_error err;
  taskgraph_add_task(g, "two words", 1, &err);
  assert_int_equal(taskgraph_finalize(g, "g", &err), GN_OK);
  partition *p = partition_new(1, 1);
  char *text;
  size_t len;
  assert_int_equal(partition_format(g, p, &text, &len, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "two words"));
  partition_free(p);
  taskgraph_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(round_trip),
      cmocka_unit_test(reader_errors),
      cmocka_unit_test(writer_refuses_unwritable_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
