/* Tests of the platform pre-scan (models/platform/platform_scan.c): its host count matches the full reader's, and
 * its lower bound on grid nodes never exceeds the grid the full read lays out (it refuses oversized grids early). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "grid.h"
#include "platform_grid.h"
#include "platform_read.h"
#include "platform_scan.h"

#include <stdio.h>
#include <string.h>

/* Hosts in comments and CDATA do not count, host_link is not a host, a cluster counts its radical's hosts; a master
 * per zone or cluster and a host per gridnoc.role property may be no node. */
static void counts_by_hand(void **state) {
  (void)state;
  const char *text = "<platform version=\"4.1\"><!-- <host id=\"x\"/> --><zone id=\"w\" routing=\"Full\">\n"
                     "<host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"><prop id='gridnoc.role' "
                     "value='injector'/></host><host_link id=\"a\" up=\"l\" down=\"l\"/>\n"
                     "<![CDATA[<host id=\"y\"/>]]><cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-9,20\" "
                     "speed=\"1Gf\" bw=\"1GBps\" lat=\"1us\"/></zone></platform>\n";
  platform_scan s;
  platform_scan_text(text, strlen(text), &s);
  assert_int_equal(s.hosts, 2 + 11);
  assert_int_equal(s.not_nodes, 1 + 1 + 1); /* zone w, cluster c, the role */
  /* A cluster whose hosts all carry a role: none of them need be a node. */
  const char *roles = "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-99\" speed=\"1Gf\" bw=\"1GBps\" "
                      "lat=\"1us\"><prop id=\"gridnoc.role\" value=\"supervisor\"/></cluster>";
  platform_scan_text(roles, strlen(roles), &s);
  assert_int_equal(s.hosts, 100);
  assert_true(s.hosts - s.not_nodes <= 0);
}

/* On the shipped test platforms: the same hosts as the full read, and no more nodes than its grid. */
static void bound_holds_on_fixtures(void **state) {
  (void)state;
  const char *files[] = {"grid-two-zone.xml", "grid-g5k-clusters.xml", "grid-narrow-uplink.xml", NULL};
  for (int i = 0; files[i]; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/platforms/%s", GN_FIXTURES, files[i]);
    platform_desc p;
    gn_error err = {0};
    assert_int_equal(platform_read(path, &p, &err), GN_OK);
    grid g;
    platform_grid_hosts h;
    memset(&g, 0, sizeof g);
    memset(&h, 0, sizeof h);
    assert_int_equal(platform_grid_layout(&p, 0, &g, &h, &err), GN_OK);
    platform_scan s;
    platform_scan_file(path, &s);
    assert_int_equal(s.hosts, p.n_hosts);
    assert_true(s.hosts - s.not_nodes <= g.n_nodes);
    platform_grid_hosts_free(&h);
    grid_free(&g);
    platform_free(&p);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(counts_by_hand),
      cmocka_unit_test(bound_holds_on_fixtures),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
