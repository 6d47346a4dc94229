/* grid_svg: SVG of the cluster ring and the node rings of one iteration. */
#include "grid_svg.h"

#include "gn_file.h"
#include "grid_supervisor.h"
#include "strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Larger grids draw their first clusters only: the picture is for reading, not for 10,000 nodes. */
#define SVG_MAX_CLUSTERS 32
#define SVG_COLS 4
#define CELL 190.0

static const char *state_colour(int st) {
  static const char *colour[4] = {"#4caf50", "#ffd54f", "#ff9800", "#e53935"};
  return colour[st >= 0 && st < 4 ? st : 3];
}

/* A curved arc from (x1,y1) to (x2,y2) bulging away from the centre (cx,cy) by `bulge`. */
static void arc(strbuf *s, double cx, double cy, double x1, double y1, double x2, double y2, double bulge,
                const char *style) {
  double mx = (x1 + x2) / 2, my = (y1 + y2) / 2, dx = mx - cx, dy = my - cy, d = hypot(dx, dy);
  if (d < 1e-9) {
    dx = -(y2 - y1);
    dy = x2 - x1;
    d = hypot(dx, dy);
  }
  strbuf_addf(s, "<path d=\"M%.1f %.1f Q%.1f %.1f %.1f %.1f\" fill=\"none\" %s/>\n", x1, y1, mx + dx / d * bulge,
              my + dy / d * bulge, x2, y2, style);
}

static void cross(strbuf *s, double x, double y, double r) {
  strbuf_addf(s, "<path d=\"M%.1f %.1f L%.1f %.1f M%.1f %.1f L%.1f %.1f\" stroke=\"#b71c1c\" stroke-width=\"2.5\"/>\n",
              x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r);
}

static double cluster_radius(const grid_ring_picture *pic, int pos, double max_ccp) {
  return 8 + 22 * sqrt(max_ccp > 0 ? pic->cluster_capability[pos] / max_ccp : 1);
}

static void cluster_ring(strbuf *s, const grid *g, const grid_ring_picture *pic) {
  double cx = 230, cy = 260, R = 160, max_ccp = 0;
  int k = pic->n_clusters;
  for (int pos = 0; pos < k; pos++)
    max_ccp = fmax(max_ccp, pic->cluster_capability[pos]);
  strbuf_addf(s,
              "<text x=\"230\" y=\"30\" text-anchor=\"middle\" font-size=\"15\">cluster ring, iteration %d</text>\n"
              "<text x=\"230\" y=\"48\" text-anchor=\"middle\" font-size=\"11\">size = capability PCcc, arrow = "
              "share mirrored on the ring successor</text>\n"
              "<text x=\"230\" y=\"62\" text-anchor=\"middle\" font-size=\"11\">(%s)</text>\n",
              pic->iteration, pic->mirror_eager ? "eager: computed there too" : "standby: computed there after a loss");
  /* Mirror arrows from each cluster to its successor, ending at the successor's edge. */
  for (int pos = 0; pos < k && k > 1; pos++) {
    int next = (pos + 1) % k;
    double a1 = 2 * M_PI * pos / k - M_PI / 2, a2 = 2 * M_PI * next / k - M_PI / 2;
    double x1 = cx + R * cos(a1), y1 = cy + R * sin(a1), x2 = cx + R * cos(a2), y2 = cy + R * sin(a2);
    double d = hypot(x2 - x1, y2 - y1), r1 = cluster_radius(pic, pos, max_ccp), r2 = cluster_radius(pic, next, max_ccp);
    if (d > r1 + r2 + 4)
      arc(s, cx, cy, x1 + (x2 - x1) * r1 / d, y1 + (y2 - y1) * r1 / d, x2 - (x2 - x1) * (r2 + 3) / d,
          y2 - (y2 - y1) * (r2 + 3) / d, 12,
          "stroke=\"#7b1fa2\" stroke-width=\"2\" stroke-dasharray=\"6 4\" "
          "marker-end=\"url(#head)\"");
  }
  for (int pos = 0; pos < k; pos++) {
    int c = pic->cluster_order[pos];
    double a = 2 * M_PI * pos / k - M_PI / 2, x = cx + R * cos(a), y = cy + R * sin(a);
    double r = cluster_radius(pic, pos, max_ccp);
    strbuf_addf(s, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#90caf9\" stroke=\"#0d47a1\"/>\n", x, y, r);
    strbuf_addf(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\">c%d r=%d</text>\n", x, y + 4, c,
                pos + 1);
  }
  int dead = 0;
  for (int c = 0; c < g->n_clusters; c++) {
    int on = 0;
    for (int pos = 0; pos < k; pos++)
      on |= pic->cluster_order[pos] == c;
    if (on)
      continue;
    double x = 40 + 40 * (dead % 10), y = 460 + 40 * (dead / 10);
    dead++;
    strbuf_addf(s, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"12\" fill=\"#eeeeee\" stroke=\"#999\"/>\n", x, y);
    cross(s, x, y, 10);
    strbuf_addf(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">c%d</text>\n", x, y + 24, c);
  }
}

static void node_ring(strbuf *s, const grid *g, const grid_ring_picture *pic, int c, int r, double ox, double oy) {
  const grid_cluster *cl = &g->clusters[c];
  double cx = ox + CELL / 2, cy = oy + CELL / 2 + 5, R = 55, max_cp = 0;
  int p = 0;
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
    max_cp = fmax(max_cp, g->nodes[i].cp);
    p += pic->node_order[i] >= 0;
  }
  strbuf_addf(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\">cluster c%d (r=%d)</text>\n", cx,
              oy + 14, c, r);
  int m = pic->m < p - 1 ? pic->m : p - 1;
  for (int pos = 0; pos < p; pos++)
    for (int step = 1; step <= m; step++) {
      double a1 = 2 * M_PI * pos / p - M_PI / 2, a2 = 2 * M_PI * ((pos + step) % p) / p - M_PI / 2;
      arc(s, cx, cy, cx + R * cos(a1), cy + R * sin(a1), cx + R * cos(a2), cy + R * sin(a2), -10.0 * step,
          "stroke=\"#1e88e5\" stroke-width=\"1\" opacity=\"0.7\"");
    }
  /* Nodes off the ring: a small crossed dot each, side by side under the ring, each label clear of the next
   * dot (their size would say nothing: they compute nothing). */
  double off_x = ox + 10;
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
    double rad = 4 + 9 * sqrt(g->nodes[i].cp / max_cp);
    int pos = pic->node_order[i];
    if (pos < 0) {
      char label[32];
      int len = snprintf(label, sizeof label, "n%d", i);
      double x = off_x + 6, y = oy + CELL - 8;
      off_x = x + 6 + 3 + 5.5 * len + 6;
      strbuf_addf(s, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\"/>\n", x, y, state_colour(GRID_NODE_FAILED));
      cross(s, x, y, 6);
      strbuf_addf(s, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\">%s</text>\n", x + 9, y + 3, label);
      continue;
    }
    double a = 2 * M_PI * pos / p - M_PI / 2, x = cx + R * cos(a), y = cy + R * sin(a);
    strbuf_addf(s, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#333\"/>\n", x, y, rad,
                state_colour(pic->node_state[i]));
    strbuf_addf(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"9\">%d</text>\n",
                cx + (R + rad + 8) * cos(a), cy + (R + rad + 8) * sin(a) + 3, pos + 1);
  }
}

int grid_svg_write(const char *path, const grid *g, const grid_ring_picture *pic, gn_error *err) {
  strbuf s = STRBUF_INIT;
  int shown = pic->n_clusters < SVG_MAX_CLUSTERS ? pic->n_clusters : SVG_MAX_CLUSTERS;
  int rows = (shown + SVG_COLS - 1) / SVG_COLS;
  double width = 480 + SVG_COLS * CELL, height = fmax(560, 90 + rows * CELL);
  strbuf_addf(&s,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\">\n",
              width, height);
  strbuf_addf(&s,
              "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" "
              "markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0 L10 5 L0 10 z\" fill=\"#7b1fa2\"/></marker></defs>\n");
  strbuf_addf(&s, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
  cluster_ring(&s, g, pic);
  strbuf_addf(&s,
              "<text x=\"%.1f\" y=\"30\" text-anchor=\"middle\" font-size=\"15\">node rings in cluster-ring order"
              "</text>\n<text x=\"%.1f\" y=\"50\" text-anchor=\"middle\" font-size=\"11\">size = CP, label = o, "
              "arcs = a node's block copied on its m = %d successors, crossed = off the ring</text>\n",
              480 + SVG_COLS * CELL / 2, 480 + SVG_COLS * CELL / 2, pic->m);
  for (int pos = 0; pos < shown; pos++)
    node_ring(&s, g, pic, pic->cluster_order[pos], pos + 1, 480 + (pos % SVG_COLS) * CELL,
              60 + (pos / SVG_COLS) * CELL);
  double ly = height - 20;
  /* The supervisor's node states (the patent's names): "master" is every serving node, not a cluster's master
   * host, so the legend says so. */
  static const char *const legend[4] = {"serving (state master)", "tolerant", "backup", "failed"};
  static const int legend_x[4] = {490, 660, 750, 830};
  for (int st = 0; st < 4; st++) {
    strbuf_addf(&s, "<circle cx=\"%d\" cy=\"%.1f\" r=\"6\" fill=\"%s\"/>\n", legend_x[st], ly, state_colour(st));
    strbuf_addf(&s, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\">%s</text>\n", legend_x[st] + 10, ly + 4, legend[st]);
  }
  if (pic->n_clusters > shown)
    strbuf_addf(&s, "<text x=\"940\" y=\"%.1f\" font-size=\"11\">(%d more clusters not drawn)</text>\n", ly + 4,
                pic->n_clusters - shown);
  strbuf_addf(&s, "</svg>\n");
  int rc = s.oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory drawing the rings")
                 : gn_file_write_atomic(path, s.data, s.len, err);
  strbuf_free(&s);
  return rc;
}
