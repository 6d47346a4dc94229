/* Proof against SimGrid 3.32 for models/platform_profile and models/platform_prepare: a host state profile
 * loaded into SimGrid switches the host exactly when platform_profile_events says, and a prepared platform
 * applies gridnoc's extra speed profiles and no longer holds the file's host state profiles. One child process
 * per simulation (SimGrid runs once per process); the child's exit status is its number of disagreements. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "platform_prepare.h"
#include "platform_profile.h"
#include "platform_read.h"
#include "sgwrap.h"

#include <math.h>
#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Samples are taken this long before and after each predicted event (events are >= 0.5 s apart here). */
#define EPS_S 1e-3
#define HORIZON_S 14.0

static char dir[] = "/tmp/gn-simprof-XXXXXX";

/* What the observer actor checks, set in the parent before fork (the child inherits it). */
typedef struct observation {
  platform_profile_event *ev;
  int n;
  int mismatches;
  double exec_flops, exec_expect_s; /* exec check on host "h" (0 flops: none) */
  const double *always_on;          /* dates at which h must be on (NULL: none), n_on of them */
  int n_on;
} observation;
static observation obs;

static void write_file(const char *name, const char *text, char *path, size_t size) {
  snprintf(path, size, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

/* The platform: hosts h (line 5, profiled) and obs (observer) joined by one link; extra (line 8 on) goes after
 * the declarations and before the route, the only place both a <trace> and a <link> may go (SimGrid 3.32's
 * parser refuses a zone that opens with a <trace>, and any declaration after a <route>). */
static void write_platform(const char *h_attrs, const char *extra, char *path, size_t size) {
  char xml[4096];
  snprintf(xml, sizeof xml,
           "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
           "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n"
           "  <host id=\"h\" speed=\"1Gf\"%s/>\n  <host id=\"obs\" speed=\"1Gf\"/>\n"
           "  <link id=\"l\" bandwidth=\"1GBps\" latency=\"1us\"/>\n%s"
           "  <route src=\"h\" dst=\"obs\"><link_ctn id=\"l\"/></route>\n</zone>\n</platform>\n",
           h_attrs, extra);
  write_file("p.xml", xml, path, size);
}

static int sample(double t) {
  double now = simgrid_get_clock();
  if (t > now)
    sg_actor_sleep_for(t - now);
  return sg_host_is_on(sg_host_by_name("h"));
}

static void observer(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int state = 1; /* hosts start on */
  for (int i = 0; i < obs.n; i++) {
    int before = sample(obs.ev[i].t - EPS_S), after = sample(obs.ev[i].t + EPS_S);
    int want_after = obs.ev[i].v != 0;
    if (before != state || after != want_after) {
      fprintf(stderr, "event %d at %g s: SimGrid says %d -> %d, expected %d -> %d\n", i, obs.ev[i].t, before, after,
              state, want_after);
      obs.mismatches++;
    }
    state = want_after;
  }
  for (int i = 0; i < obs.n_on; i++)
    if (!sample(obs.always_on[i])) {
      fprintf(stderr, "host h is off at %g s\n", obs.always_on[i]);
      obs.mismatches++;
    }
}

static void worker(int argc, char **argv) {
  (void)argc;
  (void)argv;
  sg_actor_execute(obs.exec_flops);
  if (fabs(simgrid_get_clock() - obs.exec_expect_s) > 1e-9) {
    fprintf(stderr, "exec of %g flops ended at %.12g s, expected %g s\n", obs.exec_flops, simgrid_get_clock(),
            obs.exec_expect_s);
    obs.mismatches++;
  }
}

/* Load xml into SimGrid in a child, run the observer (and the worker), return the number of disagreements. */
static int simulate(const char *xml, size_t len) {
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    gn_error err = {0};
    /* SimGrid 3.32 cannot open an absolute profile path (see platform_prepare.c): name them relatively. */
    if (chdir(dir) != 0)
      _exit(101);
    gn_sim_init("CM02");
    if (gn_sim_load_platform_xml(xml, len, &err)) {
      fprintf(stderr, "%s\n", err.msg);
      _exit(100);
    }
    sg_actor_create("observer", sg_host_by_name("obs"), observer, 0, NULL);
    if (obs.exec_flops > 0)
      sg_actor_create("worker", sg_host_by_name("h"), worker, 0, NULL);
    simgrid_run();
    _exit(obs.mismatches > 99 ? 99 : obs.mismatches);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  static char buf[8192];
  *len = fread(buf, 1, sizeof buf - 1, f);
  buf[*len] = 0;
  fclose(f);
  return buf;
}

/* Read the platform, expand h's state profile, check SimGrid agrees on the original file; returns the number of
 * events so each case can also check that count by hand. */
static int check_state_profile(const char *platform) {
  platform_desc pd;
  gn_error err = {0};
  assert_int_equal(platform_read(platform, &pd, &err), GN_OK);
  int h = platform_find_host(&pd, "h"), prof = -1;
  for (int u = 0; u < pd.n_uses; u++)
    if (pd.uses[u].host == h && pd.uses[u].kind == PLATFORM_TRACE_STATE)
      prof = pd.uses[u].profile;
  assert_true(prof >= 0);
  obs = (observation){0};
  assert_int_equal(platform_profile_events(&pd, &pd.profiles[prof], HORIZON_S, &obs.ev, &obs.n, &err), GN_OK);
  size_t len;
  char *xml = slurp(platform, &len);
  assert_int_equal(simulate(xml, len), 0);
  int n = obs.n;
  free(obs.ev);
  obs.ev = NULL;
  platform_free(&pd);
  return n;
}

/* A host whose state_file holds text: SimGrid must agree with the expected number of predicted events. */
static void state_file_case(const char *file, const char *text, int expected_events) {
  char prof[256], attrs[300], plat[256];
  write_file(file, text, prof, sizeof prof);
  snprintf(attrs, sizeof attrs, " state_file=\"%s\"", file);
  write_platform(attrs, "", plat, sizeof plat);
  assert_int_equal(check_state_profile(plat), expected_events);
}

/* 0 1 / 2 0 / 5 1 / 9 0: four events, the host off from 2 to 5 and from 9 on. */
static void plain_state_file(void **state) {
  (void)state;
  state_file_case("plain.txt", "0 1\n2 0\n5 1\n9 0\n", 4);
}

/* PERIODICITY 4 with 1 0 / 2 1: 1 2 5 6 9 10 13 (14 is past the horizon). */
static void periodicity_state_file(void **state) {
  (void)state;
  state_file_case("period.txt", "PERIODICITY 4\n1 0\n2 1\n", 7);
}

/* LOOPAFTER 1.5 with 1 0 / 2 1: 1 2 | 4.5 5.5 | 8 9 | 11.5 12.5. */
static void loopafter_state_file(void **state) {
  (void)state;
  state_file_case("loop.txt", "LOOPAFTER 1.5\n1 0\n2 1\n", 8);
}

/* An inline <trace periodicity="5"> with 0.5 0 / 1.5 1, connected as HOST_AVAIL: 0.5 1.5 5.5 6.5 10.5 11.5. */
static void inline_trace_periodicity(void **state) {
  (void)state;
  char plat[256];
  write_platform("",
                 "  <trace id=\"blink\" periodicity=\"5\">\n0.5 0\n1.5 1\n</trace>\n"
                 "  <trace_connect kind=\"HOST_AVAIL\" trace=\"blink\" element=\"h\"/>\n",
                 plat, sizeof plat);
  assert_int_equal(check_state_profile(plat), 6);
}

/* The prepared XML of a platform whose h has a state profile (off at 1 s) and a trace_connect'ed one: SimGrid
 * loads it and h stays on; a prepared extra speed profile for h (full speed, half speed from 2 s) makes an exec of
 * 3 Gflop on the 1 Gf host take 2 s + 1 Gflop / 0.5 Gf = 4 s. */
static void prepared_xml_drops_state_and_adds_speed(void **state) {
  (void)state;
  char prof[256], attrs[300], plat[256];
  write_file("off.txt", "0 1\n1 0\n", prof, sizeof prof);
  snprintf(attrs, sizeof attrs, " state_file=\"off.txt\"");
  write_platform(attrs,
                 "  <trace id=\"down\" periodicity=\"-1\">\n0.5 0\n</trace>\n"
                 "  <trace_connect trace=\"down\" element=\"h\"/>\n",
                 plat, sizeof plat);
  platform_desc pd;
  gn_error err = {0};
  assert_int_equal(platform_read(plat, &pd, &err), GN_OK);
  char *extra[2] = {"0 1.0\n2 0.5\n", NULL};
  char *xml;
  size_t len;
  assert_int_equal(platform_prepare_xml(&pd, extra, &xml, &len, &err), GN_OK);
  assert_non_null(strstr(xml, "<!DOCTYPE platform"));
  assert_null(strstr(xml, "state_file"));
  assert_null(strstr(xml, "<trace_connect trace=\"down\""));
  assert_non_null(strstr(xml, "<trace id=\"gridnoc_speed_0\" periodicity=\"-1\">"));
  assert_non_null(strstr(xml, "<trace_connect kind=\"SPEED\" trace=\"gridnoc_speed_0\" element=\"h\"/>"));
  static const double on[] = {0.25, 0.75, 1.5, 3.0};
  obs = (observation){.exec_flops = 3e9, .exec_expect_s = 4.0, .always_on = on, .n_on = 4};
  assert_int_equal(simulate(xml, len), 0);
  free(xml);
  platform_free(&pd);
}

/* A speed_file named relatively becomes an inline trace (SimGrid reads the XML from memory, and 3.32 cannot
 * open absolute profile paths), and a link state profile is refused with the link and the line. */
static void prepared_xml_paths_and_refusals(void **state) {
  (void)state;
  char prof[256], attrs[300], plat[256];
  write_file("speed.txt", "0 1.0\n1 0.5\n", prof, sizeof prof);
  snprintf(attrs, sizeof attrs, " speed_file=\"speed.txt\"");
  write_platform(attrs, "", plat, sizeof plat);
  platform_desc pd;
  gn_error err = {0};
  assert_int_equal(platform_read(plat, &pd, &err), GN_OK);
  char *xml;
  size_t len;
  assert_int_equal(platform_prepare_xml(&pd, NULL, &xml, &len, &err), GN_OK);
  char want[600];
  assert_null(strstr(xml, "speed_file="));
  assert_non_null(strstr(xml, "<trace id=\"gridnoc_h_speed_file\" periodicity=\"-1\">\n0 1.0\n1 0.5\n</trace>"));
  assert_non_null(strstr(xml, "<trace_connect kind=\"SPEED\" trace=\"gridnoc_h_speed_file\" element=\"h\"/>"));
  /* 2 Gflop: 1 s at 1 Gf, then 1 Gflop at 0.5 Gf = 2 s: ends at 3 s. */
  obs = (observation){.exec_flops = 2e9, .exec_expect_s = 3.0};
  assert_int_equal(simulate(xml, len), 0);
  free(xml);
  char *extra[2] = {"0 1\n", NULL};
  assert_int_equal(platform_prepare_xml(&pd, extra, &xml, &len, &err), GN_EINPUT);
  snprintf(want, sizeof want, "%s:5: host 'h' already has a speed profile ('h:speed_file')", plat);
  assert_non_null(strstr(err.msg, want));
  platform_free(&pd);

  write_file("lstate.txt", "0 1\n", prof, sizeof prof);
  write_platform("", "  <link id=\"flaky\" bandwidth=\"1GBps\" latency=\"0\" state_file=\"lstate.txt\"/>\n", plat, sizeof plat);
  assert_int_equal(platform_read(plat, &pd, &err), GN_OK);
  assert_int_equal(platform_prepare_xml(&pd, NULL, &xml, &len, &err), GN_EINPUT);
  snprintf(want, sizeof want, "%s:8: link 'flaky': state profile 'flaky:state_file' is not supported", plat);
  assert_non_null(strstr(err.msg, want));
  platform_free(&pd);
}

/* In a zone of zones the extra traces go after the zoneRoutes, where SimGrid's DTD allows them; a <cluster>'s
 * speed_file (no such attribute in SimGrid 3.32) becomes one inline trace per host. h at full speed for 1 s,
 * then a quarter: 2 Gflop take 1 s + 1 Gflop / 0.25 Gf = 5 s. */
static void prepared_xml_of_nested_zones(void **state) {
  (void)state;
  char prof[256], plat[256];
  write_file("speed.txt", "0 1.0\n1 0.5\n", prof, sizeof prof);
  write_file("nested.xml",
             "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
             "<platform version=\"4.1\">\n<zone id=\"w\" routing=\"Full\">\n"
             "  <zone id=\"left\" routing=\"Full\"><host id=\"h\" speed=\"1Gf\"/></zone>\n"
             "  <zone id=\"right\" routing=\"Full\"><host id=\"obs\" speed=\"1Gf\"/></zone>\n"
             "  <cluster id=\"cl\" prefix=\"c\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"1GBps\" lat=\"1us\""
             " speed_file=\"speed.txt\"/>\n"
             "  <link id=\"wan\" bandwidth=\"1GBps\" latency=\"1ms\"/>\n"
             "  <zoneRoute src=\"left\" dst=\"right\" gw_src=\"h\" gw_dst=\"obs\"><link_ctn id=\"wan\"/></zoneRoute>\n"
             "</zone>\n</platform>\n",
             plat, sizeof plat);
  platform_desc pd;
  gn_error err = {0};
  assert_int_equal(platform_read(plat, &pd, &err), GN_OK);
  char *extra[4] = {"0 1\n1 0.25\n", NULL, NULL, NULL};
  assert_int_equal(pd.n_hosts, 4);
  char *xml;
  size_t len;
  assert_int_equal(platform_prepare_xml(&pd, extra, &xml, &len, &err), GN_OK);
  assert_null(strstr(xml, "speed_file="));
  assert_non_null(strstr(xml, "<trace_connect kind=\"SPEED\" trace=\"gridnoc_c1_speed_file\" element=\"c1\"/>"));
  const char *route = strstr(xml, "</zoneRoute>"), *trace = strstr(xml, "gridnoc_speed_0");
  assert_true(route && trace && route < trace);
  obs = (observation){.exec_flops = 2e9, .exec_expect_s = 5.0};
  assert_int_equal(simulate(xml, len), 0);
  free(xml);
  platform_free(&pd);
}

/* A <trace file=...> is inlined in place with periodicity -1 (SimGrid ignores the periodicity of a file trace):
 * 2 Gflop on h take 1 s + 1 Gflop / 0.5 Gf = 3 s, with no repetition at 3 s. */
static void prepared_xml_inlines_trace_files(void **state) {
  (void)state;
  char prof[256], plat[256];
  write_file("speed.txt", "0 1.0\n1 0.5\n", prof, sizeof prof);
  write_platform("",
                 "  <trace id=\"tf\" file=\"speed.txt\" periodicity=\"2\"/>\n"
                 "  <trace_connect kind=\"SPEED\" trace=\"tf\" element=\"h\"/>\n",
                 plat, sizeof plat);
  platform_desc pd;
  gn_error err = {0};
  assert_int_equal(platform_read(plat, &pd, &err), GN_OK);
  char *xml;
  size_t len;
  assert_int_equal(platform_prepare_xml(&pd, NULL, &xml, &len, &err), GN_OK);
  assert_non_null(strstr(xml, "<trace id=\"tf\" periodicity=\"-1\">\n0 1.0\n1 0.5\n</trace>"));
  obs = (observation){.exec_flops = 2e9, .exec_expect_s = 3.0};
  assert_int_equal(simulate(xml, len), 0);
  free(xml);
  platform_free(&pd);
}

static int setup(void **state) {
  (void)state;
  return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  const char *names[] = {"p.xml", "plain.txt", "period.txt", "loop.txt", "off.txt", "speed.txt", "lstate.txt", "nested.xml"};
  char path[300];
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    unlink(path);
  }
  return rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(plain_state_file),
      cmocka_unit_test(periodicity_state_file),
      cmocka_unit_test(loopafter_state_file),
      cmocka_unit_test(inline_trace_periodicity),
      cmocka_unit_test(prepared_xml_drops_state_and_adds_speed),
      cmocka_unit_test(prepared_xml_paths_and_refusals),
      cmocka_unit_test(prepared_xml_of_nested_zones),
      cmocka_unit_test(prepared_xml_inlines_trace_files),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
