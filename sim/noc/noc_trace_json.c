/* noc_trace_json: the timeline's events as trace-event JSON. */
#include "noc_trace_json.h"

#include "gn_file.h"
#include "trace_event.h"

#include <math.h>
#include <stdio.h>

enum { PID = 1 };
static const double us_per_unit = 1000; /* one model time unit shown as 1 ms */

/* The stage core `core` runs in epoch e (1-based), or 0. */
static int stage_of(const noc_pipeline_report *rep, int e, int core) {
  for (int s = 0; s < rep->epochs[e].plan.n_stages; s++)
    if (rep->epochs[e].plan.stage_core[s] == core)
      return s + 1;
  return 0;
}

static void instant(strbuf *b, const char *name, int tid, double t, char scope) {
  trace_event_instant(b, name, name, PID, tid, t * us_per_unit, scope);
  strbuf_add(b, "}");
}

void noc_trace_json(const noc_chip *chip, const noc_pipeline_report *rep, strbuf *b) {
  char text[512];
  snprintf(text, sizeof text, "\"time_unit\": \"1 ms shown = 1 model time unit\", \"analytic_period\": %.10g, "
           "\"sim_period\": %.10g", rep->analytic_period, rep->sim_period);
  trace_event_begin(b, text);
  snprintf(text, sizeof text, "pipeline on a %dx%d chip", chip->width, chip->height);
  trace_event_name(b, "process_name", PID, 0, text);
  /* A track per core that ever ran a stage, named by its position and its stage in every epoch. */
  int n = noc_core_count(chip);
  for (int core = 0; core < n; core++) {
    char name[64], label[512];
    size_t used = 0;
    noc_core_name(chip, core, name, sizeof name);
    used += (size_t)snprintf(label, sizeof label, "%s", name);
    int any = 0;
    for (int e = 0; e < rep->n_epochs && used < sizeof label - 64; e++) {
      int s = stage_of(rep, e, core);
      if (s && rep->n_epochs == 1)
        used += (size_t)snprintf(label + used, sizeof label - used, ": stage %d", s);
      else if (s)
        used += (size_t)snprintf(label + used, sizeof label - used, "%sstage %d in mapping %d", any ? ", " : ": ", s,
                                 e + 1);
      any |= s != 0;
    }
    if (!any)
      continue;
    trace_event_name(b, "thread_name", PID, core + 1, label);
    trace_event_sort(b, "thread_sort_index", PID, core + 1, stage_of(rep, 0, core) ? stage_of(rep, 0, core) : n + core);
  }
  for (long i = 0; i < rep->n_trace; i++) {
    const noc_trace_event *ev = &rep->trace[i];
    const char *what = ev->kind == 'c' ? "compute" : "send";
    snprintf(text, sizeof text, "%s item %ld", what, ev->item);
    trace_event_complete(b, text, what, PID, ev->core + 1, ev->t0 * us_per_unit, (ev->t1 - ev->t0) * us_per_unit);
    strbuf_addf(b, ", \"args\": {\"item\": %ld, \"mapping\": %d, \"stage\": %d}}", ev->item, ev->epoch + 1,
                stage_of(rep, ev->epoch, ev->core));
  }
  for (int f = 0; f < rep->n_failures_seen; f++) {
    instant(b, "failure", rep->failures[f].core + 1, rep->failures[f].t_fail, 't');
    if (!isnan(rep->failures[f].t_detect))
      instant(b, "detection", rep->failures[f].core + 1, rep->failures[f].t_detect, 't');
  }
  for (int e = 1; e < rep->n_epochs; e++)
    instant(b, "re-map", 0, rep->epochs[e].t_start, 'g');
  trace_event_end(b);
}

int noc_trace_json_write(const char *path, const noc_chip *chip, const noc_pipeline_report *rep, gn_error *err) {
  strbuf b = STRBUF_INIT;
  noc_trace_json(chip, rep, &b);
  int rc = b.oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory")
                 : gn_file_write_atomic(path, strbuf_str(&b), b.len, err);
  strbuf_free(&b);
  return rc;
}
