/* Tests of grid_platform_build: the platform it builds through SimGrid's API is the one its XML describes — every
 * host (speed, properties), every link (bandwidth, latency, sharing, in SimGrid's own listing order), the route and
 * latency between every pair of hosts, and the background-load speed profiles — for a cascade and a star. SimGrid
 * holds one platform per process: each is built in a forked child that writes down what SimGrid then holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "grid.h"
#include "grid_platform_build.h"
#include "sgwrap.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dict.h>
#include <xbt/dynar.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static FILE *description;

static void describe_hosts_and_links(void) {
  size_t n_hosts = sg_host_count(), n_links = sg_link_count();
  sg_host_t *hosts = sg_host_list();
  sg_link_t *links = sg_link_list();
  for (size_t i = 0; i < n_hosts; i++) {
    const char *role = sg_host_get_property_value(hosts[i], "gridnoc.role");
    const char *mem = sg_host_get_property_value(hosts[i], "mem"), *io = sg_host_get_property_value(hosts[i], "io");
    xbt_dict_t props = sg_host_get_properties(hosts[i]);
    fprintf(description, "host %s %.17g role=%s mem=%s io=%s (%u properties)\n", sg_host_get_name(hosts[i]),
            sg_host_get_speed(hosts[i]), role ? role : "-", mem ? mem : "-", io ? io : "-", xbt_dict_length(props));
    xbt_dict_free(&props);
  }
  for (size_t i = 0; i < n_links; i++)
    fprintf(description, "link %s %.17g B/s %.17g s shared=%d\n", sg_link_get_name(links[i]),
            sg_link_get_bandwidth(links[i]), sg_link_get_latency(links[i]), sg_link_is_shared(links[i]));
  for (size_t i = 0; i < n_hosts; i++)
    for (size_t j = 0; j < n_hosts; j++) {
      xbt_dynar_t route = xbt_dynar_new(sizeof(sg_link_t), NULL);
      sg_host_get_route(hosts[i], hosts[j], route);
      fprintf(description, "route %s -> %s %.17g s:", sg_host_get_name(hosts[i]), sg_host_get_name(hosts[j]),
              sg_host_get_route_latency(hosts[i], hosts[j]));
      unsigned k;
      sg_link_t link;
      xbt_dynar_foreach (route, k, link)
        fprintf(description, " %s", sg_link_get_name(link));
      fprintf(description, "\n");
      xbt_dynar_free(&route);
    }
  free(hosts);
  free(links);
}

/* Run as an actor (routes are found only once SimGrid has sealed the platform, at simgrid_run): the platform, then
 * the background load as SimGrid applies it, every node's speed ratio at a few dates. */
static void describe(int argc, char **argv) {
  (void)argc;
  describe_hosts_and_links();
  int nodes = atoi(argv[1]);
  for (int step = 0; step < 4; step++) {
    sg_actor_sleep_until(0.5 + step);
    fprintf(description, "t=%g", simgrid_get_clock());
    char name[32];
    for (int i = 0; i < nodes; i++) {
      grid_node_name(i, name, sizeof name);
      fprintf(description, " %.17g", sg_host_get_available_speed(sg_host_by_name(name)));
    }
    fprintf(description, "\n");
  }
}

/* What SimGrid holds after loading g's platform either way (built = 1: grid_platform_build). malloc'ed text. */
static char *platform_seen(const grid *g, char *const *profiles, int built) {
  FILE *out = tmpfile();
  assert_non_null(out);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    description = out;
    gn_sim_init(NULL);
    gn_error err = {0};
    int rc;
    if (built)
      rc = grid_platform_build(g, profiles, NULL, &err);
    else {
      char *xml;
      size_t len;
      rc = grid_platform_xml(g, profiles, &xml, &len, &err);
      if (!rc)
        rc = gn_sim_load_platform_xml(xml, len, &err);
      free(xml);
    }
    if (rc)
      _exit(3);
    char nodes[16], *argv[] = {"describe", nodes, NULL};
    snprintf(nodes, sizeof nodes, "%d", g->n_nodes);
    sg_actor_create("describe", sg_host_by_name(GRID_MASTER_HOST), describe, 2, argv);
    if (gn_sim_run(&err))
      _exit(4);
    fflush(out);
    _exit(0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  long size = ftell(out);
  assert_true(size > 0);
  char *text = calloc(1, (size_t)size + 1);
  rewind(out);
  assert_int_equal(fread(text, 1, (size_t)size, out), (size_t)size);
  fclose(out);
  return text;
}

static void same_platform(const grid *g, char *const *profiles) {
  char *from_xml = platform_seen(g, profiles, 0), *built = platform_seen(g, profiles, 1);
  assert_string_equal(built, from_xml);
  free(from_xml);
  free(built);
}

static void built_cascade_is_its_xml(void **state) {
  (void)state;
  grid g;
  assert_int_equal(grid_preset("patent", 3, 3, &g, NULL), GN_OK);
  char *profiles[9] = {NULL, "0 1\n1 0.5\n", NULL, NULL, "0 0.75\n2 0.25\n3 1\n", NULL, NULL, NULL, "1 0.5\n"};
  same_platform(&g, profiles);
  grid_free(&g);
}

static void built_star_is_its_xml(void **state) {
  (void)state;
  grid g;
  assert_int_equal(grid_preset("uniform", 4, 2, &g, NULL), GN_OK);
  g.shape = GRID_STAR;
  same_platform(&g, NULL);
  grid_free(&g);
}

/* The description itself is checked by hand once, so that two empty or equally wrong ones cannot pass. */
static void description_is_the_grid(void **state) {
  (void)state;
  grid g;
  assert_int_equal(grid_preset("uniform", 2, 1, &g, NULL), GN_OK);
  char *profiles[2] = {"0 1\n1 0.5\n", NULL};
  char *text = platform_seen(&g, profiles, 1);
  /* 2 nodes + 2 cluster masters + grid master + injector; node1 in c1 reaches node0 in c0 through its port, c1's
   * backplane, the uplink (its DOWN side: the zoneRoute runs c0 -> c1), c0's backplane and node0's port: 50 + 5 + 100 +
   * 5 + 50 us (summed in that order); node0 runs at half speed from t = 1. */
  assert_non_null(strstr(text, "host node0 1000000000 role=- mem=1024 io=50 (2 properties)\n"));
  assert_non_null(strstr(text, "host c1_master 1000000000 role=cluster_master mem=- io=- (1 properties)\n"));
  assert_non_null(strstr(text, "link uplink_0_1_UP 12500000 B/s 0.0001 s shared=1\n"));
  assert_non_null(strstr(text, "route node1 -> node0 0.00021000000000000004 s: node1_port_UP c1_backplane "
                               "uplink_0_1_DOWN c0_backplane node0_port_DOWN\n"));
  assert_non_null(strstr(text, "t=0.5 1 1\nt=1.5 0.5 1\n"));
  free(text);
  grid_free(&g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(built_cascade_is_its_xml),
      cmocka_unit_test(built_star_is_its_xml),
      cmocka_unit_test(description_is_the_grid),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
