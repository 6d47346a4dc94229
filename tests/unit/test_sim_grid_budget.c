/* Tests of the grid's budget check (sim/grid/grid_budget.c) against faked limits: a grid too large for
 * vm.max_map_count is refused with the sysctl that lets it start, whatever the machine's own setting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "grid_budget.h"

#include <string.h>

static const grid_budget_work none = {0, 0, 0};

static grid uniform(int clusters, int nodes) {
  grid g;
  gn_error err = {0};
  assert_int_equal(grid_preset("uniform", clusters, nodes, &g, &err), GN_OK);
  return g;
}

/* 100 x 1000 nodes: 100,000 + 4 x 100 + 2 = 100,402 actors (one per node), 2048 + 2 x 100,402 = 202,852
 * mappings, rounded up to a multiple of 4096: 204,800. Under 65,530: (65,530 − 2048) / 2 − 2 − 400 = 31,339
 * actors for nodes, 31,339 nodes. */
static void test_map_count_refusal_names_the_sysctl(void **state) {
  (void)state;
  grid g = uniform(100, 1000);
  grid_limits lim = {0, 0, 65530};
  gn_error err = {0};
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "runs 100402 actors"));
  assert_non_null(strstr(err.msg, "about 202852 memory mappings"));
  assert_non_null(strstr(err.msg, "vm.max_map_count is 65530"));
  assert_non_null(strstr(err.msg, "use at most about 31339 nodes"));
  assert_non_null(strstr(err.msg, "sudo sysctl -w vm.max_map_count=204800"));
  assert_null(strchr(err.msg, '\n'));
  /* One mapping short is still refused, with the same command. */
  lim.max_map_count = 202851;
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "sudo sysctl -w vm.max_map_count=204800"));
  grid_free(&g);
}

/* The value the message names is enough: the same run then passes; so does an unknown limit (0). */
static void test_named_value_is_enough(void **state) {
  (void)state;
  grid g = uniform(100, 1000);
  gn_error err = {0};
  grid_limits lim = {0, 0, 204800};
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_OK);
  lim.max_map_count = 202852;
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_OK);
  lim.max_map_count = 0;
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_OK);
  grid_free(&g);
}

/* The patent-sized grid fits the default limit; the address-space and RAM limits are checked too. */
static void test_other_limits(void **state) {
  (void)state;
  grid g = uniform(8, 6);
  gn_error err = {0};
  grid_limits lim = {0, 0, 65530};
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_OK);
  lim.address_space = 16.0 * 1024 * 1024; /* below the 64 MiB base */
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "ulimit -v"));
  lim = (grid_limits){0, 16.0 * 1024 * 1024, 0};
  assert_int_equal(grid_budget_check_against(&g, &none, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "of memory but this machine has 16 MiB"));
  grid_free(&g);
}

/* Each term by hand on the patent-sized uniform grid (8 x 6): 48 nodes + 8 masters + 2 = 58 hosts, 48 + 4 x 8 + 2 =
 * 82 actors. Resident: 64 MiB + 58 x 64 KiB + 82 x 16 KiB = 67,108,864 + 3,801,088 + 1,343,488 = 72,253,440 bytes;
 * n = 1000 adds x twice (16,000); real mode adds A and its LU copy (16 x 1000^2 = 16,000,000); 10,000 load profile
 * lines add 10,000 x 192 = 1,920,000. Each adds as much to the address space. */
static void test_estimate_terms(void **state) {
  (void)state;
  grid g = uniform(8, 6);
  grid_budget b = grid_budget_estimate(&g, &none);
  assert_true(b.actors == 82);
  assert_true(b.resident == 72253440.0);
  grid_budget_work w = {1000, 0, 0};
  assert_true(grid_budget_estimate(&g, &w).resident - b.resident == 16000.0);
  w.real_mode = 1;
  assert_true(grid_budget_estimate(&g, &w).resident - b.resident == 16016000.0);
  w = (grid_budget_work){0, 0, 10000};
  assert_true(grid_budget_estimate(&g, &w).resident - b.resident == 1920000.0);
  assert_true(grid_budget_estimate(&g, &w).reserved - b.reserved == 1920000.0);
  /* A profile large enough is what refuses the run: 1 GiB of RAM holds the grid, not 10^7 profile lines. */
  grid_limits lim = {0, 1024.0 * 1024 * 1024, 0};
  gn_error err = {0};
  assert_int_equal(grid_budget_check_against(&g, &w, &lim, &err), GN_OK);
  w.profile_lines = 1e7;
  assert_int_equal(grid_budget_check_against(&g, &w, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "of memory but this machine has 1024 MiB"));
  grid_free(&g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_map_count_refusal_names_the_sysctl),
      cmocka_unit_test(test_named_value_is_enough),
      cmocka_unit_test(test_other_limits),
      cmocka_unit_test(test_estimate_terms),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
