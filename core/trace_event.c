/* trace_event: trace-event JSON pieces (trace_event.h). */
#include "trace_event.h"

/* Events are separated by ",\n"; the first follows the array's "[" directly. */
static void next_event(strbuf *b) { strbuf_add(b, b->len && b->data[b->len - 1] == '[' ? "\n{" : ",\n{"); }

void trace_event_begin(strbuf *b, const char *other_data) {
  strbuf_addf(b, "{\"displayTimeUnit\": \"ms\", \"otherData\": {%s},\n\"traceEvents\": [", other_data);
}

void trace_event_end(strbuf *b) { strbuf_add(b, "\n]}\n"); }

void trace_event_name(strbuf *b, const char *what, int pid, int tid, const char *name) {
  next_event(b);
  strbuf_addf(b, "\"name\": \"%s\", \"ph\": \"M\", \"pid\": %d, \"tid\": %d, \"args\": {\"name\": ", what, pid, tid);
  strbuf_add_json(b, name);
  strbuf_add(b, "}}");
}

void trace_event_sort(strbuf *b, const char *what, int pid, int tid, int index) {
  next_event(b);
  strbuf_addf(b, "\"name\": \"%s\", \"ph\": \"M\", \"pid\": %d, \"tid\": %d, \"args\": {\"sort_index\": %d}}", what, pid,
              tid, index);
}

static void head(strbuf *b, const char *name, const char *cat, char ph, int pid, int tid) {
  next_event(b);
  strbuf_add(b, "\"name\": ");
  strbuf_add_json(b, name);
  strbuf_addf(b, ", \"cat\": \"%s\", \"ph\": \"%c\", \"pid\": %d, \"tid\": %d", cat, ph, pid, tid);
}

void trace_event_complete(strbuf *b, const char *name, const char *cat, int pid, int tid, double ts_us, double dur_us) {
  head(b, name, cat, 'X', pid, tid);
  strbuf_addf(b, ", \"ts\": %.3f, \"dur\": %.3f", ts_us, dur_us);
}

void trace_event_instant(strbuf *b, const char *name, const char *cat, int pid, int tid, double ts_us, char scope) {
  head(b, name, cat, 'i', pid, tid);
  strbuf_addf(b, ", \"s\": \"%c\", \"ts\": %.3f", scope, ts_us);
}
