/* Unit tests for models/fta: event_trace.tab parsing, file:line errors, and replay as host events. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "fta.h"

#include <math.h>
#include <string.h>

#define FTA_DIR GN_FIXTURES "/fta/"

static void reads_nodes_and_intervals(void **state) {
  fta_trace t;
  gn_error err;
  assert_int_equal(fta_read(FTA_DIR "small.tab", &t, &err), GN_OK);
  /* Nodes 3, 7, 9 ascending; first available records 1200, 1100, 900; three unavailable records, the last
   * one (node 3 from 3000) open-ended (NULL stop). */
  assert_int_equal(t.n_nodes, 3);
  long ids[3] = {3, 7, 9};
  assert_memory_equal(t.node_ids, ids, sizeof ids);
  assert_true(t.first_up[0] == 1200 && t.first_up[1] == 1100 && t.first_up[2] == 900);
  assert_int_equal(t.n_down, 3);
  assert_true(isinf(t.down[2].stop));
  fta_free(&t);
}

static void replay_shifts_scales_and_clips(void **state) {
  fta_trace t;
  assert_int_equal(fta_read(FTA_DIR "small.tab", &t, NULL), GN_OK);
  failure_trace ev = {0};
  /* Nodes 3 → host 0, 7 → host 1; start = earliest first available record of the two = 1100; accel 10.
   * node 7 down 1000-1100 ends at run time 0: dropped. node 7 down 5000-5600 → 390-450.
   * node 3 down from 3000 forever → down at 190, never back. */
  assert_int_equal(fta_replay(&t, 0, 2, NAN, 10, 1000, &ev, NULL), GN_OK);
  assert_int_equal(ev.n, 3);
  failure_event want[3] = {{190, 0, 0}, {390, 1, 0}, {450, 1, 1}};
  for (int i = 0; i < 3; i++) {
    assert_true(fabs(ev.events[i].t - want[i].t) < 1e-9);
    assert_int_equal(ev.events[i].host, want[i].host);
    assert_int_equal(ev.events[i].up, want[i].up);
  }
  failure_trace_free(&ev);
  /* Nodes 7, 9 from trace time 1000, real time: node 7 down 0-100; its 5000 record is past the horizon. */
  assert_int_equal(fta_replay(&t, 1, 2, 1000, 1, 200, &ev, NULL), GN_OK);
  assert_int_equal(ev.n, 2);
  assert_true(ev.events[0].t == 0 && ev.events[0].host == 0 && !ev.events[0].up);
  assert_true(ev.events[1].t == 100 && ev.events[1].up);
  failure_trace_free(&ev);
  gn_error err;
  assert_int_equal(fta_replay(&t, 2, 2, NAN, 1, 200, &ev, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "3 nodes"));
  fta_free(&t);
}

static void expect_error(const char *name, const char *where, const char *what) {
  char path[512];
  snprintf(path, sizeof path, FTA_DIR "%s", name);
  fta_trace t;
  gn_error err;
  assert_int_equal(fta_read(path, &t, &err), GN_EINPUT);
  char prefix[600];
  snprintf(prefix, sizeof prefix, "%s%s", path, where);
  assert_memory_equal(err.msg, prefix, strlen(prefix));
  if (!strstr(err.msg, what))
    fail_msg("'%s' lacks '%s'", err.msg, what);
}

static void errors_name_file_and_line(void **state) {
  expect_error("short_line.tab", ":3: ", "expected 9 fields");
  expect_error("bad_type.tab", ":3: ", "event_type must be 0");
  expect_error("stop_before_start.tab", ":1: ", "before event_start_time");
  expect_error("bad_node.tab", ":1: ", "node_id must be a whole number");
  expect_error("bad_time.tab", ":1: ", "event_start_time must be a number");
  fta_trace t;
  gn_error err;
  assert_int_equal(fta_parse("# only a header\n\n", "empty.tab", &t, &err), GN_EINPUT);
  assert_string_equal(err.msg, "empty.tab: no events in the trace");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reads_nodes_and_intervals),
      cmocka_unit_test(replay_shifts_scales_and_clips),
      cmocka_unit_test(errors_name_file_and_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
