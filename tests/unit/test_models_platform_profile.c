/* Unit tests for models/platform_profile: SimGrid profile text to events, repetitions unrolled, errors located. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "platform_profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const platform_desc plat = {.path = "plat.xml"};

/* An inline <trace> declared at line 8 of plat.xml (periodicity -1 = none) unless said otherwise. */
static platform_profile inline_profile(const char *text, double periodicity) {
  return (platform_profile){"t", (char *)text, NULL, periodicity, 8};
}

/* Expect exactly the n (date, value) pairs of want (2n doubles). */
static void expect(const platform_profile *p, double horizon, const double *want, int n) {
  platform_profile_event *ev;
  int count;
  gn_error err = {0};
  assert_int_equal(platform_profile_events(&plat, p, horizon, &ev, &count, &err), GN_OK);
  assert_int_equal(count, n);
  for (int i = 0; i < n; i++) {
    assert_true(fabs(ev[i].t - want[2 * i]) < 1e-12);
    assert_true(ev[i].v == want[2 * i + 1]);
  }
  free(ev);
}

static void expect_error(const platform_profile *p, double horizon, const char *message) {
  platform_profile_event *ev = (platform_profile_event *)1;
  int count = -1;
  gn_error err = {0};
  assert_int_equal(platform_profile_events(&plat, p, horizon, &ev, &count, &err), GN_EINPUT);
  assert_string_equal(err.msg, message);
  assert_null(ev);
  assert_int_equal(count, 0);
}

static void plain_profile_is_read_once(void **state) {
  (void)state;
  platform_profile p = inline_profile("\n# off from 5 s to 7 s\n0 1\n\n5 0\n  7   1  \n% old-style comment\n", -1);
  const double want[] = {0, 1, 5, 0, 7, 1};
  expect(&p, 100, want, 3);
  expect(&p, INFINITY, want, 3);
  expect(&p, 7, want, 2); /* [0, horizon): the event at 7 s is left out */
  platform_profile empty = inline_profile("# nothing\n", -1);
  expect(&empty, 10, NULL, 0);
}

/* PERIODICITY 10 with events at 1 and 3: SimGrid's loop delay is 10 - 3 = 7, so the next round starts at
 * 3 + (1 + 7) = 11: 1 3 | 11 13 | 21 23. */
static void periodicity_repeats_every_period(void **state) {
  (void)state;
  platform_profile p = inline_profile("PERIODICITY 10\n1 0\n3 1\n", -1);
  const double want[] = {1, 0, 3, 1, 11, 0, 13, 1, 21, 0, 23, 1};
  expect(&p, 25, want, 6);
}

/* LOOPAFTER 2 with events at 1 and 3: the next round starts 1 + 2 s after the last event (3): 6, then 8; the
 * period is last date + delay = 5: 1 3 | 6 8 | 11 13 | 16 18. */
static void loopafter_waits_after_the_last_event(void **state) {
  (void)state;
  platform_profile p = inline_profile("LOOPAFTER 2\n1 0\n3 1\n", -1);
  const double want[] = {1, 0, 3, 1, 6, 0, 8, 1, 11, 0, 13, 1, 16, 0, 18, 1};
  expect(&p, 20, want, 8);
}

/* <trace periodicity="10"> on inline text 0/2/4: rounds at 0, 10, 20. The attribute is ignored for a profile
 * read from a file (SimGrid reads a <trace file=...> with no periodicity), and a text PERIODICITY wins. */
static void trace_periodicity_attribute(void **state) {
  (void)state;
  platform_profile p = inline_profile("\n0 1\n2 0\n4 1\n", 10);
  const double want[] = {0, 1, 2, 0, 4, 1, 10, 1, 12, 0, 14, 1, 20, 1, 22, 0, 24, 1};
  expect(&p, 25, want, 9);
  platform_profile file = {"f", "0 1\n2 0\n4 1\n", "/abs/f.txt", 10, 8};
  expect(&file, 25, want, 3);
  platform_profile text_wins = inline_profile("PERIODICITY 5\n0 1\n2 0\n", 10);
  const double want5[] = {0, 1, 2, 0, 5, 1, 7, 0};
  expect(&text_wins, 8, want5, 4);
}

/* Errors name the platform file and the text's line there (the <trace> at line 8 holds text line 1), or the
 * profile's own file and line. */
static void errors_name_file_and_line(void **state) {
  (void)state;
  platform_profile back = inline_profile("\n0 1\n5 0\n3 1\n", -1);
  expect_error(&back, 10,
               "plat.xml:11: profile 't': the date goes backwards (dates are absolute and non-decreasing) (line '3 1')");
  platform_profile neg = {"h:state_file", "# x\n-1 0\n", "/abs/s.txt", -1, 4};
  expect_error(&neg, 10, "/abs/s.txt:2: profile 'h:state_file': the date is negative (line '-1 0')");
  platform_profile word = inline_profile("0 on\n", -1);
  expect_error(&word, 10, "plat.xml:8: profile 't': not a 'date value' line (line '0 on')");
  platform_profile three = inline_profile("0 1 2\n", -1);
  expect_error(&three, 10, "plat.xml:8: profile 't': not a 'date value' line (line '0 1 2')");
  platform_profile zero = inline_profile("\nPERIODICITY 0\n0 1\n", -1);
  expect_error(&zero, 10, "plat.xml:9: profile 't': PERIODICITY needs a positive number of seconds (line "
                          "'PERIODICITY 0')");
  platform_profile shorter = inline_profile("PERIODICITY 2\n0 1\n3 0\n", -1);
  expect_error(&shorter, 10, "plat.xml:8: profile 't': the period 2 s is shorter than the last date 3 s");
  platform_profile both = inline_profile("PERIODICITY 5\nLOOPAFTER 1\n0 1\n", -1);
  expect_error(&both, 10,
               "plat.xml:8: profile 't': a periodicity (PERIODICITY or <trace periodicity>) and LOOPAFTER cannot "
               "both be given");
  platform_profile attr_both = inline_profile("LOOPAFTER 1\n0 1\n", 5);
  expect_error(&attr_both, 10,
               "plat.xml:8: profile 't': a periodicity (PERIODICITY or <trace periodicity>) and LOOPAFTER cannot "
               "both be given");
  platform_profile still = inline_profile("LOOPAFTER 0\n0 1\n0 0\n", -1);
  expect_error(&still, 10, "plat.xml:8: profile 't': the repetition period is 0 s (all dates are 0)");
  platform_profile forever = inline_profile("LOOPAFTER 1\n0 1\n", -1);
  expect_error(&forever, INFINITY, "plat.xml:8: profile 't' repeats forever: an infinite horizon is not allowed");
  platform_profile stoch = inline_profile("STOCHASTIC\nEXP 1 1\n", -1);
  expect_error(&stoch, 10,
               "plat.xml:8: profile 't': stochastic profiles are not supported (gridnoc cannot seed them) (line "
               "'STOCHASTIC')");
  platform_profile negval = inline_profile("0 -1\n", -1);
  expect_error(&negval, 10, "plat.xml:8: profile 't': the value is negative (line '0 -1')");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(plain_profile_is_read_once),
      cmocka_unit_test(periodicity_repeats_every_period),
      cmocka_unit_test(loopafter_waits_after_the_last_event),
      cmocka_unit_test(trace_periodicity_attribute),
      cmocka_unit_test(errors_name_file_and_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
