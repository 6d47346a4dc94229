/* grid_trace_json: a grid run as Chrome / Perfetto trace-event JSON (core/trace_event.h), beside the rings SVG:
 * one process per cluster (its master's track first, then its nodes, named by host and node class) and one for
 * the grid master; computations and result sends as boxes, work receipts, host failures and recoveries, the
 * cluster masters' detections, missed replies and re-dispatches from the failed-task queue, the grid master's
 * iterations and re-maps to other clusters, and the end of the run (or its deadline) as instants. Times are
 * microseconds of simulated time. The run must have recorded its timeline (grid_job_execute_traced). */
#ifndef GRID_TRACE_JSON_H
#define GRID_TRACE_JSON_H

#include "grid_job.h"
#include "strbuf.h"

/* Appends the JSON object to out. */
void grid_trace_json(const grid_job *job, strbuf *out);
/* Writes it to path (atomically). */
int grid_trace_json_write(const char *path, const grid_job *job, gn_error *err);

#endif
