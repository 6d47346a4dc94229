/* trace_event: the pieces of Chrome / Perfetto trace-event JSON (the "JSON Object Format" that chrome://tracing,
 * ui.perfetto.dev and speedscope open) the pipeline's and the grid's timelines share: the enclosing object, track
 * names, complete ("X") and instant ("i") events. Times are microseconds, written with a fixed precision and no
 * locale, so the same run gives the same bytes. An event helper leaves its object open for the caller's "args"
 * (trace_event_args) or its closing brace. */
#ifndef TRACE_EVENT_H
#define TRACE_EVENT_H

#include "strbuf.h"

/* `{"displayTimeUnit": "ms", "otherData": {OTHER}, "traceEvents": [` — other_data is the inside of an object. */
void trace_event_begin(strbuf *b, const char *other_data);
/* `]}` and a newline. */
void trace_event_end(strbuf *b);
/* A metadata event naming a track: what = "process_name" (pid) or "thread_name" (pid, tid). */
void trace_event_name(strbuf *b, const char *what, int pid, int tid, const char *name);
/* A metadata event ordering tracks: what = "process_sort_index" or "thread_sort_index". */
void trace_event_sort(strbuf *b, const char *what, int pid, int tid, int index);
/* A box from ts_us lasting dur_us (left open). */
void trace_event_complete(strbuf *b, const char *name, const char *cat, int pid, int tid, double ts_us, double dur_us);
/* An instant at ts_us, scope 't' (its track), 'p' (its process) or 'g' (every track) (left open). */
void trace_event_instant(strbuf *b, const char *name, const char *cat, int pid, int tid, double ts_us, char scope);

#endif
