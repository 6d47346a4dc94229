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
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "runs 100402 actors"));
  assert_non_null(strstr(err.msg, "about 202852 memory mappings"));
  assert_non_null(strstr(err.msg, "vm.max_map_count is 65530"));
  assert_non_null(strstr(err.msg, "use at most about 31339 nodes"));
  assert_non_null(strstr(err.msg, "sudo sysctl -w vm.max_map_count=204800"));
  assert_null(strchr(err.msg, '\n'));
  /* One mapping short is still refused, with the same command. */
  lim.max_map_count = 202851;
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "sudo sysctl -w vm.max_map_count=204800"));
  grid_free(&g);
}

/* The value the message names is enough: the same run then passes; so does an unknown limit (0). */
static void test_named_value_is_enough(void **state) {
  (void)state;
  grid g = uniform(100, 1000);
  gn_error err = {0};
  grid_limits lim = {0, 0, 204800};
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_OK);
  lim.max_map_count = 202852;
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_OK);
  lim.max_map_count = 0;
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_OK);
  grid_free(&g);
}

/* The patent-sized grid fits the default limit; the address-space and RAM limits are checked too. */
static void test_other_limits(void **state) {
  (void)state;
  grid g = uniform(8, 6);
  gn_error err = {0};
  grid_limits lim = {0, 0, 65530};
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_OK);
  lim.address_space = 16.0 * 1024 * 1024; /* below the 64 MiB base */
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "ulimit -v"));
  lim = (grid_limits){0, 16.0 * 1024 * 1024, 0};
  assert_int_equal(grid_budget_check_against(&g, &lim, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "of memory but this machine has 16 MiB"));
  grid_free(&g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_map_count_refusal_names_the_sysctl),
      cmocka_unit_test(test_named_value_is_enough),
      cmocka_unit_test(test_other_limits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
