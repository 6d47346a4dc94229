/* grid_params: the grid kind's parameter bag read once into a typed struct (the only reader of the bag in
 * sim/grid/), and the small parsers of its values. */
#include "grid_params.h"

#include "gn_num.h"

#include <string.h>

typedef struct reader {
  const gn_kvlist *bag;
  gn_error *err;
  int rc;
} reader;

static const char *text(reader *r, const char *key) {
  const char *v = gn_kv_get(r->bag, key);
  if (!v && !r->rc)
    r->rc = gn_error_set(r->err, GN_EINPUT, NULL, 0, "parameter '%s' is missing", key);
  return v ? v : "";
}

static double number(reader *r, const char *key) {
  double v = 0;
  const char *t = text(r, key);
  if (!r->rc && gn_kv_get_double(r->bag, key, &v))
    r->rc = gn_error_set(r->err, GN_EINPUT, NULL, 0, "parameter '%s' must be a number, got '%s'", key, t);
  return v;
}

static int truth(reader *r, const char *key) { return strcmp(text(r, key), "true") == 0; }

int grid_params_read(const gn_kvlist *bag, grid_params *p, gn_error *err) {
  reader r = {bag, err, GN_OK};
  *p = (grid_params){
      .preset = text(&r, "preset"),
      .platform = text(&r, "platform"),
      .clusters = number(&r, "clusters"),
      .nodes = number(&r, "nodes"),
      .shape = text(&r, "shape"),
      .weights = text(&r, "weights"),
      .speed = number(&r, "speed"),
      .class_speeds = text(&r, "class_speeds"),
      .port_mbps = number(&r, "port_mbps"),
      .backplane_mbps = number(&r, "backplane_mbps"),
      .uplink_mbps = number(&r, "uplink_mbps"),
      .switch_latency = number(&r, "switch_latency"),
      .scheduler = text(&r, "scheduler"),
      .m = number(&r, "m"),
      .k = number(&r, "k"),
      .replicas = text(&r, "replicas"),
      .mirror = text(&r, "mirror"),
      .n = number(&r, "n"),
      .iterations = number(&r, "iterations"),
      .mode = text(&r, "mode"),
      .failures = text(&r, "failures"),
      .period = text(&r, "period"),
      .accel = number(&r, "accel"),
      .master_failures = truth(&r, "master_failures"),
      .fta_node = number(&r, "fta_node"),
      .fta_start = number(&r, "fta_start"),
      .load_step = number(&r, "load_step"),
      .load_coupling = text(&r, "load_coupling"),
      .heartbeat = number(&r, "heartbeat"),
      .heartbeat_phase = text(&r, "heartbeat_phase"),
      .heartbeat_transport = text(&r, "heartbeat_transport"),
      .timeout_factor = number(&r, "timeout_factor"),
      .rings = text(&r, "rings"),
      .deadline_factor = number(&r, "deadline_factor"),
      .deadline_ref = text(&r, "deadline_ref"),
      .deadline = number(&r, "deadline"),
      .l1 = number(&r, "l1"),
      .l2 = number(&r, "l2"),
      .l3 = number(&r, "l3"),
      .alpha = number(&r, "alpha"),
      .network = text(&r, "network"),
      .reference = truth(&r, "reference"),
  };
  return r.rc;
}

int grid_params_either(const char *key, const char *value, const char *first, const char *second_word, int *second,
                       gn_error *err) {
  if (strcmp(value, first) && strcmp(value, second_word))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s must be %s or %s, got '%s'", key, first, second_word, value);
  *second = strcmp(value, second_word) == 0;
  return GN_OK;
}

const char *grid_params_failure_spec(const grid_params *p) {
  if (strcmp(p->failures, "auto"))
    return p->failures;
  return strcmp(p->period, "0") ? "weibull:nd07cpu" : "none";
}

int grid_job_parse_weights(const char *text_, grid_weights *w, gn_error *err) {
  const char *s = text_;
  double v[3];
  for (int i = 0; i < 3; i++) {
    size_t n = gn_num_real_span(s);
    const char *end = s + n;
    /* At most GRID_WEIGHT_MAX: CP = W·(cpu, mem, io) and the sums and products built on it stay finite. */
    if (!n || gn_num_real_n(s, n, 0, GRID_WEIGHT_MAX, &v[i]) != GN_NUM_OK || (i < 2 ? *end != ',' : *end != '\0'))
      return gn_error_set(err, GN_EINPUT, NULL, 0, "expected three numbers cpu,mem,io in 0..%g, got '%s'",
                          GRID_WEIGHT_MAX, text_);
    s = end + 1;
  }
  if (v[0] + v[1] + v[2] <= 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "at least one of cpu,mem,io must be positive");
  *w = (grid_weights){v[0], v[1], v[2]};
  return GN_OK;
}
