/* Unit tests for core/: error formatting and exit statuses, key/value rows, seed derivation, atomic writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gn_error.h"
#include "gn_file.h"
#include "gn_kv.h"
#include "gn_num.h"
#include "gn_seed.h"
#include "gn_text.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <fcntl.h>
#include <float.h>
#include <limits.h>

static void error_formats_file_and_line(void **state) {
  gn_error e;
  assert_int_equal(gn_error_set(&e, GN_EINPUT, "g.stg", 12, "bad %s", "field"), GN_EINPUT);
  assert_string_equal(e.msg, "g.stg:12: bad field");
  gn_error_set(&e, GN_EFAIL, "g.stg", 0, "cannot open");
  assert_string_equal(e.msg, "g.stg: cannot open");
  gn_error_set(&e, GN_EFAIL, NULL, 0, "plain");
  assert_string_equal(e.msg, "plain");
  gn_error_prefix(&e, "while %s: ", "testing");
  assert_string_equal(e.msg, "while testing: plain");
  assert_int_equal(e.code, GN_EFAIL);
}

static void exit_status_mapping(void **state) {
  assert_int_equal(gn_exit_status(GN_OK), 0);
  assert_int_equal(gn_exit_status(GN_EINPUT), 2);
  assert_int_equal(gn_exit_status(GN_EFAIL), 1);
  assert_int_equal(gn_exit_status(GN_ENOMEM), 1);
}

static void kv_keeps_order_and_replaces(void **state) {
  gn_kvlist kv = GN_KVLIST_INIT;
  gn_kv_set(&kv, "b", "1");
  gn_kv_set(&kv, "a", "2");
  gn_kv_set(&kv, "b", "3");
  assert_int_equal(kv.n, 2);
  assert_string_equal(kv.items[0].key, "b");
  assert_string_equal(kv.items[0].value, "3");
  assert_null(gn_kv_get(&kv, "c"));
  long long v = 0;
  assert_int_equal(gn_kv_get_long(&kv, "a", &v), 0);
  assert_int_equal(v, 2);
  gn_kv_set(&kv, "x", "2.5z");
  double d;
  assert_int_equal(gn_kv_get_double(&kv, "x", &d), GN_EINPUT);
  assert_int_equal(gn_kv_get_double(&kv, "missing", &d), 1);
  gn_kv_set_double(&kv, "p", 1.0 / 3.0);
  assert_string_equal(gn_kv_get(&kv, "p"), "0.3333333333");
  gn_kv_set_double(&kv, "z", -0.0);
  assert_string_equal(gn_kv_get(&kv, "z"), "0");
  gn_kv_free(&kv);
}

static void seeds_are_pure_and_spread(void **state) {
  assert_true(gn_seed_derive(1, "run=1") == gn_seed_derive(1, "run=1"));
  assert_true(gn_seed_derive(1, "run=1") != gn_seed_derive(1, "run=2"));
  assert_true(gn_seed_derive(1, "run=1") != gn_seed_derive(2, "run=1"));
  /* Known value: pins the derivation so CSVs stay comparable across versions. */
  assert_true(gn_seed_mix(0) == 0xE220A8397B1DCDAFULL);
  gsl_rng *a = gn_rng_new(42), *b = gn_rng_new(42);
  for (int i = 0; i < 100; i++)
    assert_true(gsl_rng_get(a) == gsl_rng_get(b));
  gsl_rng_free(a);
  gsl_rng_free(b);
}

static void atomic_write_and_read_back(void **state) {
  char dir[] = "/tmp/gn_core_testXXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[256];
  snprintf(path, sizeof path, "%s/out.txt", dir);
  gn_error e;
  assert_int_equal(gn_file_write_atomic(path, "hello\n", 6, &e), GN_OK);
  char *data;
  size_t len;
  assert_int_equal(gn_file_read_all(path, 0, &data, &len, &e), GN_OK);
  assert_int_equal(len, 6);
  assert_string_equal(data, "hello\n");
  free(data);
  assert_int_equal(gn_file_read_all(path, 3, &data, &len, &e), GN_EINPUT); /* over the limit: bad input */
  unlink(path);
  assert_int_equal(gn_file_read_all(path, 0, &data, &len, &e), GN_EINPUT);
  assert_non_null(strstr(e.msg, "cannot open"));
  char bad[300];
  snprintf(bad, sizeof bad, "%s/no/such/dir/out.txt", dir);
  assert_int_equal(gn_file_write_atomic(bad, "x", 1, &e), GN_EINPUT); /* a folder that does not exist */
  assert_non_null(strstr(e.msg, bad)); /* the message names the user's path */
  rmdir(dir);
}

/* Writing through a symbolic link replaces the file it points to and keeps the link (as a plain write would). */
static void atomic_write_follows_symlinks(void **state) {
  char dir[] = "/tmp/gn_core_linkXXXXXX";
  assert_non_null(mkdtemp(dir));
  char target[256], link[256], dangling[256], missing[256];
  snprintf(target, sizeof target, "%s/target.csv", dir);
  snprintf(link, sizeof link, "%s/link.csv", dir);
  snprintf(dangling, sizeof dangling, "%s/dangling.csv", dir);
  snprintf(missing, sizeof missing, "%s/missing.csv", dir);
  gn_error e;
  assert_int_equal(gn_file_write_atomic(target, "old", 3, &e), GN_OK);
  assert_int_equal(symlink("target.csv", link), 0);
  assert_int_equal(gn_file_write_atomic(link, "new", 3, &e), GN_OK);
  struct stat st;
  assert_int_equal(lstat(link, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  char *data;
  size_t len;
  assert_int_equal(gn_file_read_all(target, 0, &data, &len, &e), GN_OK);
  assert_string_equal(data, "new");
  free(data);
  assert_int_equal(symlink("missing.csv", dangling), 0); /* a dangling link: its target is created */
  assert_int_equal(gn_file_write_atomic(dangling, "made", 4, &e), GN_OK);
  assert_int_equal(gn_file_read_all(missing, 0, &data, &len, &e), GN_OK);
  assert_string_equal(data, "made");
  free(data);
  unlink(link);
  unlink(dangling);
  unlink(target);
  unlink(missing);
  rmdir(dir);
}

/* Hand-checked: kitten -> sitting is 3 edits (k->s, e->i, +g); "dpmaa" is one deletion from "dpma". */
static void closest_names(void **state) {
  assert_int_equal(gn_edit_distance("kitten", 6, "sitting", 7), 3);
  assert_int_equal(gn_edit_distance("dpma+refine", 4, "dpma", 4), 0);
  const char *names[] = {"dpma", "dptaa", "saatsa", "chains"};
  assert_string_equal(gn_closest("dpmaa", names, 4), "dpma");
  assert_string_equal(gn_closest("chians", names, 4), "chains");
  assert_null(gn_closest("xyz", names, 4));
}

/* One syntax everywhere: decimal, the whole token, finite and in range (hand-picked edge cases). */
static void numbers_have_one_syntax(void **state) {
  long long i;
  double d;
  unsigned long long u;
  assert_int_equal(gn_num_int("42", 0, 100, &i), GN_NUM_OK);
  assert_int_equal(i, 42);
  assert_int_equal(gn_num_int("-7", -10, 10, &i), GN_NUM_OK);
  assert_int_equal(i, -7);
  const char *not_whole[] = {"", " 2", "2 ", "0x10", "1e1", "2.0", "+", "-", "1_000", "٣", "2\n"};
  for (size_t k = 0; k < sizeof not_whole / sizeof *not_whole; k++)
    assert_int_equal(gn_num_int(not_whole[k], LLONG_MIN, LLONG_MAX, &i), GN_NUM_SYNTAX);
  assert_int_equal(gn_num_int("101", 0, 100, &i), GN_NUM_RANGE);
  assert_int_equal(gn_num_int("9223372036854775808", LLONG_MIN, LLONG_MAX, &i), GN_NUM_RANGE);
  assert_int_equal(gn_num_real("1.5e3", 0, DBL_MAX, &d), GN_NUM_OK);
  assert_true(d == 1500);
  assert_int_equal(gn_num_real(".5", 0, 1, &d), GN_NUM_OK);
  assert_true(d == 0.5);
  const char *not_real[] = {"inf", "nan", "0x1p3", "1e", "1e+", ".", "1.5 ", " 1", "1,5", "--1"};
  for (size_t k = 0; k < sizeof not_real / sizeof *not_real; k++)
    assert_int_equal(gn_num_real(not_real[k], -DBL_MAX, DBL_MAX, &d), GN_NUM_SYNTAX);
  assert_int_equal(gn_num_real("1e400", -DBL_MAX, DBL_MAX, &d), GN_NUM_RANGE);
  assert_int_equal(gn_num_real("1e-400", -DBL_MAX, DBL_MAX, &d), GN_NUM_RANGE);
  assert_int_equal(gn_num_real("-1", 0, 1, &d), GN_NUM_RANGE);
  assert_int_equal(gn_num_uint("18446744073709551615", UINT64_MAX, &u), GN_NUM_OK);
  assert_int_equal(gn_num_uint("18446744073709551616", UINT64_MAX, &u), GN_NUM_RANGE);
  assert_int_equal(gn_num_uint("-1", UINT64_MAX, &u), GN_NUM_SYNTAX);
  assert_int_equal(gn_num_real_span("100Gf"), 3);
  assert_int_equal(gn_num_real_span("2e3x"), 3);
  assert_int_equal(gn_num_real_span("2ex"), 1);
  assert_int_equal(gn_num_int_span("3:4"), 1);
  assert_int_equal(gn_num_int_span("x"), 0);
}

/* Outputs: an empty name, a directory, a name ending in '/' are bad input; a device is written through and
 * stays a device; inputs that are not regular files are refused before any read. */
static void outputs_and_inputs_are_checked(void **state) {
  gn_error e;
  assert_int_equal(gn_file_write_atomic("", "x", 1, &e), GN_EINPUT);
  assert_int_equal(gn_file_write_atomic("/tmp", "x", 1, &e), GN_EINPUT);
  assert_int_equal(gn_file_check_output("/tmp/nosuchdir-gn/", &e), GN_EINPUT);
  assert_int_equal(gn_file_check_output("/nonexistent-gn/x.csv", &e), GN_EINPUT);
  assert_int_equal(gn_file_write_atomic("/dev/null", "x", 1, &e), GN_OK);
  struct stat st;
  assert_int_equal(stat("/dev/null", &st), 0);
  assert_true(S_ISCHR(st.st_mode));
  char *data;
  size_t len;
  assert_int_equal(gn_file_read_all("/dev/zero", 0, &data, &len, &e), GN_EINPUT);
  assert_non_null(strstr(e.msg, "not a regular file"));
  assert_int_equal(gn_file_read_all("/tmp", 0, &data, &len, &e), GN_EINPUT);
  char dir[] = "/tmp/gn_core_fifoXXXXXX";
  assert_non_null(mkdtemp(dir));
  char fifo[256], bom[256];
  snprintf(fifo, sizeof fifo, "%s/f", dir);
  snprintf(bom, sizeof bom, "%s/bom.txt", dir);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  assert_int_equal(gn_file_read_all(fifo, 0, &data, &len, &e), GN_EINPUT); /* refused, does not block */
  assert_int_equal(gn_file_write_atomic(fifo, "x", 1, &e), GN_EFAIL);      /* no reader: refused, not replaced */
  assert_int_equal(stat(fifo, &st), 0);
  assert_true(S_ISFIFO(st.st_mode));
  assert_int_equal(gn_file_write_atomic(bom, "\xEF\xBB\xBF" "5\n", 5, &e), GN_OK);
  assert_int_equal(gn_file_read_all(bom, 0, &data, &len, &e), GN_OK);
  assert_string_equal(data, "5\n"); /* the byte-order mark is dropped */
  assert_int_equal(len, 2);
  free(data);
  unlink(bom);
  unlink(fifo);
  rmdir(dir);
}

/* Messages are one line whatever the user typed. */
static void messages_are_one_line(void **state) {
  gn_error e;
  gn_error_set(&e, GN_EINPUT, "a\nb.cfg", 3, "value '%s'", "x\ty\033[2J");
  assert_string_equal(e.msg, "a?b.cfg:3: value 'x?y?[2J'");
}

/* A line a child process printed is quoted without its own program prefix (no "gridnoc: gridnoc: ..."). */
static void program_prefix_is_skipped_once(void **state) {
  (void)state;
  assert_string_equal(gn_error_skip_prefix("gridnoc: simgrid: x"), "simgrid: x");
  assert_string_equal(gn_error_skip_prefix("gridnoc grid: parameter 'n'"), "parameter 'n'");
  assert_string_equal(gn_error_skip_prefix("gridnoc platform grid: y"), "y");
  assert_string_equal(gn_error_skip_prefix("gridnocx: y"), "gridnocx: y");
  assert_string_equal(gn_error_skip_prefix("gridnoc grid 2: y"), "gridnoc grid 2: y");
  assert_string_equal(gn_error_skip_prefix("a.cfg:3: gridnoc: y"), "a.cfg:3: gridnoc: y");
  assert_string_equal(gn_error_skip_prefix(""), "");
}

/* A JSON string: quotes and backslashes escaped, control characters as \u00XX, everything else (UTF-8 too) kept. */
static void json_strings_are_escaped(void **state) {
  (void)state;
  strbuf b = STRBUF_INIT;
  strbuf_add_json(&b, "a\"b\\c\nd\x01\xc3\xa9");
  assert_string_equal(b.data, "\"a\\\"b\\\\c\\u000ad\\u0001\xc3\xa9\"");
  strbuf_reset(&b);
  strbuf_add_json(&b, "");
  assert_string_equal(b.data, "\"\"");
  strbuf_free(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(json_strings_are_escaped),
      cmocka_unit_test(error_formats_file_and_line), cmocka_unit_test(exit_status_mapping),
      cmocka_unit_test(kv_keeps_order_and_replaces), cmocka_unit_test(seeds_are_pure_and_spread),
      cmocka_unit_test(atomic_write_and_read_back), cmocka_unit_test(atomic_write_follows_symlinks), cmocka_unit_test(closest_names),
      cmocka_unit_test(numbers_have_one_syntax), cmocka_unit_test(outputs_and_inputs_are_checked),
      cmocka_unit_test(messages_are_one_line), cmocka_unit_test(program_prefix_is_skipped_once),
  };
  return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
