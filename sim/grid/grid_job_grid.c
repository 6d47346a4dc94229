/* grid_job_grid: the grid of a run from its parameters: a preset with its speed and network overrides, or a user's
 * platform file laid out as a grid (its hosts as slots, the XML SimGrid loads). */
#include "grid_job_priv.h"

#include "platform_prepare.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "f1,f2,..." → one positive flop/s per node class of the preset. */
static int parse_class_speeds(const char *text, grid *g, gn_error *err) {
  const char *s = text;
  for (int i = 0; i < g->n_classes; i++) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    int last = i == g->n_classes - 1;
    if (end == s || errno || !(v > 0) || !isfinite(v) || (last ? *end != '\0' : *end != ','))
      return gn_error_set(err, GN_EINPUT, NULL, 0,
                          "class_speeds: expected %d positive flop/s values (one per class of the preset), got '%s'",
                          g->n_classes, text);
    g->classes[i].cpu_flops = v;
    s = end + 1;
  }
  return GN_OK;
}

/* Node speeds and network of a preset from the parameters (0 or -1 = keep the preset's value). */
static int apply_grid_overrides(const grid_params *p, grid *g, gn_error *err) {
  double speed = p->speed, port = p->port_mbps, backplane = p->backplane_mbps,
         uplink = p->uplink_mbps, latency = p->switch_latency;
  if (!(speed > 0) || port < 0 || backplane < 0 || uplink < 0 || !(latency >= 0 || latency == -1))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "need speed > 0, port_mbps, backplane_mbps, uplink_mbps >= 0 and switch_latency >= 0 (or -1)");
  int rc = p->class_speeds[0] ? parse_class_speeds(p->class_speeds, g, err) : GN_OK;
  if (rc)
    return rc;
  for (int i = 0; i < g->n_classes; i++)
    g->classes[i].cpu_flops *= speed;
  if (port > 0)
    g->port_bw_bps = port * 1e6 / 8;
  if (backplane > 0)
    g->backplane_bw_bps = backplane * 1e6 / 8;
  if (uplink > 0)
    g->uplink_bw_bps = uplink * 1e6 / 8;
  if (latency >= 0)
    g->backplane_lat_s = latency;
  return GN_OK;
}

int grid_job_build_grid(const grid_params *p, grid_variant variant, grid *g, gn_error *err) {
  int clusters = (int)p->clusters, nodes = (int)p->nodes;
  if (clusters < 0 || clusters > 10000 || nodes < 0 || nodes > 10000)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "clusters and nodes must be in 0..10000");
  int rc = grid_preset(p->preset, variant == GRID_VARIANT_ONE_CLUSTER ? 1 : clusters, nodes, g, err);
  if (rc)
    return rc;
  int star;
  if ((rc = grid_params_either("shape", p->shape, "cascade", "star", &star, err)))
    return rc;
  g->shape = star ? GRID_STAR : GRID_CASCADE;
  grid_weights w;
  if ((rc = apply_grid_overrides(p, g, err)) || (rc = grid_job_parse_weights(p->weights, &w, err)))
    return rc;
  grid_set_weights(g, w);
  return GN_OK;
}

/* The grid of a platform file: shape and nodes do not apply (a preset given beside it is refused with the
 * parameters, its row's replaced_by); clusters = K keeps the file's first K. */
int grid_job_platform_unused(const grid_params *p, gn_error *err) {
  const char *unused = strcmp(p->shape, "cascade")    ? "shape"
                       : p->nodes != 0                ? "nodes"
                       : p->speed != 1                ? "speed"
                       : p->class_speeds[0]           ? "class_speeds"
                       : p->port_mbps != 0            ? "port_mbps"
                       : p->backplane_mbps != 0       ? "backplane_mbps"
                       : p->uplink_mbps != 0          ? "uplink_mbps"
                       : p->switch_latency != -1      ? "switch_latency"
                                                      : NULL;
  if (unused)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "%s does not apply with a platform file (%s gives the clusters, nodes and links): drop it",
                        unused, p->platform);
  return GN_OK;
}

int grid_job_platform_grid(const grid_params *p, grid_variant variant, grid_job *job, gn_error *err) {
  if (grid_job_platform_unused(p, err))
    return GN_EINPUT;
  int clusters = (int)p->clusters, rc;
  if (clusters < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "clusters must be >= 0");
  grid_weights w;
  if ((rc = grid_job_parse_weights(p->weights, &w, err)) ||
      (rc = platform_read(p->platform, &job->platform, err)) ||
      (rc = platform_grid_layout(&job->platform, variant == GRID_VARIANT_ONE_CLUSTER ? 1 : clusters, &job->g,
                                 &job->hosts, err)))
    return rc;
  grid_set_weights(&job->g, w);
  const platform_grid_hosts *h = &job->hosts;
  int N = h->n_nodes, K = h->n_clusters;
  job->slot_hosts = malloc((size_t)(N + K + 2) * sizeof *job->slot_hosts);
  job->slot_of_host = malloc((size_t)job->platform.n_hosts * sizeof *job->slot_of_host);
  if (!job->slot_hosts || !job->slot_of_host)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < N + K + 2; i++) {
    int host = i < N ? h->node[i] : i < N + K ? h->cluster_master[i - N] : i == N + K ? h->grid_master : h->injector;
    job->slot_hosts[i] = job->platform.hosts[host].id;
  }
  /* A host's state profile hits its first slot (every slot on that host goes down with it); a host that runs
   * no slot (an idle one, an injector of its own) is left alone. */
  for (int i = 0; i < job->platform.n_hosts; i++)
    job->slot_of_host[i] = -1;
  for (int i = N + K; i >= 0; i--)
    job->slot_of_host[i < N ? h->node[i] : i < N + K ? h->cluster_master[i - N] : h->grid_master] = i;
  job->cfg.slot_hosts = job->slot_hosts;
  return GN_OK;
}

/* The XML SimGrid loads: the file with its host state profiles taken out (the injector replays them) and the
 * background load of each node added to the node's host. */
int grid_job_prepare_platform_xml(grid_job *job, gn_error *err) {
  char **extra = NULL;
  if (job->profiles) {
    if (!(extra = calloc((size_t)job->platform.n_hosts, sizeof *extra)))
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < job->g.n_nodes; i++)
      extra[job->hosts.node[i]] = job->profiles[i];
  }
  size_t len = 0;
  int rc = platform_prepare_xml(&job->platform, extra, &job->platform_xml, &len, err);
  free(extra);
  job->cfg.platform_xml = job->platform_xml;
  job->cfg.platform_xml_len = len;
  return rc;
}
