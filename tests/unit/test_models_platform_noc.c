/* Unit tests for models/platform_noc: a platform file read as a NoC chip (positions, speeds, links, routing
 * check, supervisor, failures from host state profiles). Expected values are worked out by hand from the files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "platform_noc.h"
#include "platform_read.h"
#include "platform_noc_describe.h"
#include "platform_noc_failures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PLATFORMS GN_FIXTURES "/platforms/"
#define PRESETS GN_FIXTURES "/../../platforms/"

static void load(const char *path, platform_desc *pd, platform_noc *pn) {
  gn_error err = {0};
  int rc = platform_read(path, pd, &err);
  if (rc)
    fail_msg("%s", err.msg);
  rc = platform_noc_from_desc(pd, pn, &err);
  if (rc)
    fail_msg("%s", err.msg);
}

/* The reason a file is not a chip (read fine, refused by platform_noc). */
static const char *refusal(const char *path, gn_error *err) {
  platform_desc pd;
  platform_noc pn;
  assert_int_equal(platform_read(path, &pd, err), 0);
  assert_int_equal(platform_noc_from_desc(&pd, &pn, err), GN_EINPUT);
  platform_free(&pd);
  return err->msg;
}

static char *write_temp(const char *text) {
  char *path = strdup("/tmp/gn_platform_noc_XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  return path;
}

/* The mesh20 preset: 4x5, 1 GHz cores, 8 GB/s links of 1 + 2 ns, its 380 core routes all XY. */
static void preset_reads_as_its_chip(void **state) {
  (void)state;
  platform_desc pd;
  platform_noc pn;
  load(PRESETS "mesh20.xml", &pd, &pn);
  assert_int_equal(pn.chip->width, 4);
  assert_int_equal(pn.chip->height, 5);
  assert_true(pn.chip->core_speed_flops == 1e9);
  assert_true(pn.chip->link_bw_Bps == 8e9);
  assert_true(fabs(pn.chip->link_lat_s - 3e-9) < 1e-20); /* written as 1 + 2 ns in binary */
  assert_int_equal(pn.routing, PLATFORM_NOC_XY);
  assert_int_equal(pn.routes_checked, 380);
  assert_int_equal(pn.routes_differ, 0);
  assert_string_equal(pn.routing_text, "XY (all 380 routes checked)");
  assert_string_equal(pd.hosts[pn.supervisor].id, "supervisor");
  assert_string_equal(platform_noc_host_name(&pd, &pn, 2 * 4 + 3), "core_3_2");
  for (int c = 0; c < 20; c++)
    assert_int_equal(pn.chip->broken[c], 0);
  platform_noc_free(&pn);
  platform_free(&pd);
}

/* One route of twelve goes Y first: reported, with the pair. */
static void y_first_route_is_not_xy(void **state) {
  (void)state;
  platform_desc pd;
  platform_noc pn;
  load(PLATFORMS "noc-2x2-yfirst.xml", &pd, &pn);
  assert_int_equal(pn.routing, PLATFORM_NOC_NOT_XY);
  assert_int_equal(pn.routes_checked, 12);
  assert_int_equal(pn.routes_differ, 1);
  assert_string_equal(pn.routing_text, "not XY (1 of 12 routes differ; first: core_0_0 -> core_1_1)");
  platform_noc_free(&pn);
  platform_free(&pd);
}

/* A 3x3 torus: rank r at x = r % 3, y = r / 3; the links are the cluster's. */
static void torus_positions_follow_rank(void **state) {
  (void)state;
  platform_desc pd;
  platform_noc pn;
  load(PLATFORMS "noc-torus3x3.xml", &pd, &pn);
  assert_int_equal(pn.chip->width, 3);
  assert_int_equal(pn.chip->height, 3);
  assert_string_equal(platform_noc_host_name(&pd, &pn, 1), "c1"); /* x=1 y=0 */
  assert_string_equal(platform_noc_host_name(&pd, &pn, 3), "c3"); /* x=0 y=1 */
  assert_string_equal(platform_noc_host_name(&pd, &pn, 2 * 3 + 1), "c7");
  assert_int_equal(pn.routing, PLATFORM_NOC_TORUS);
  assert_true(pn.chip->link_bw_Bps == 8e9);
  assert_true(pn.chip->link_lat_s == 3e-9);
  assert_int_equal(pn.supervisor, -1);
  gn_error err = {0};
  assert_int_equal(platform_noc_need_supervisor(&pd, &pn, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "core failures need a supervisor host"));
  platform_noc_free(&pn);
  platform_free(&pd);
}

/* Speeds 1, 2, 2 (1 GHz × 2 cores), 3 GHz: nominal 2 GHz (the most common); a position without a host is a
 * broken core; Floyd routing is not checked and the narrowest link of the file gives the figures. */
static void speeds_holes_and_computed_routes(void **state) {
  (void)state;
  char *path = write_temp(
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Floyd\">\n"
      "<host id=\"a\" speed=\"1Gf\"><prop id=\"x\" value=\"0\"/><prop id=\"y\" value=\"0\"/></host>\n"
      "<host id=\"b\" speed=\"2Gf\"><prop id=\"x\" value=\"1\"/><prop id=\"y\" value=\"0\"/></host>\n"
      "<host id=\"c\" speed=\"1Gf\" core=\"2\"><prop id=\"x\" value=\"0\"/><prop id=\"y\" value=\"1\"/></host>\n"
      "<host id=\"d\" speed=\"3Gf\"><prop id=\"x\" value=\"2\"/><prop id=\"y\" value=\"1\"/></host>\n"
      "<link id=\"fast\" bandwidth=\"10GBps\" latency=\"1ns\"/>\n"
      "<link id=\"slow\" bandwidth=\"1GBps\" latency=\"5ns\"/>\n"
      "<route src=\"a\" dst=\"b\"><link_ctn id=\"fast\"/></route>\n"
      "<route src=\"c\" dst=\"d\"><link_ctn id=\"slow\"/></route>\n"
      "</zone>\n</platform>\n");
  platform_desc pd;
  platform_noc pn;
  load(path, &pd, &pn);
  assert_int_equal(pn.chip->width, 3);
  assert_int_equal(pn.chip->height, 2);
  assert_true(pn.chip->core_speed_flops == 2e9);
  assert_true(pn.chip->speed_flops[0] == 1e9);
  assert_true(pn.chip->speed_flops[3] == 2e9); /* c: 1 GHz × 2 cores */
  assert_true(pn.chip->speed_flops[5] == 3e9);
  assert_int_equal(pn.chip->broken[2], 1); /* x=2 y=0 */
  assert_int_equal(pn.chip->broken[4], 1); /* x=1 y=1 */
  assert_int_equal(pn.chip->broken[0], 0);
  assert_int_equal(pn.routing, PLATFORM_NOC_COMPUTED);
  assert_string_equal(pn.routing_text, "Floyd (shortest paths computed by SimGrid): not checked");
  assert_true(pn.chip->link_bw_Bps == 1e9);
  assert_true(pn.chip->link_lat_s == 5e-9);
  platform_noc_free(&pn);
  platform_free(&pd);
  unlink(path);
  free(path);
}

/* core_1_0 goes down at 0.2 s (then up at 0.5 s, ignored): with 1e-4 s per time unit, core 1 fails at 2000. */
static void state_profile_becomes_a_permanent_failure(void **state) {
  (void)state;
  platform_desc pd;
  platform_noc pn;
  load(PLATFORMS "noc-2x2-profile.xml", &pd, &pn);
  noc_failure *f = NULL;
  int n = 0, ups = 0;
  gn_error err = {0};
  assert_int_equal(platform_noc_profile_failures(&pd, &pn, 1e-4, &f, &n, &ups, &err), 0);
  assert_int_equal(n, 1);
  assert_int_equal(f[0].core, 1);
  assert_true(fabs(f[0].time - 2000) < 1e-9);
  assert_int_equal(ups, 1);
  assert_int_equal(platform_noc_need_supervisor(&pd, &pn, &err), 0);
  free(f);
  platform_noc_free(&pn);
  platform_free(&pd);
}

/* Same core in both lists: the earliest; sorted by time then core. */
static void merged_failures_keep_the_earliest(void **state) {
  (void)state;
  noc_failure a[] = {{1, 500}, {2, 100}}, b[] = {{1, 300}, {3, 100}}, *m = NULL;
  int n = 0;
  gn_error err = {0};
  assert_int_equal(platform_noc_merge_failures(a, 2, b, 2, &m, &n, &err), 0);
  assert_int_equal(n, 3);
  assert_int_equal(m[0].core, 2);
  assert_int_equal(m[1].core, 3);
  assert_int_equal(m[2].core, 1);
  assert_true(m[2].time == 300);
  free(m);
}

/* A supervisor outside the cores' zone needs a zoneRoute joining the two zones under their common zone. */
static void supervisor_in_another_zone_needs_a_zone_route(void **state) {
  (void)state;
  const char *files[] = {PLATFORMS "noc-torus3x3-sup.xml", PLATFORMS "noc-bad-sup-no-zoneroute.xml"};
  for (int i = 0; i < 2; i++) {
    platform_desc pd;
    platform_noc pn;
    gn_error err = {0};
    load(files[i], &pd, &pn);
    assert_string_equal(pd.hosts[pn.supervisor].id, "supervisor");
    assert_int_equal(platform_noc_need_supervisor(&pd, &pn, &err), i == 0 ? GN_OK : GN_EINPUT);
    if (i == 1)
      assert_non_null(strstr(err.msg, "noc-bad-sup-no-zoneroute.xml:5: zone 'world' has no <zoneRoute> from 'chip' "
                                      "(the cores) to 'ctl'"));
    platform_noc_free(&pn);
    platform_free(&pd);
  }
}

static void bad_chips_are_named(void **state) {
  (void)state;
  gn_error err = {0};
  assert_non_null(strstr(refusal(PLATFORMS "noc-bad-only-x.xml", &err),
                         "noc-bad-only-x.xml:7: host 'core_1_0' has property x but not the other one"));
  assert_non_null(strstr(refusal(PLATFORMS "noc-bad-two-at-one.xml", &err),
                         "noc-bad-two-at-one.xml:8: hosts 'a' (line 7) and 'b' are both at x=1 y=0"));
  assert_non_null(strstr(refusal(PLATFORMS "noc-bad-missing-route.xml", &err),
                         "noc-bad-missing-route.xml:5: zone 'chip' (Full routing) has no route from 'core_1_0' to "
                         "'core_0_0'"));
  assert_non_null(strstr(refusal(PLATFORMS "noc-bad-torus3d.xml", &err), "is a 3-D torus"));
  assert_non_null(strstr(refusal(PLATFORMS "two_zones.xml", &err), "not a NoC chip"));
}

static void describe_says_what_gridnoc_sees(void **state) {
  (void)state;
  platform_desc pd;
  gn_error err = {0};
  strbuf b = STRBUF_INIT;
  assert_int_equal(platform_read(PLATFORMS "noc-2x2-profile.xml", &pd, &err), 0);
  assert_int_equal(platform_noc_describe(&pd, &b, &err), 0);
  assert_non_null(strstr(b.data, "NoC chip: 2x2 mesh in zone 'chip', 4 cores\n"));
  assert_non_null(strstr(b.data, "  core speed: nominal 1000000000 flop/s (4 of 4 cores at it)\n"));
  assert_non_null(strstr(b.data, "  links: 8000000000 B/s, 3e-09 s per hop"));
  assert_non_null(strstr(b.data, "  supervisor: supervisor\n"));
  assert_non_null(strstr(b.data, "  routing: XY (all 12 routes checked)\n"));
  assert_non_null(strstr(b.data, "  state profile: core core_1_0 fails at 0.2 s (permanent)\n"));
  strbuf_free(&b);
  platform_free(&pd);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(preset_reads_as_its_chip),
      cmocka_unit_test(y_first_route_is_not_xy),
      cmocka_unit_test(torus_positions_follow_rank),
      cmocka_unit_test(speeds_holes_and_computed_routes),
      cmocka_unit_test(state_profile_becomes_a_permanent_failure),
      cmocka_unit_test(merged_failures_keep_the_earliest),
      cmocka_unit_test(supervisor_in_another_zone_needs_a_zone_route),
      cmocka_unit_test(bad_chips_are_named),
      cmocka_unit_test(describe_says_what_gridnoc_sees),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
