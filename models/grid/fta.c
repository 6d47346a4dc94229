/* fta: event_trace.tab reader (file:line errors) and replay as host off/on events. */
#include "fta.h"

#include "gn_file.h"
#include "gn_num.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FTA_FIELDS 9

static int parse_number(const char *s, double *out) {
  return gn_num_real(s, -DBL_MAX, DBL_MAX, out) == GN_NUM_OK ? 0 : -1;
}

static int push_down(fta_trace *t, int *cap, fta_interval iv) {
  if (t->n_down == *cap) {
    int c = *cap ? *cap * 2 : 256;
    fta_interval *d = realloc(t->down, (size_t)c * sizeof *d);
    if (!d)
      return -1;
    t->down = d;
    *cap = c;
  }
  t->down[t->n_down++] = iv;
  return 0;
}

/* Position of the first node id >= id (binary search over the sorted ids). */
static int lower_bound(const fta_trace *t, long id) {
  int lo = 0, hi = t->n_nodes;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (t->node_ids[mid] < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Node ids with their first available time; kept sorted by id with binary-search insertion. */
static int note_node(fta_trace *t, int *cap, long id, double up_start) {
  int lo = lower_bound(t, id);
  if (lo < t->n_nodes && t->node_ids[lo] == id) {
    if (!isnan(up_start) && (isnan(t->first_up[lo]) || up_start < t->first_up[lo]))
      t->first_up[lo] = up_start;
    return 0;
  }
  if (t->n_nodes == *cap) {
    int c = *cap ? *cap * 2 : 64;
    long *ids = realloc(t->node_ids, (size_t)c * sizeof *ids);
    if (!ids)
      return -1;
    t->node_ids = ids;
    double *fu = realloc(t->first_up, (size_t)c * sizeof *fu);
    if (!fu)
      return -1;
    t->first_up = fu;
    *cap = c;
  }
  memmove(t->node_ids + lo + 1, t->node_ids + lo, (size_t)(t->n_nodes - lo) * sizeof *t->node_ids);
  memmove(t->first_up + lo + 1, t->first_up + lo, (size_t)(t->n_nodes - lo) * sizeof *t->first_up);
  t->node_ids[lo] = id;
  t->first_up[lo] = up_start;
  t->n_nodes++;
  return 0;
}

static int parse_line(char *line, const char *file, long lineno, fta_trace *t, int *down_cap, int *node_cap,
                      gn_error *err) {
  static const char *names[FTA_FIELDS] = {"event_id",         "component_id",    "node_id",
                                          "platform_id",      "node_name",       "event_type",
                                          "event_start_time", "event_stop_time", "event_end_reason"};
  char *f[FTA_FIELDS + 1];
  int n = 0;
  for (char *tok = strtok(line, " \t\r"); tok; tok = strtok(NULL, " \t\r"))
    if (n <= FTA_FIELDS)
      f[n++] = tok;
  if (n != FTA_FIELDS)
    return gn_error_set(err, GN_EINPUT, file, lineno, "expected %d fields (event_id .. event_end_reason), got %s%d",
                        FTA_FIELDS, n > FTA_FIELDS ? "more than " : "", n > FTA_FIELDS ? FTA_FIELDS : n);
  long long node;
  if (gn_num_int(f[2], LONG_MIN, LONG_MAX, &node) != GN_NUM_OK)
    return gn_error_set(err, GN_EINPUT, file, lineno, "%s must be a whole number, got '%s'", names[2], f[2]);
  if (strcmp(f[5], "0") && strcmp(f[5], "1"))
    return gn_error_set(err, GN_EINPUT, file, lineno, "%s must be 0 (unavailable) or 1 (available), got '%s'", names[5],
                        f[5]);
  double start, stop = INFINITY;
  if (parse_number(f[6], &start))
    return gn_error_set(err, GN_EINPUT, file, lineno, "%s must be a number, got '%s'", names[6], f[6]);
  if (strcmp(f[7], "NULL") && parse_number(f[7], &stop))
    return gn_error_set(err, GN_EINPUT, file, lineno, "%s must be a number or NULL, got '%s'", names[7], f[7]);
  if (stop < start)
    return gn_error_set(err, GN_EINPUT, file, lineno, "%s %.17g is before %s %.17g", names[7], stop, names[6], start);
  int up = f[5][0] == '1';
  if (note_node(t, node_cap, node, up ? start : NAN) ||
      (!up && push_down(t, down_cap, (fta_interval){node, start, stop})))
    return gn_error_set(err, GN_ENOMEM, file, lineno, "out of memory");
  return GN_OK;
}

int fta_parse(const char *text, const char *file, fta_trace *t, gn_error *err) {
  memset(t, 0, sizeof *t);
  int down_cap = 0, node_cap = 0;
  long lineno = 0;
  const char *p = text;
  while (*p) {
    lineno++;
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    const char *q = p;
    while (q < p + len && (*q == ' ' || *q == '\t' || *q == '\r'))
      q++;
    if (q < p + len && *q != '#') {
      char *line = malloc(len + 1);
      if (!line) {
        fta_free(t);
        return gn_error_set(err, GN_ENOMEM, file, lineno, "out of memory");
      }
      memcpy(line, p, len);
      line[len] = '\0';
      int rc = parse_line(line, file, lineno, t, &down_cap, &node_cap, err);
      free(line);
      if (rc) {
        fta_free(t);
        return rc;
      }
    }
    p = eol ? eol + 1 : p + len;
  }
  if (t->n_nodes == 0)
    return gn_error_set(err, GN_EINPUT, file, 0, "no events in the trace");
  t->file = strdup(file ? file : "trace");
  if (!t->file) {
    fta_free(t);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  return GN_OK;
}

int fta_read(const char *path, fta_trace *t, gn_error *err) {
  char *text;
  size_t len;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  rc = fta_parse(text, path, t, err);
  free(text);
  return rc;
}

static int node_index(const fta_trace *t, long id) {
  int lo = lower_bound(t, id);
  return lo < t->n_nodes && t->node_ids[lo] == id ? lo : -1;
}

int fta_check_nodes(const fta_trace *t, int first_node, int n_hosts, gn_error *err) {
  if (first_node < 0 || (long long)first_node + n_hosts > t->n_nodes)
    return gn_error_set(err, GN_EINPUT, t->file, 0, "the trace has %d nodes; nodes %d..%lld were asked for",
                        t->n_nodes, first_node, (long long)first_node + n_hosts - 1);
  return GN_OK;
}

int fta_replay(const fta_trace *t, int first_node, int n_hosts, double window_start, double accel, double horizon_s,
               failure_trace *out, gn_error *err) {
  if (fta_check_nodes(t, first_node, n_hosts, err))
    return GN_EINPUT;
  if (!(accel > 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "trace acceleration must be > 0");
  if (isnan(window_start)) {
    for (int i = first_node; i < first_node + n_hosts; i++)
      if (!isnan(t->first_up[i]) && (isnan(window_start) || t->first_up[i] < window_start))
        window_start = t->first_up[i];
    if (isnan(window_start))
      return gn_error_set(err, GN_EINPUT, t->file, 0, "the chosen trace nodes have no available record to start from");
  }
  for (int k = 0; k < t->n_down; k++) {
    int host = node_index(t, t->down[k].node_id) - first_node;
    if (host < 0 || host >= n_hosts)
      continue;
    double s = (t->down[k].start - window_start) / accel, e = (t->down[k].stop - window_start) / accel;
    if (e <= 0 || s >= horizon_s)
      continue;
    int rc = failure_trace_add(out, s > 0 ? s : 0, host, 0, err);
    if (!rc && e < horizon_s)
      rc = failure_trace_add(out, e, host, 1, err);
    if (rc)
      return rc;
  }
  failure_trace_sort(out);
  return GN_OK;
}

void fta_free(fta_trace *t) {
  free(t->down);
  free(t->node_ids);
  free(t->first_up);
  free(t->file);
  memset(t, 0, sizeof *t);
}
