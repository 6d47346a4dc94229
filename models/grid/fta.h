/* fta: the Failure Trace Archive's event_trace.tab: reading and replay as host events. */
#ifndef FTA_H
#define FTA_H

#include "failure.h"
#include "gn_error.h"

/* One unavailability interval of a trace node (event_type 0). Times in the trace's own seconds. */
typedef struct fta_interval {
  long node_id;
  double start, stop;
} fta_interval;

typedef struct fta_trace {
  fta_interval *down; /* event_type 0 records, in file order */
  int n_down;
  long *node_ids;   /* distinct node ids, ascending */
  double *first_up; /* per node_ids entry: start of its first available record (NAN if none) */
  int n_nodes;
  char *file; /* the source named in messages (fta_parse's `file`), owned */
} fta_trace;

/* Parse event_trace.tab text. `file` names the source in "file:line: what is wrong" messages. Lines starting
 * with '#' and blank lines are skipped; every other line needs 9 whitespace-separated fields, event_type 0
 * or 1, numeric times (NULL accepted only for event_stop_time, meaning "until the end of the record"),
 * stop >= start. */
int fta_parse(const char *text, const char *file, fta_trace *t, gn_error *err);
int fta_read(const char *path, fta_trace *t, gn_error *err);

/* Replay: the trace's nodes from index first_node (in ascending node_id order) are mapped to hosts
 * 0..n_hosts-1; trace time window_start (NAN = the earliest first available record of the chosen nodes)
 * becomes time 0 of the run, and trace seconds are divided by accel. Every unavailability interval
 * overlapping [0, horizon_s) becomes a down event (at max(start, 0)) and an up event (if before horizon).
 * Outside its records a node is up. GN_EINPUT if the trace has too few nodes. */
/* GN_EINPUT (the message fta_replay gives) unless nodes first_node..first_node+n_hosts-1 are in the trace: the
 * check a scenario makes before any run. */
int fta_check_nodes(const fta_trace *t, int first_node, int n_hosts, gn_error *err);

int fta_replay(const fta_trace *t, int first_node, int n_hosts, double window_start, double accel, double horizon_s,
               failure_trace *out, gn_error *err);

void fta_free(fta_trace *t);

#endif
