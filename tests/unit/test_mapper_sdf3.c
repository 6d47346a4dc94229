/* Unit tests for mapper/sdf3: repetition vector, liveness, DAG of one iteration, every reader error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sdf3.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SDF3_DIR GN_FIXTURES "/sdf3/"

static taskgraph *read_ok(const char *path, double token_bytes) {
  sdf3_options opt = {token_bytes};
  taskgraph *g = NULL;
  gn_error err = {0};
  if (sdf3_read_file(path, &opt, &g, &err))
    fail_msg("%s", err.msg);
  return g;
}

static void assert_edge(const taskgraph *g, int e, const char *src, const char *dst, double volume) {
  assert_string_equal(g->name[g->edge[e].src], src);
  assert_string_equal(g->name[g->edge[e].dst], dst);
  assert_true(g->edge[e].volume == volume);
}

/* DPMA paper, Fig. 4: v -(1:32)-> u -(32:2)-> x -(1:16)-> y -(1:1)-> z -(1:1)-> t.
 * Balance: 1 q(v) = 32 q(u); 32 q(u) = 2 q(x); 1 q(x) = 16 q(y); q(y) = q(z) = q(t). Smallest integer solution
 * q(u) = 1: v 32, u 1, x 16, y 1, z 1, t 1 (v fires 32 times per firing of u, x 16 times).
 * Loads with execution times 1..6: v 32, u 2, x 48, y 4, z 5, t 6 (total 97 = the CP: it is a chain).
 * Tokens per iteration: vu 32 x 1 = 32, ux 1 x 32 = 32, xy 16 x 1 = 16, yz 1, zt 1; with 4-byte tokens the
 * volumes are 128, 128, 64, 4, 4. */
static void digest_a2_example(void **state) {
  taskgraph *g = read_ok(SDF3_DIR "digest_a2.xml", 4);
  assert_int_equal(g->n_tasks, 6);
  const double load[] = {32, 2, 48, 4, 5, 6};
  for (int t = 0; t < 6; t++)
    assert_true(g->load[t] == load[t]);
  assert_string_equal(g->info, "# SDF3 graph digest_a2, one iteration\n# repetitions: v=32 u=1 x=16 y=1 z=1 t=1");
  assert_int_equal(g->n_edges, 5);
  assert_edge(g, 0, "v", "u", 128);
  assert_edge(g, 1, "u", "x", 128);
  assert_edge(g, 2, "x", "y", 64);
  assert_edge(g, 3, "y", "z", 4);
  assert_edge(g, 4, "z", "t", 4);
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  assert_true(st.cp_length == 97);
  assert_int_equal(st.depth, 6);
  taskgraph_free(g);
}

/* a -(2:1)-> b, b -(1:2)-> a with 2 initial tokens: q(b) = 2 q(a), so q = a 1, b 2. One iteration: a fires on
 * the two tokens, b fires twice, putting two tokens back. The back channel closes a cycle: dropped.
 * Loads: a 1 x 5 = 5, b 2 x 7 = 14; edge a -> b carries 1 x 2 = 2 tokens. */
static void live_cycle_drops_the_back_channel(void **state) {
  taskgraph *g = read_ok(SDF3_DIR "cyclic_live.xml", 1);
  assert_int_equal(g->n_tasks, 2);
  assert_true(g->load[0] == 5 && g->load[1] == 14);
  assert_int_equal(g->n_edges, 1);
  assert_edge(g, 0, "a", "b", 2);
  taskgraph_free(g);
}

static const char *const header = "<?xml version=\"1.0\"?>\n<sdf3 type=\"sdf\" version=\"1.0\"><applicationGraph>\n";

/* Parallel channels merge (a -> b twice: 1 + 3 tokens = volume 4); a self-loop channel with a token and a
 * tokened channel that closes no cycle (a -> c) are handled: the self-loop is dropped, a -> c kept. The
 * default processor's execution time wins over the first one listed (b: 9, not 100). */
static void merges_and_keeps_channels(void **state) {
  char text[4096];
  snprintf(text, sizeof text,
           "%s<sdf name=\"m\" type=\"M\">\n"
           "<actor name=\"a\" type=\"A\"><port name=\"o1\" type=\"out\" rate=\"1\"/>"
           "<port name=\"o2\" type=\"out\" rate=\"3\"/><port name=\"s\" type=\"out\" rate=\"1\"/>"
           "<port name=\"si\" type=\"in\" rate=\"1\"/><port name=\"o3\" type=\"out\" rate=\"1\"/></actor>\n"
           "<actor name=\"b\" type=\"B\"><port name=\"i1\" type=\"in\" rate=\"1\"/>"
           "<port name=\"i2\" type=\"in\" rate=\"3\"/></actor>\n"
           "<actor name=\"c\" type=\"C\"><port name=\"i\" type=\"in\" rate=\"1\"/></actor>\n"
           "<channel name=\"ab1\" srcActor=\"a\" srcPort=\"o1\" dstActor=\"b\" dstPort=\"i1\"/>\n"
           "<channel name=\"ab2\" srcActor=\"a\" srcPort=\"o2\" dstActor=\"b\" dstPort=\"i2\"/>\n"
           "<channel name=\"aa\" srcActor=\"a\" srcPort=\"s\" dstActor=\"a\" dstPort=\"si\" initialTokens=\"1\"/>\n"
           "<channel name=\"ac\" srcActor=\"a\" srcPort=\"o3\" dstActor=\"c\" dstPort=\"i\" initialTokens=\"5\"/>\n"
           "</sdf><sdfProperties>\n"
           "<actorProperties actor=\"a\"><processor type=\"p\" default=\"true\"><executionTime time=\"2\"/>"
           "</processor></actorProperties>\n"
           "<actorProperties actor=\"b\"><processor type=\"q\"><executionTime time=\"100\"/></processor>"
           "<processor type=\"p\" default=\"true\"><executionTime time=\"9\"/></processor></actorProperties>\n"
           "<actorProperties actor=\"c\"><processor type=\"p\"><executionTime time=\"1\"/></processor>"
           "</actorProperties>\n"
           "</sdfProperties></applicationGraph></sdf3>\n",
           header);
  taskgraph *g = NULL;
  gn_error err = {0};
  assert_int_equal(sdf3_parse(text, strlen(text), "m.xml", NULL, &g, &err), GN_OK);
  assert_true(g->load[1] == 9);
  assert_int_equal(g->n_edges, 2);
  assert_edge(g, 0, "a", "b", 4);
  assert_edge(g, 1, "a", "c", 1);
  taskgraph_free(g);
}

/* Every reader error with its exact file:line (lines counted in the fixtures: the element at fault). */
static const struct {
  const char *file;
  int line;
  const char *msg;
} reader_errors[] = {
    {"err_inconsistent.xml", 20,
     "inconsistent rates at channel 'bc' (b produces 1, c consumes 1): the balance equations have no solution"},
    {"err_deadlock.xml", 6,
     "the graph deadlocks: actor 'a' can fire only 0 of its 1 firings per iteration (channel 'ba' holds 0 "
     "tokens, it needs 1)"},
    {"err_overflow.xml", 22, "repetition vector overflows 64-bit integers at channel 'cd'"},
    {"err_no_time.xml", 9, "actor 'b' has no executionTime in <sdfProperties>"},
    {"err_unknown_actor.xml", 12, "channel names unknown actor 'nobody' in dstActor"},
    {"err_csdf_rate.xml", 7, "port rate '1,2' is a cyclo-static (CSDF) phase list; only SDF is supported"},
    /* libxml2's own wording differs between versions: only its prefix and line are checked */
    {"err_malformed.xml", 5, "XML error: "},
    {"err_empty.xml", 1, "empty file: expected an SDF3 XML document"},
};

static void every_reader_error(void **state) {
  for (size_t i = 0; i < sizeof reader_errors / sizeof reader_errors[0]; i++) {
    char path[512], want[1024];
    snprintf(path, sizeof path, SDF3_DIR "%s", reader_errors[i].file);
    snprintf(want, sizeof want, "%s:%d: %s", path, reader_errors[i].line, reader_errors[i].msg);
    taskgraph *g = NULL;
    gn_error err = {0};
    assert_int_equal(sdf3_read_file(path, NULL, &g, &err), GN_EINPUT);
    assert_null(g);
    if (strcmp(reader_errors[i].file, "err_malformed.xml") == 0)
      assert_int_equal(strncmp(err.msg, want, strlen(want)), 0);
    else
      assert_string_equal(err.msg, want);
  }
}

/* Structural errors found in memory: wrong root, duplicate actor, port direction, missing attribute. */
static void structural_errors(void **state) {
  static const struct {
    const char *body;
    const char *msg;
  } cases[] = {
      {"<other/>", "s.xml:1: root element is <other>, expected <sdf3>"},
      {"<sdf3 type=\"csdf\"/>", "s.xml:1: graph type 'csdf' is not supported (only type=\"sdf\")"},
      {"<sdf3 type=\"sdf\"><applicationGraph><sdf name=\"g\">\n<actor name=\"a\"/>\n<actor name=\"a\"/>\n"
       "</sdf></applicationGraph></sdf3>",
       "s.xml:3: actor 'a' is defined twice"},
      {"<sdf3 type=\"sdf\"><applicationGraph><sdf name=\"g\">\n<actor name=\"a\"><port name=\"p\" type=\"in\" "
       "rate=\"1\"/></actor>\n<actor name=\"b\"><port name=\"q\" type=\"in\" rate=\"1\"/></actor>\n"
       "<channel name=\"c\" srcActor=\"a\" srcPort=\"p\" dstActor=\"b\" dstPort=\"q\"/>\n"
       "</sdf></applicationGraph></sdf3>",
       "s.xml:4: srcPort 'p' of actor 'a' is an 'in' port, expected 'out'"},
      {"<sdf3 type=\"sdf\"><applicationGraph><sdf name=\"g\">\n<actor name=\"a\"><port name=\"p\" type=\"out\"/>"
       "</actor>\n</sdf></applicationGraph></sdf3>",
       "s.xml:2: <port> lacks the attribute 'rate'"},
      {"<sdf3 type=\"sdf\"><applicationGraph><sdf name=\"g\">\n</sdf></applicationGraph></sdf3>",
       "s.xml:1: the <sdf> graph has no actors"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    taskgraph *g = NULL;
    gn_error err = {0};
    assert_int_equal(sdf3_parse(cases[i].body, strlen(cases[i].body), "s.xml", NULL, &g, &err), GN_EINPUT);
    assert_string_equal(err.msg, cases[i].msg);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(digest_a2_example),        cmocka_unit_test(live_cycle_drops_the_back_channel),
      cmocka_unit_test(merges_and_keeps_channels), cmocka_unit_test(every_reader_error),
      cmocka_unit_test(structural_errors),
  };
  return cmocka_run_group_tests_name("mapper.sdf3", tests, NULL, NULL);
}
