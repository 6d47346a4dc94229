/* fuzz_targets: reader contracts checked on arbitrary bytes (STG both layouts, SDF3, FTA, partition, scenario,
 * SimGrid platform files). */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz_targets.h"

#include "fta.h"
#include "gn_error.h"
#include "partition_io.h"
#include "platform_grid.h"
#include "platform_prepare.h"
#include "platform_profile.h"
#include "platform_read.h"
#include "scenario.h"
#include "sdf3.h"
#include "stg.h"
#include "taskgraph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *nul_terminated(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text)
    abort();
  memcpy(text, data, size);
  text[size] = '\0';
  return text;
}

/* A rejected input must say where: the message starts with the source name given to the reader. */
static void check_rejection(int rc, const gn_error *err, const char *where) {
  if (rc != GN_EINPUT && rc != GN_ENOMEM) {
    fprintf(stderr, "reader returned %d, expected GN_EINPUT or GN_ENOMEM: %s\n", rc, err->msg);
    abort();
  }
  if (strncmp(err->msg, where, strlen(where)) != 0) {
    fprintf(stderr, "error message does not name the source '%s': %s\n", where, err->msg);
    abort();
  }
}

/* Same tasks (load) and the same edges with the same volumes; the order in which a file lists a task's
 * predecessors is not part of the graph, so edges are compared through the sorted adjacency. */
static int same_graph(const taskgraph *a, const taskgraph *b) {
  if (a->n_tasks != b->n_tasks || a->n_edges != b->n_edges)
    return 0;
  for (int t = 0; t < a->n_tasks; t++) {
    if (a->load[t] != b->load[t] || a->succ_off[t + 1] - a->succ_off[t] != b->succ_off[t + 1] - b->succ_off[t])
      return 0;
    for (int k = a->succ_off[t], j = b->succ_off[t]; k < a->succ_off[t + 1]; k++, j++) {
      const tg_edge *ea = &a->edge[a->succ_edge[k]], *eb = &b->edge[b->succ_edge[j]];
      if (ea->dst != eb->dst || ea->volume != eb->volume)
        return 0;
    }
  }
  return 1;
}

/* First byte picks the layout, the rest is the file. Accepted graphs must survive write -> read unchanged. */
int fuzz_target_stg(const uint8_t *data, size_t size) {
  if (size < 1)
    return 1;
  stg_options opt;
  stg_options_default(&opt);
  opt.layout = (data[0] & 1) ? STG_LAYOUT_COMM : STG_LAYOUT_PLAIN;
  taskgraph *g = NULL;
  gn_error err;
  int rc = stg_parse((const char *)data + 1, size - 1, "fuzz.stg", &opt, &g, &err);
  if (rc != GN_OK) {
    check_rejection(rc, &err, "fuzz.stg");
    return 1;
  }
  char *text = NULL;
  size_t len = 0;
  if (stg_write(g, opt.layout, &text, &len, &err) != GN_OK) {
    fprintf(stderr, "an accepted STG graph cannot be written back: %s\n", err.msg);
    abort();
  }
  taskgraph *again = NULL;
  if (stg_parse(text, len, "roundtrip.stg", &opt, &again, &err) != GN_OK || !same_graph(g, again)) {
    fprintf(stderr, "STG round trip changed the graph: %s\n", err.msg);
    abort();
  }
  free(text);
  taskgraph_free(again);
  taskgraph_free(g);
  return 0;
}

int fuzz_target_sdf3(const uint8_t *data, size_t size) {
  sdf3_options opt;
  sdf3_options_default(&opt);
  taskgraph *g = NULL;
  gn_error err;
  int rc = sdf3_parse((const char *)data, size, "fuzz.xml", &opt, &g, &err);
  if (rc != GN_OK) {
    check_rejection(rc, &err, "fuzz.xml");
    return 1;
  }
  if (!g->finalized)
    abort();
  taskgraph_free(g);
  return 0;
}

int fuzz_target_fta(const uint8_t *data, size_t size) {
  char *text = nul_terminated(data, size);
  fta_trace t;
  memset(&t, 0, sizeof t);
  gn_error err;
  int rc = fta_parse(text, "fuzz.tab", &t, &err);
  free(text);
  if (rc != GN_OK) {
    check_rejection(rc, &err, "fuzz.tab");
    fta_free(&t);
    return 1;
  }
  for (int i = 0; i < t.n_down; i++)
    if (!(t.down[i].stop >= t.down[i].start))
      abort();
  fta_free(&t);
  return 0;
}

/* A fixed diamond a -> {b, c} -> d: partition files are read against a graph. */
static taskgraph *diamond(void) {
  taskgraph *g = taskgraph_new();
  const char *names[] = {"a", "b", "c", "d"};
  for (int i = 0; i < 4; i++)
    taskgraph_add_task(g, names[i], 1 + i, NULL);
  taskgraph_add_edge(g, 0, 1, 1, NULL);
  taskgraph_add_edge(g, 0, 2, 1, NULL);
  taskgraph_add_edge(g, 1, 3, 1, NULL);
  taskgraph_add_edge(g, 2, 3, 1, NULL);
  if (taskgraph_finalize(g, NULL, NULL) != GN_OK)
    abort();
  return g;
}

int fuzz_target_partition(const uint8_t *data, size_t size) {
  static taskgraph *g;
  if (!g)
    g = diamond();
  char *text = nul_terminated(data, size);
  partition *p = NULL;
  gn_error err;
  int rc = partition_parse(g, text, "fuzz.part", &p, &err);
  free(text);
  if (rc != GN_OK) {
    check_rejection(rc, &err, "fuzz.part");
    return 1;
  }
  if (partition_validate(g, p, &err) != GN_OK) {
    fprintf(stderr, "an accepted partition is not a valid pipeline: %s\n", err.msg);
    abort();
  }
  partition_free(p);
  return 0;
}

int fuzz_target_scenario(const uint8_t *data, size_t size) {
  char *text = nul_terminated(data, size);
  scenario sc;
  memset(&sc, 0, sizeof sc);
  gn_error err;
  int rc = scenario_parse(text, "fuzz.cfg", experiment_kinds, &sc, &err);
  free(text);
  if (rc != GN_OK) {
    check_rejection(rc, &err, "fuzz.cfg");
    scenario_free(&sc);
    return 1;
  }
  /* Expanding the first and the last run must work for every accepted scenario. */
  size_t n = scenario_run_count(&sc);
  if (n > 0) {
    size_t idx[2] = {0, n - 1};
    for (int i = 0; i < 2; i++) {
      scenario_run run;
      memset(&run, 0, sizeof run);
      if (scenario_run_at(&sc, idx[i], &run, &err) != GN_OK) {
        fprintf(stderr, "run %zu of an accepted scenario cannot be expanded: %s\n", idx[i], err.msg);
        abort();
      }
      scenario_run_free(&run);
    }
  }
  scenario_free(&sc);
  return 0;
}

/* The platform reader takes a path: the bytes go through a memory file, named by its /proc path. */
int fuzz_target_platform(const uint8_t *data, size_t size) {
  int fd = memfd_create("fuzz-platform", MFD_CLOEXEC);
  if (fd < 0)
    abort();
  if (size > 0 && write(fd, data, size) != (ssize_t)size)
    abort();
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  platform_desc desc;
  memset(&desc, 0, sizeof desc);
  gn_error err;
  int rc = platform_read(path, &desc, &err);
  if (rc != GN_OK) {
    check_rejection(rc, &err, path);
    platform_free(&desc);
    close(fd);
    return 1;
  }
  /* Every profile expands (or is rejected with a located error), and the platform prepares for SimGrid. */
  for (int i = 0; i < desc.n_profiles; i++) {
    platform_profile_event *ev = NULL;
    int n = 0;
    int prc = platform_profile_events(&desc, &desc.profiles[i], 1000.0, &ev, &n, &err);
    if (prc == GN_OK)
      free(ev);
    else
      check_rejection(prc, &err, desc.profiles[i].source ? desc.profiles[i].source : path);
  }
  char *xml = NULL;
  size_t len = 0;
  int prep = platform_prepare_xml(&desc, NULL, &xml, &len, &err);
  if (prep == GN_OK)
    free(xml);
  else
    check_rejection(prep, &err, path);
  /* An accepted platform may or may not describe a grid, but asking must never crash. */
  grid g;
  memset(&g, 0, sizeof g);
  int *host_of_node = NULL;
  if (platform_to_grid(&desc, &g, &host_of_node, &err) == GN_OK) {
    free(host_of_node);
    grid_free(&g);
  }
  platform_free(&desc);
  close(fd);
  return 0;
}

const fuzz_target fuzz_targets[] = {
    {"stg", fuzz_target_stg},           {"sdf3", fuzz_target_sdf3},
    {"fta", fuzz_target_fta},           {"partition", fuzz_target_partition},
    {"scenario", fuzz_target_scenario}, {"platform", fuzz_target_platform},
    {NULL, NULL},
};
