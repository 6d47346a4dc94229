/* Tests of the sweep's reference cache (sim/grid/grid_refcache.c): a value comes back bit for bit under its own
 * key only, and whatever is not a complete entry of that key is a miss, never a value. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "grid_refcache.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static int make_dir(void **state) {
  (void)state;
  snprintf(dir, sizeof dir, "/tmp/gn_refcache_XXXXXX");
  return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state) {
  (void)state;
  char cmd[96];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  return system(cmd) == 0 ? 0 : -1;
}

static void key_of(const char *scheduler, const char *mirror, uint64_t seed, strbuf *key) {
  gn_kvlist p = GN_KVLIST_INIT;
  gn_kv_set(&p, "scheduler", "ring");
  gn_kv_set(&p, "mirror", mirror);
  grid_refcache_key(&p, scheduler, "fault-free", seed, key);
  gn_kv_free(&p);
}

/* The key names the reference's scheduler in place of the run's, and every other parameter as given. */
static void test_key_text(void **state) {
  (void)state;
  strbuf k = STRBUF_INIT;
  key_of("plain", "standby", 26, &k);
  assert_string_equal(strbuf_str(&k),
                      "gridnoc " GN_VERSION " reference fault-free seed 26\nscheduler=plain\nmirror=standby\n");
  strbuf_free(&k);
}

/* 0.1 has no short decimal form: %a brings back the same double. Another seed or parameter is a miss. */
static void test_round_trip_and_misses(void **state) {
  (void)state;
  strbuf a = STRBUF_INIT, b = STRBUF_INIT, c = STRBUF_INIT;
  key_of("plain", "standby", 1, &a);
  key_of("plain", "standby", 2, &b);
  key_of("plain", "eager", 1, &c);
  double v = 0;
  assert_int_equal(grid_refcache_get(dir, strbuf_str(&a), &v), 0);
  grid_refcache_put(dir, strbuf_str(&a), 65.0 + 0.1);
  assert_int_equal(grid_refcache_get(dir, strbuf_str(&a), &v), 1);
  assert_true(v == 65.0 + 0.1);
  assert_int_equal(grid_refcache_get(dir, strbuf_str(&b), &v), 0);
  assert_int_equal(grid_refcache_get(dir, strbuf_str(&c), &v), 0);
  grid_refcache_put(dir, strbuf_str(&b), NAN); /* a reference that did not complete */
  assert_int_equal(grid_refcache_get(dir, strbuf_str(&b), &v), 1);
  assert_true(isnan(v));
  strbuf_free(&a);
  strbuf_free(&b);
  strbuf_free(&c);
}

/* The folder's one entry, rewritten as the key followed by `tail`. */
static void rewrite_entry(const char *key, const char *tail) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  struct dirent *e;
  int rewritten = 0;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.') {
      char path[384];
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      FILE *f = fopen(path, "w");
      assert_non_null(f);
      fprintf(f, "%s%s", key, tail);
      fclose(f);
      rewritten++;
    }
  closedir(d);
  assert_int_equal(rewritten, 1);
}

/* An entry cut short (no value, or a value without its newline) is not read as a number. */
static void test_cut_entry_is_a_miss(void **state) {
  (void)state;
  strbuf k = STRBUF_INIT;
  key_of("plain", "standby", 3, &k);
  grid_refcache_put(dir, strbuf_str(&k), 2.5);
  double v = 0;
  assert_int_equal(grid_refcache_get(dir, strbuf_str(&k), &v), 1);
  assert_true(v == 2.5);
  const char *cuts[] = {"", "0x1.4p+1", "\n"};
  for (int i = 0; i < 3; i++) {
    rewrite_entry(strbuf_str(&k), cuts[i]);
    assert_int_equal(grid_refcache_get(dir, strbuf_str(&k), &v), 0);
  }
  strbuf_free(&k);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_key_text),
      cmocka_unit_test_setup_teardown(test_round_trip_and_misses, make_dir, remove_dir),
      cmocka_unit_test_setup_teardown(test_cut_entry_is_a_miss, make_dir, remove_dir),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
