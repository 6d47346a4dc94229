/* grid_trace_json: the grid run's timeline as trace-event JSON. */
#include "grid_trace_json.h"

#include "gn_file.h"
#include "trace_event.h"

#include <stdio.h>
#include <string.h>

static const double us_per_s = 1e6;

/* A slot's host: the platform file's, or the generated grid's name for it (grid.h). */
static void host_name(const grid_job *job, int slot, char *buf, size_t size) {
  const grid *g = &job->g;
  if (job->slot_hosts)
    snprintf(buf, size, "%s", job->slot_hosts[slot]);
  else if (slot < g->n_nodes)
    grid_node_name(slot, buf, size);
  else if (slot < g->n_nodes + g->n_clusters)
    grid_cluster_master_name(slot - g->n_nodes, buf, size);
  else
    snprintf(buf, size, "%s", GRID_MASTER_HOST);
}

/* Tracks: a process per cluster (pid c + 1) holding its master and its nodes, the grid master's (pid K + 1); the
 * thread id of slot s is s + 1. */
static int pid_of(const grid *g, int slot) {
  if (slot < g->n_nodes)
    return g->nodes[slot].cluster + 1;
  return slot < g->n_nodes + g->n_clusters ? slot - g->n_nodes + 1 : g->n_clusters + 1;
}

static void tracks(const grid_job *job, strbuf *b) {
  const grid *g = &job->g;
  int N = g->n_nodes, K = g->n_clusters;
  char host[256], label[400];
  trace_event_name(b, "process_name", K + 1, 0, "grid master");
  trace_event_sort(b, "process_sort_index", K + 1, 0, 0);
  host_name(job, N + K, host, sizeof host);
  snprintf(label, sizeof label, "%s: grid master", host);
  trace_event_name(b, "thread_name", K + 1, N + K + 1, label);
  for (int c = 0; c < K; c++) {
    snprintf(label, sizeof label, "cluster c%d", c);
    trace_event_name(b, "process_name", c + 1, 0, label);
    trace_event_sort(b, "process_sort_index", c + 1, 0, c + 1);
    host_name(job, N + c, host, sizeof host);
    snprintf(label, sizeof label, "%s: cluster master (supervisor)", host);
    trace_event_name(b, "thread_name", c + 1, N + c + 1, label);
    trace_event_sort(b, "thread_sort_index", c + 1, N + c + 1, 0);
    const grid_cluster *cl = &g->clusters[c];
    for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
      const char *klass = g->classes[g->nodes[i].klass].name;
      host_name(job, i, host, sizeof host);
      if (klass && strcmp(klass, host)) /* a platform file's host is its own class: named once */
        snprintf(label, sizeof label, "%s (%s)", host, klass);
      else
        snprintf(label, sizeof label, "%s", host);
      trace_event_name(b, "thread_name", c + 1, i + 1, label);
      trace_event_sort(b, "thread_sort_index", c + 1, i + 1, i - cl->first_node + 1);
    }
  }
}

static void event(const grid_job *job, const grid_timeline_event *e, strbuf *b) {
  const grid *g = &job->g;
  int pid = pid_of(g, e->slot), tid = e->slot + 1;
  double ts = e->t0 * us_per_s;
  switch (e->kind) {
  case 'c':
    trace_event_complete(b, e->flag ? "re-compute" : "compute", "compute", pid, tid, ts, (e->t1 - e->t0) * us_per_s);
    strbuf_addf(b, ", \"args\": {\"iteration\": %d, \"units\": %ld, \"reexec\": %d}}", e->iteration, e->units,
                e->flag);
    return;
  case 's':
    trace_event_complete(b, "send result", "send", pid, tid, ts, (e->t1 - e->t0) * us_per_s);
    strbuf_addf(b, ", \"args\": {\"iteration\": %d, \"units\": %ld, \"delivered\": %d}}", e->iteration, e->units,
                e->flag);
    return;
  case 'r':
    trace_event_instant(b, "receive work", "receive", pid, tid, ts, 't');
    strbuf_addf(b, ", \"args\": {\"iteration\": %d, \"units\": %ld}}", e->iteration, e->units);
    return;
  case 'f':
  case 'u':
    trace_event_instant(b, e->kind == 'f' ? "failure" : "recovery", e->kind == 'f' ? "failure" : "recovery", pid,
                        tid, ts, 't');
    strbuf_add(b, "}");
    return;
  case 'd':
  case 'x':
    trace_event_instant(b, e->kind == 'd' ? "detection" : "missed reply", "detection", pid, tid, ts, 't');
    strbuf_addf(b, ", \"args\": {\"iteration\": %d}}", e->iteration);
    return;
  case 'q':
    trace_event_instant(b, "re-dispatch", "re-dispatch", pid, tid, ts, 't');
    strbuf_addf(b, ", \"args\": {\"iteration\": %d, \"units\": %ld, \"round\": %d}}", e->iteration, e->units, e->flag);
    return;
  case 'm':
    trace_event_instant(b, "re-map", "re-map", pid, tid, ts, 't');
    strbuf_addf(b, ", \"args\": {\"iteration\": %d, \"units\": %ld, \"to_cluster\": %d}}", e->iteration, e->units,
                e->flag);
    return;
  default: /* 'i' */
    trace_event_instant(b, "iteration", "iteration", pid, tid, ts, 't');
    strbuf_addf(b, ", \"args\": {\"iteration\": %d, \"units\": %ld, \"clusters\": %d}}", e->iteration, e->units,
                e->flag);
  }
}

void grid_trace_json(const grid_job *job, strbuf *b) {
  const grid_run_result *res = &job->res;
  char text[256];
  snprintf(text, sizeof text, "\"time_unit\": \"1 us = 1 us of simulated time\", \"completed\": %d, \"cause\": \"%s\", "
           "\"makespan_s\": %.10g", res->completed, res->cause, res->makespan_s);
  trace_event_begin(b, text);
  tracks(job, b);
  for (long i = 0; i < res->timeline.n; i++)
    event(job, &res->timeline.ev[i], b);
  int N = job->g.n_nodes, K = job->g.n_clusters, deadline = res->cause && strcmp(res->cause, "deadline") == 0;
  trace_event_instant(b, deadline ? "deadline" : "end", "end", K + 1, N + K + 1, res->makespan_s * us_per_s, 'g');
  strbuf_addf(b, ", \"args\": {\"completed\": %d, \"cause\": \"%s\", \"iterations_done\": %d}}", res->completed,
              res->cause, res->iterations_done);
  trace_event_end(b);
}

int grid_trace_json_write(const char *path, const grid_job *job, gn_error *err) {
  strbuf b = STRBUF_INIT;
  grid_trace_json(job, &b);
  int rc = b.oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory")
                 : gn_file_write_atomic(path, strbuf_str(&b), b.len, err);
  strbuf_free(&b);
  return rc;
}
