/* Unit tests for mapper/stg: reading the STG fixtures, every reader error with its exact file:line, writing,
 * round trips, the comm layout and the uniform-volume option. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gn_file.h"
#include "stg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STG_DIR GN_FIXTURES "/stg/"

static taskgraph *read_fixture(const char *name, stg_layout layout, double volume) {
  stg_options opt;
  stg_options_default(&opt);
  opt.layout = layout;
  opt.volume = volume;
  taskgraph *g = NULL;
  gn_error err = {0};
  int rc = stg_read_file(name, &opt, &g, &err);
  if (rc)
    fail_msg("%s", err.msg);
  return g;
}

/* Same tasks (names, loads), same edges (in order, with volumes), same information part. */
static void assert_same_graph(const taskgraph *a, const taskgraph *b) {
  assert_int_equal(a->n_tasks, b->n_tasks);
  assert_int_equal(a->n_edges, b->n_edges);
  for (int t = 0; t < a->n_tasks; t++) {
    assert_string_equal(a->name[t], b->name[t]);
    assert_true(a->load[t] == b->load[t]);
  }
  for (int e = 0; e < a->n_edges; e++) {
    assert_int_equal(a->edge[e].src, b->edge[e].src);
    assert_int_equal(a->edge[e].dst, b->edge[e].dst);
    assert_true(a->edge[e].volume == b->edge[e].volume);
  }
  assert_string_equal(a->info ? a->info : "", b->info ? b->info : "");
}

/* small.stg: 1(3) -> 2(2), 1 -> 3(4), 2 -> 4(1), 3 -> 4, and 5(6) alone. Edges in reading order (by task,
 * then by predecessor): 1->2, 1->3, 2->4, 3->4 (graph ids one less). CP = 1 3 4 = 3+4+1 = 8 (the file's own
 * line says 8), total load 16, parallelism 2, depth 3 tasks. */
static void reads_the_small_graph(void **state) {
  taskgraph *g = read_fixture(STG_DIR "small.stg", STG_LAYOUT_PLAIN, 0);
  assert_int_equal(g->n_tasks, 5);
  assert_string_equal(g->name[0], "1");
  assert_string_equal(g->name[4], "5");
  assert_true(g->load[2] == 4);
  const int want[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  assert_int_equal(g->n_edges, 4);
  for (int e = 0; e < 4; e++) {
    assert_int_equal(g->edge[e].src, want[e][0]);
    assert_int_equal(g->edge[e].dst, want[e][1]);
    assert_true(g->edge[e].volume == 0);
  }
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  assert_true(st.cp_length == 8);
  assert_true(st.total_load == 16);
  assert_true(st.parallelism == 2);
  assert_int_equal(st.depth, 3);
  assert_string_equal(g->info, "# gridnoc test graph: 1 -> {2,3} -> 4, and 5 alone\n# CP Length           : 8\n");
  taskgraph_free(g);
}

/* CRLF line ends are accepted: the same graph, and no '\r' kept in the information part. */
static void accepts_crlf(void **state) {
  taskgraph *lf = read_fixture(STG_DIR "small.stg", STG_LAYOUT_PLAIN, 0);
  taskgraph *crlf = read_fixture(STG_DIR "small_crlf.stg", STG_LAYOUT_PLAIN, 0);
  assert_same_graph(lf, crlf);
  taskgraph_free(lf);
  taskgraph_free(crlf);
}

/* Writing a graph read from a fixed-width STG file gives the file back byte for byte. */
static void writes_the_file_back(void **state) {
  taskgraph *g = read_fixture(STG_DIR "small.stg", STG_LAYOUT_PLAIN, 0);
  char *want, *text;
  size_t want_len, len;
  gn_error err;
  assert_int_equal(gn_file_read_all(STG_DIR "small.stg", 0, &want, &want_len, &err), GN_OK);
  assert_int_equal(stg_write(g, STG_LAYOUT_PLAIN, &text, &len, &err), GN_OK);
  assert_int_equal(len, want_len);
  assert_string_equal(text, want);
  free(text);
  free(want);
  taskgraph_free(g);
}

/* small_comm.stg (comm layout): the same graph with costs 1->2: 10, 1->3: 2.5, 2->4: 7, 3->4: 1; the costs
 * on dummy edges are dropped. Total volume 20.5. Round trip through the writer in both layouts. */
static void comm_layout_and_round_trip(void **state) {
  taskgraph *g = read_fixture(STG_DIR "small_comm.stg", STG_LAYOUT_COMM, 0);
  const double want[] = {10, 2.5, 7, 1};
  for (int e = 0; e < 4; e++)
    assert_true(g->edge[e].volume == want[e]);
  char *text;
  size_t len;
  gn_error err;
  assert_int_equal(stg_write(g, STG_LAYOUT_COMM, &text, &len, &err), GN_OK);
  taskgraph *back = NULL;
  stg_options opt = {STG_LAYOUT_COMM, 0};
  assert_int_equal(stg_parse(text, len, "mem", &opt, &back, &err), GN_OK);
  assert_same_graph(g, back);
  taskgraph_free(back);
  /* The written file carries the marker: read with the default (auto) layout it is the same graph, and the
   * marker does not end up in the information text. */
  assert_non_null(strstr(text, "# " STG_COMM_MARKER "\n"));
  assert_int_equal(stg_parse(text, len, "mem", NULL, &back, &err), GN_OK);
  assert_same_graph(g, back);
  assert_true(!back->info || !strstr(back->info, "layout=comm"));
  free(text);
  taskgraph_free(back);
  /* The plain layout keeps everything but the volumes (and has no marker). */
  assert_int_equal(stg_write(g, STG_LAYOUT_PLAIN, &text, &len, &err), GN_OK);
  assert_null(strstr(text, "layout=comm"));
  assert_int_equal(stg_parse(text, len, "mem", NULL, &back, &err), GN_OK);
  assert_int_equal(back->n_edges, 4);
  assert_true(back->edge[0].volume == 0);
  free(text);
  taskgraph_free(back);
  taskgraph_free(g);
}

/* volume=V gives every edge of a plain file the volume V: 4 edges x 2.5 = 10. */
static void uniform_volume_option(void **state) {
  taskgraph *g = read_fixture(STG_DIR "small.stg", STG_LAYOUT_PLAIN, 2.5);
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  assert_true(st.total_volume == 10);
  taskgraph_free(g);
}

/* Every reader error, from its fixture, with the exact "file:line: message". Lines counted by hand in the
 * fixtures (line 1 = the task count, line 2 = the entry dummy, ...). */
static const struct {
  const char *file;
  stg_layout layout;
  int line;
  const char *msg;
} reader_errors[] = {
    {"err_comm_pairs.stg", STG_LAYOUT_COMM, 4,
     "task 2 lists 1 predecessor but the line holds only 0 (pred cost) pairs"},
    {"err_count_long.stg", STG_LAYOUT_PLAIN, 8,
     "wrong task count: line 1 says 4 tasks, so 6 task lines (with the two dummies) are expected, "
     "but this line is one more"},
    {"err_count_short.stg", STG_LAYOUT_PLAIN, 8,
     "wrong task count: line 1 says 5 tasks, so 7 task lines (with the two dummies) are expected, "
     "found 6 before the '#' information part"},
    {"err_empty.stg", STG_LAYOUT_PLAIN, 1, "empty file: expected the number of tasks on line 1"},
    {"err_entry_malformed.stg", STG_LAYOUT_PLAIN, 2,
     "malformed entry dummy: task 0 must be '0 0 0' (time 0, no predecessors)"},
    {"err_entry_missing.stg", STG_LAYOUT_PLAIN, 2,
     "missing entry dummy: the first task line must be task 0, found task 1"},
    {"err_exit_preds.stg", STG_LAYOUT_PLAIN, 8, "malformed exit dummy: sink task 5 is missing from its predecessors"},
    {"err_exit_time.stg", STG_LAYOUT_PLAIN, 8, "malformed exit dummy: task 6 must have time 0, found 9"},
    {"err_extra_field.stg", STG_LAYOUT_PLAIN, 4,
     "trailing garbage on task 2's line: 1 field after its 1 predecessor (a file with communication costs after "
     "each predecessor needs ?layout=comm)"},
    {"err_header.stg", STG_LAYOUT_PLAIN, 1, "line 1 must hold only the number of tasks n, found 2 fields"},
    {"err_huge_count.stg", STG_LAYOUT_PLAIN, 1, "task count '123456789012' is too large (at most 50000000)"},
    {"err_huge_time.stg", STG_LAYOUT_PLAIN, 4,
     "processing time '99999999999999999999' is too large (at most 9007199254740992)"},
    {"err_no_preds.stg", STG_LAYOUT_PLAIN, 4, "task 2 has no predecessors (a source task lists the entry dummy 0)"},
    {"err_nonnumeric.stg", STG_LAYOUT_PLAIN, 4, "processing time '2x' is not a non-negative whole number"},
    {"err_pred_not_smaller.stg", STG_LAYOUT_PLAIN, 5,
     "predecessor 4 of task 3 is not smaller than its id (STG numbers tasks in topological order)"},
    {"err_pred_twice.stg", STG_LAYOUT_PLAIN, 6, "task 4 lists predecessor 2 twice"},
    {"err_pred_unknown.stg", STG_LAYOUT_PLAIN, 8, "task 6 names unknown predecessor 9 (ids are 0..6)"},
    {"err_trailing.stg", STG_LAYOUT_PLAIN, 10,
     "trailing garbage after the task lines: 'left over text' (only '#' lines may follow)"},
    {"err_truncated.stg", STG_LAYOUT_PLAIN, 6,
     "truncated file: it ends after 5 of the 7 task lines (5 tasks + 2 dummies)"},
    {"err_truncated_line.stg", STG_LAYOUT_PLAIN, 8,
     "truncated file: task 6 lists 2 predecessors but the line holds only 1"},
};

static void every_reader_error(void **state) {
  for (size_t i = 0; i < sizeof reader_errors / sizeof reader_errors[0]; i++) {
    char path[512], want[1024];
    snprintf(path, sizeof path, STG_DIR "%s", reader_errors[i].file);
    snprintf(want, sizeof want, "%s:%d: %s", path, reader_errors[i].line, reader_errors[i].msg);
    stg_options opt = {reader_errors[i].layout, 0};
    taskgraph *g = NULL;
    gn_error err = {0};
    assert_int_equal(stg_read_file(path, &opt, &g, &err), GN_EINPUT);
    assert_null(g);
    assert_string_equal(err.msg, want);
  }
}

/* In-memory cases that need no fixture: an overflowing predecessor id, a negative field, a comm cost that is
 * not a number, a source listing the entry dummy with another predecessor, an exit listing a non-sink. */
static void more_errors_in_memory(void **state) {
  static const struct {
    const char *text;
    stg_layout layout;
    const char *msg;
  } cases[] = {
      {"1\n0 0 0\n1 5 1 99999999999999999999999\n2 0 1 1\n", STG_LAYOUT_PLAIN,
       "m:3: predecessor id '99999999999999999999999' is too large (at most 50000001)"},
      {"1\n0 0 0\n1 -5 1 0\n2 0 1 1\n", STG_LAYOUT_PLAIN,
       "m:3: processing time '-5' is not a non-negative whole number"},
      {"1\n0 0 0\n1 5 1 0 abc\n2 0 1 1 0\n", STG_LAYOUT_COMM,
       "m:3: communication cost 'abc' is not a non-negative number"},
      {"1\n0 0 0\n1 5 1 0 1e999\n2 0 1 1 0\n", STG_LAYOUT_COMM, "m:3: communication cost '1e999' is too large"},
      {"2\n0 0 0\n1 5 1 0\n2 5 2 0 1\n3 0 1 2\n", STG_LAYOUT_PLAIN,
       "m:4: task 2 lists the entry dummy 0 along with other predecessors"},
      {"2\n0 0 0\n1 5 1 0\n2 5 1 1\n3 0 2 1 2\n", STG_LAYOUT_PLAIN,
       "m:5: malformed exit dummy: task 1 has successors, so it must not precede the exit"},
      {"0\n0 0 0\n1 0 0\n", STG_LAYOUT_PLAIN, "m:1: task count is 0: a graph needs at least one task"},
      {"\n\n  \r\n", STG_LAYOUT_PLAIN, "m:1: empty file: expected the number of tasks on line 1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    stg_options opt = {cases[i].layout, 0};
    taskgraph *g = NULL;
    gn_error err = {0};
    assert_int_equal(stg_parse(cases[i].text, strlen(cases[i].text), "m", &opt, &g, &err), GN_EINPUT);
    assert_string_equal(err.msg, cases[i].msg);
  }
}

/* Very long lines: one task with 3000 predecessors (a line of ~20,000 characters). */
static void very_long_lines(void **state) {
  int n = 3001;
  size_t cap = 64u * (size_t)n + 64;
  char *text = malloc(cap);
  size_t used = (size_t)snprintf(text, cap, "%d\n0 0 0\n", n);
  for (int k = 1; k < n; k++)
    used += (size_t)snprintf(text + used, cap - used, "%d 1 1 0\n", k);
  used += (size_t)snprintf(text + used, cap - used, "%d 1 %d", n, n - 1);
  for (int k = 1; k < n; k++)
    used += (size_t)snprintf(text + used, cap - used, " %d", k);
  used += (size_t)snprintf(text + used, cap - used, "\n%d 0 1 %d\n", n + 1, n);
  taskgraph *g = NULL;
  gn_error err = {0};
  assert_int_equal(stg_parse(text, used, "long", NULL, &g, &err), GN_OK);
  assert_int_equal(g->n_edges, n - 1);
  assert_int_equal(taskgraph_in_degree(g, n - 1), n - 1);
  taskgraph_free(g);
  free(text);
}

/* Two tasks a -> b (from -> to as task indices), finalized. */
static taskgraph *two_tasks(const char *a, double load_a, const char *b, double load_b, int from, int to) {
  taskgraph *g = taskgraph_new();
  taskgraph_add_task(g, a, load_a, NULL);
  taskgraph_add_task(g, b, load_b, NULL);
  taskgraph_add_edge(g, from, to, 0, NULL);
  assert_int_equal(taskgraph_finalize(g, NULL, NULL), GN_OK);
  return g;
}

/* A graph whose ids are not a topological order (SDF3, generated by hand) is renumbered by the writer. */
static void writer_renumbers_in_topological_order(void **state) {
  taskgraph *g = two_tasks("late", 2, "early", 3, 1, 0);
  char *text;
  size_t len;
  gn_error err;
  assert_int_equal(stg_write(g, STG_LAYOUT_PLAIN, &text, &len, &err), GN_OK);
  assert_string_equal(text, "          2\n"
                            "          0          0          0\n"
                            "          1          3          1          0\n"
                            "          2          2          1          1\n"
                            "          3          0          1          2\n");
  free(text);
  g->load[0] = 2.5;
  assert_int_equal(stg_write(g, STG_LAYOUT_PLAIN, &text, &len, &err), GN_EINPUT);
  assert_string_equal(err.msg, "task late: load 2.5 is not a whole number up to 2^53 (STG times are integers)");
  taskgraph_free(g);
}

/* A load of 11 digits or more (up to 2^53 is accepted) keeps a space before it and round-trips: it used to run
 * into the task id ("          12999..."), which read back as another, too large id (found by the fuzzer). */
static void wide_loads_keep_their_columns(void **state) {
  taskgraph *g = two_tasks("1", 299999999999999.0, "2", 9007199254740992.0, 0, 1);
  char *text;
  size_t len;
  gn_error err;
  assert_int_equal(stg_write(g, STG_LAYOUT_PLAIN, &text, &len, &err), GN_OK);
  assert_string_equal(text, "          2\n"
                            "          0          0          0\n"
                            "          1 299999999999999          1          0\n"
                            "          2 9007199254740992          1          1\n"
                            "          3          0          1          2\n");
  taskgraph *back = NULL;
  assert_int_equal(stg_parse(text, len, "mem", NULL, &back, &err), GN_OK);
  assert_same_graph(g, back);
  free(text);
  taskgraph_free(back);
  taskgraph_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reads_the_small_graph),      cmocka_unit_test(accepts_crlf),
      cmocka_unit_test(writes_the_file_back),       cmocka_unit_test(comm_layout_and_round_trip),
      cmocka_unit_test(uniform_volume_option),      cmocka_unit_test(every_reader_error),
      cmocka_unit_test(more_errors_in_memory),      cmocka_unit_test(very_long_lines),
      cmocka_unit_test(writer_renumbers_in_topological_order),
      cmocka_unit_test(wide_loads_keep_their_columns),
  };
  return cmocka_run_group_tests_name("mapper.stg", tests, NULL, NULL);
}
