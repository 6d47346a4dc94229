/* grid: presets, capability CP = W·(cpu, mem, io), and the SimGrid platform XML of a grid. */
#include "grid.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const grid_preset_names[] = {"patent", "uniform", NULL};

/* The patent's Table 1 was lost in extraction. These three classes are 2005 Intranet PCs;
 * cpu is the sustained dense mat-vec rate (memory bound, about a sixth of the clock rate), not the peak. */
static const grid_node_class patent_classes[3] = {
    {"p4-3.0", 5.0e8, 1024, 50},
    {"p4-2.4", 4.0e8, 512, 40},
    {"p3-1.0", 1.5e8, 256, 25},
};

/* One class for hand-checked tests and uniform-grid experiments. */
static const grid_node_class uniform_class = {"uniform-1g", 1.0e9, 1024, 50};

static double node_cp(const grid_node_class *c, grid_weights w) {
  return w.cpu * c->cpu_flops / GRID_CPU_UNIT_FLOPS + w.mem * c->mem_mb + w.io * c->io_mbps;
}

void grid_set_weights(grid *g, grid_weights w) {
  g->weights = w;
  for (int c = 0; c < g->n_clusters; c++) {
    grid_cluster *cl = &g->clusters[c];
    cl->ccp = 0;
    for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
      g->nodes[i].cp = node_cp(&g->classes[g->nodes[i].klass], w);
      cl->ccp += g->nodes[i].cp;
    }
  }
}

double grid_node_flops(const grid *g, int node) { return g->classes[g->nodes[node].klass].cpu_flops; }

int grid_preset(const char *name, int clusters, int nodes_per_cluster, grid *g, gn_error *err) {
  memset(g, 0, sizeof *g);
  int k, p;
  if (strcasecmp(name, "patent") == 0) { /* preset names are case-insensitive */
    /* patent: 8 clusters x 6 nodes, three classes two of each per cluster, 100 Mbit/s switches in cascade. */
    k = 8;
    p = 6;
    g->n_classes = 3;
    memcpy(g->classes, patent_classes, sizeof patent_classes);
    g->master_flops = 4.0e8;
    g->source = "patent: 8 clusters of 6 nodes, two of each of three node classes per cluster, 100 "
                "Mbit/s switches in cascade; its Table 1 was lost, so the classes are 2005 intranet PCs with cpu = the "
                "sustained dense mat-vec rate (memory bound, about a sixth of the clock rate)";
  } else if (strcasecmp(name, "uniform") == 0) {
    k = 2;
    p = 2;
    g->n_classes = 1;
    g->classes[0] = uniform_class;
    g->master_flops = 1.0e9;
    g->source = "uniform: one 1 Gflop/s node class, for hand-checked tests and uniform-grid experiments";
  } else {
    return gn_error_set(err, GN_EINPUT, NULL, 0, "unknown grid preset '%s' (known: patent, uniform)", name);
  }
  if (clusters > 0)
    k = clusters;
  if (nodes_per_cluster > 0)
    p = nodes_per_cluster;
  if ((long)k * p > GRID_NODES_MAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "grid of %d x %d nodes exceeds the %d-node limit", k, p,
                        GRID_NODES_MAX);
  g->shape = GRID_CASCADE;
  g->port_bw_bps = 100e6 / 8;
  g->port_lat_s = 50e-6;
  g->backplane_bw_bps = 1e9 / 8;
  g->backplane_lat_s = 5e-6;
  g->uplink_bw_bps = 100e6 / 8;
  g->uplink_lat_s = 100e-6;
  g->n_clusters = k;
  g->n_nodes = k * p;
  g->clusters = calloc((size_t)k, sizeof *g->clusters);
  g->nodes = calloc((size_t)g->n_nodes, sizeof *g->nodes);
  if (!g->clusters || !g->nodes) {
    grid_free(g);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a %d-node grid", k * p);
  }
  for (int c = 0; c < k; c++) {
    g->clusters[c].first_node = c * p;
    g->clusters[c].n_nodes = p;
    for (int j = 0; j < p; j++) {
      g->nodes[c * p + j].cluster = c;
      /* Two of each class per 6-node cluster: classes in blocks (0,0,1,1,2,2). */
      g->nodes[c * p + j].klass = (int)((long)j * g->n_classes / p);
    }
  }
  /* Jacobi keeps the matrix rows in RAM and reads no disk while iterating: only cpu speed matters. */
  grid_set_weights(g, (grid_weights){1.0, 0.0, 0.0});
  return GN_OK;
}

void grid_node_name(int node, char *buf, size_t size) { snprintf(buf, size, "node%d", node); }

void grid_cluster_master_name(int cluster, char *buf, size_t size) { snprintf(buf, size, "c%d_master", cluster); }

void grid_slot_host_name(const grid *g, int slot, char *buf, size_t size) {
  int N = g->n_nodes, K = g->n_clusters;
  if (slot < N)
    grid_node_name(slot, buf, size);
  else if (slot < N + K)
    grid_cluster_master_name(slot - N, buf, size);
  else
    snprintf(buf, size, "%s", slot == N + K ? GRID_MASTER_HOST : GRID_INJECTOR_HOST);
}

typedef struct xml_buf {
  char *data;
  size_t len, cap;
  int oom;
} xml_buf;

static void xml_printf(xml_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void xml_printf(xml_buf *b, const char *fmt, ...) {
  if (b->oom)
    return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < b->cap - b->len) {
      b->len += (size_t)n;
      return;
    }
    size_t cap = b->cap * 2 + (size_t)n + 64;
    char *d = realloc(b->data, cap);
    if (!d) {
      b->oom = 1;
      return;
    }
    b->data = d;
    b->cap = cap;
  }
}

/* props: the host's <prop> elements, already written (the node class's memory and disk, or a role). */
static void xml_machine(xml_buf *b, const char *host, double flops, const char *props, const grid *g) {
  xml_printf(b, "    <host id=\"%s\" speed=\"%.17gf\">%s</host>\n", host, flops, props);
  xml_printf(b, "    <link id=\"%s_port\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" sharing_policy=\"SPLITDUPLEX\"/>\n",
             host, g->port_bw_bps, g->port_lat_s);
  xml_printf(b, "    <host_link id=\"%s\" up=\"%s_port_UP\" down=\"%s_port_DOWN\"/>\n", host, host, host);
}

int grid_platform_xml(const grid *g, char *const *node_speed_profile, char **xml, size_t *len, gn_error *err) {
  xml_buf b = {malloc(4096), 0, 4096, 0};
  if (!b.data)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  char name[64];
  /* The header comment is what a user reads before copying the file: the grid, its figures and their sources.
   * XML comments may not contain a double hyphen, so options are named without their dashes. */
  xml_printf(&b,
             "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
             "<!-- gridnoc data grid: %d clusters, %d nodes, switches in %s.\n     Node classes (speed, prop mem "
             "in MB, prop io in MB/s of disk):\n",
             g->n_clusters, g->n_nodes, g->shape == GRID_CASCADE ? "cascade (c0-c1-c2...)" : "a star around c0");
  for (int k = 0; k < g->n_classes; k++)
    xml_printf(&b, "       %s: %.10g flop/s, %.10g MB, %.10g MB/s\n", g->classes[k].name, g->classes[k].cpu_flops,
               g->classes[k].mem_mb, g->classes[k].io_mbps);
  xml_printf(&b,
             "     Network: host ports %.10g B/s %.10g s (SPLITDUPLEX), switch backplanes %.10g B/s %.10g s, uplinks\n"
             "     between switches %.10g B/s %.10g s. Masters and the injector run at %.10g flop/s and carry the\n"
             "     property gridnoc.role; they are not compute nodes.\n     Sources: %s.\n"
             "     Generated by: gridnoc platform grid -->\n<platform version=\"4.1\">\n"
             "<zone id=\"grid\" routing=\"Floyd\">\n",
             g->port_bw_bps, g->port_lat_s, g->backplane_bw_bps, g->backplane_lat_s, g->uplink_bw_bps, g->uplink_lat_s,
             g->master_flops, g->source ? g->source : "built by hand");
  for (int c = 0; c < g->n_clusters; c++) {
    const grid_cluster *cl = &g->clusters[c];
    xml_printf(&b, "  <zone id=\"c%d\" routing=\"Cluster\">\n    <router id=\"c%d_switch\"/>\n", c, c);
    xml_printf(&b, "    <backbone id=\"c%d_backplane\" bandwidth=\"%.17gBps\" latency=\"%.17gs\"/>\n", c,
               g->backplane_bw_bps, g->backplane_lat_s);
    if (c == 0) {
      xml_machine(&b, GRID_MASTER_HOST, g->master_flops, "<prop id=\"gridnoc.role\" value=\"grid_master\"/>", g);
      xml_machine(&b, GRID_INJECTOR_HOST, g->master_flops, "<prop id=\"gridnoc.role\" value=\"injector\"/>", g);
    }
    grid_cluster_master_name(c, name, sizeof name);
    xml_machine(&b, name, g->master_flops, "<prop id=\"gridnoc.role\" value=\"cluster_master\"/>", g);
    for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
      const grid_node_class *k = &g->classes[g->nodes[i].klass];
      char props[160];
      snprintf(props, sizeof props, "<prop id=\"mem\" value=\"%.10g\"/><prop id=\"io\" value=\"%.10g\"/>",
               k->mem_mb, k->io_mbps);
      grid_node_name(i, name, sizeof name);
      xml_machine(&b, name, grid_node_flops(g, i), props, g);
    }
    xml_printf(&b, "  </zone>\n");
  }
  /* The DTD wants every link of a zone before its routes. Switch-to-switch links are full duplex (as the
   * ports), so traffic one way does not slow the other. */
  for (int pass = 0; pass < 2; pass++)
    for (int c = 1; c < g->n_clusters; c++) {
      /* cascade: switch c-1 to switch c; star: every switch to cluster 0's switch. */
      int from = g->shape == GRID_CASCADE ? c - 1 : 0;
      if (pass == 0)
        xml_printf(&b,
                   "  <link id=\"uplink_%d_%d\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" "
                   "sharing_policy=\"SPLITDUPLEX\"/>\n",
                   from, c, g->uplink_bw_bps, g->uplink_lat_s);
      else
        xml_printf(&b,
                   "  <zoneRoute src=\"c%d\" dst=\"c%d\" gw_src=\"c%d_switch\" gw_dst=\"c%d_switch\">"
                   "<link_ctn id=\"uplink_%d_%d\" direction=\"UP\"/></zoneRoute>\n",
                   from, c, from, c, from, c);
    }
  for (int i = 0; node_speed_profile && i < g->n_nodes; i++) {
    if (!node_speed_profile[i])
      continue;
    grid_node_name(i, name, sizeof name);
    xml_printf(&b, "  <trace id=\"load_%s\" periodicity=\"-1\">\n%s  </trace>\n", name, node_speed_profile[i]);
    xml_printf(&b, "  <trace_connect kind=\"SPEED\" trace=\"load_%s\" element=\"%s\"/>\n", name, name);
  }
  xml_printf(&b, "</zone>\n</platform>\n");
  if (b.oom) {
    free(b.data);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory writing the platform");
  }
  *xml = b.data;
  *len = b.len;
  return GN_OK;
}

void grid_free(grid *g) {
  free(g->clusters);
  free(g->nodes);
  g->clusters = NULL;
  g->nodes = NULL;
}
