/* noc_trace_json: a pipeline run as Chrome / Perfetto trace-event JSON (the "JSON Array/Object Format" that
 * chrome://tracing, ui.perfetto.dev and speedscope open): one track per core, named with the stage it runs in
 * each mapping epoch; compute and send boxes of the traced items; failures, their detection and each re-map as
 * instant events. One time unit of the model is written as 1 ms (ts and dur are microseconds). */
#ifndef NOC_TRACE_JSON_H
#define NOC_TRACE_JSON_H

#include "noc_pipeline.h"
#include "strbuf.h"

/* Appends the JSON object to out. */
void noc_trace_json(const noc_chip *chip, const noc_pipeline_report *rep, strbuf *out);
/* Writes it to path (atomically). */
int noc_trace_json_write(const char *path, const noc_chip *chip, const noc_pipeline_report *rep, gn_error *err);

#endif
