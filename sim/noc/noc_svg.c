/* noc_svg: SVG of the chip coloured by stage with flow arrows, and SVG timeline of the first items per core. */
#include "noc_svg.h"

#include "gn_file.h"
#include "strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELL 64   /* px per core */
#define MARGIN 40 /* px around the mesh */
#define MAX_ARROWS 12

/* Stage colours: golden-angle hues, so neighbouring stages differ clearly. */
static void stage_colour(int s, char *buf, size_t size) {
  snprintf(buf, size, "hsl(%d,65%%,72%%)", (int)fmod(s * 137.508, 360));
}

static int finish(strbuf *t, const char *path, gn_error *err) {
  int rc = t->oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory drawing %s", path)
                  : gn_file_write_atomic(path, t->data, t->len, err);
  strbuf_free(t);
  return rc;
}

static double cx(const noc_chip *chip, int core) { return MARGIN + (noc_core_x(chip, core) + 0.5) * CELL; }
static double cy(const noc_chip *chip, int core) { return MARGIN + 30 + (noc_core_y(chip, core) + 0.5) * CELL; }

static int flow_by_volume(const void *a, const void *b) {
  const noc_flow *x = a, *y = b;
  if (x->volume != y->volume)
    return x->volume < y->volume ? 1 : -1;
  return x->src_stage != y->src_stage ? x->src_stage - y->src_stage : x->dst_stage - y->dst_stage;
}

/* An arrow along the XY route (first along the row, then the column), shifted a little to the right of its
 * direction so the two directions of a link do not overlap. */
static void draw_flow(strbuf *t, const noc_chip *chip, int a, int b, double width, double volume, int label) {
  double x0 = cx(chip, a), y0 = cy(chip, a), x1 = cx(chip, b), y1 = cy(chip, b);
  double off = 6;
  double sy = x1 > x0 ? off : -off, sx = y1 > y0 ? -off : off;
  if (x1 == x0)
    sy = 0;
  if (y1 == y0)
    sx = 0;
  /* Stop short of the destination's centre so the arrowhead stays visible; a flow along one row has no corner. */
  double ex = x1 + sx, ey = y1 + sy;
  if (y1 != y0)
    ey -= y1 > y0 ? 14 : -14;
  else
    ex -= x1 > x0 ? 14 : -14;
  strbuf_addf(t, "<polyline points=\"%.1f,%.1f ", x0 + sx, y0 + sy);
  if (y1 != y0 && x1 != x0)
    strbuf_addf(t, "%.1f,%.1f ", x1 + sx, y0 + sy);
  strbuf_addf(t,
                  "%.1f,%.1f\" fill=\"none\" stroke=\"#222\" stroke-opacity=\"0.75\" stroke-width=\"%.1f\" "
                  "marker-end=\"url(#arrow)\"/>\n",
                  ex, ey, width);
  if (label)
    strbuf_addf(t,
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#000\" stroke=\"white\" "
                    "stroke-width=\"2\" paint-order=\"stroke\">%.4g</text>\n",
                    x1 != x0 ? (x0 + x1) / 2 : x1 + sx + 3, x1 != x0 ? y0 + sy - 4 : (y0 + y1) / 2, volume);
}

/* One mapping epoch's panel, drawn at the origin (the caller translates it): cores in their stage's colour,
 * broken cores dark, cores failed by the end of this epoch crossed in red, the heaviest flows that carry data.
 * Returns how many flows carry data (0: the graph has no volumes), or -1 when out of memory. */
static int chip_panel(strbuf *t, const noc_chip *chip, const taskgraph *g, const noc_pipeline_report *rep, int e,
                      int *n_flows_out, int *shown_out) {
  const noc_plan *plan = &rep->epochs[e].plan;
  double until = e + 1 < rep->n_epochs ? rep->epochs[e + 1].t_start : INFINITY;
  int n = noc_core_count(chip);
  int *stage_of = malloc((size_t)n * sizeof *stage_of), *logical = malloc((size_t)n * sizeof *logical);
  noc_flow *flows = malloc((size_t)(plan->n_flows + 1) * sizeof *flows);
  if (!stage_of || !logical || !flows) {
    free(stage_of);
    free(logical);
    free(flows);
    return -1;
  }
  for (int c = 0; c < n; c++)
    stage_of[c] = -1;
  for (int s = 0; s < plan->n_stages; s++)
    stage_of[plan->stage_core[s]] = s;
  int k = noc_logical_cores(chip, NULL, logical);
  if (rep->n_epochs > 1)
    strbuf_addf(t, "<text x=\"%d\" y=\"%d\" font-size=\"13\">mapping %d: from t = %.6g</text>\n", MARGIN,
                MARGIN + 18, e + 1, rep->epochs[e].t_start);
  for (int i = 0; i < k; i++) {
    int c = logical[i], s = stage_of[c];
    char fill[32] = "white";
    if (s >= 0)
      stage_colour(s, fill, sizeof fill);
    double x = MARGIN + noc_core_x(chip, c) * CELL, y = MARGIN + 30 + noc_core_y(chip, c) * CELL;
    strbuf_addf(t, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#888\"/>\n", x + 2,
                y + 2, CELL - 4, CELL - 4, fill);
    if (s >= 0)
      strbuf_addf(t, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" font-weight=\"bold\">S%d</text>\n", x + 6,
                  y + 18, s + 1);
    strbuf_addf(t, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"9\" fill=\"#333\">P%d (%d,%d)</text>\n", x + 6,
                y + CELL - 8, i + 1, noc_core_x(chip, c), noc_core_y(chip, c));
  }
  for (int c = 0; c < n; c++) {
    int dead = chip->broken[c];
    for (int f = 0; f < rep->n_failures_seen; f++)
      dead |= 2 * (rep->failures[f].core == c && rep->failures[f].t_fail < until);
    if (!dead)
      continue;
    double x = MARGIN + noc_core_x(chip, c) * CELL, y = MARGIN + 30 + noc_core_y(chip, c) * CELL;
    if (dead & 1)
      strbuf_addf(t, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%d\" height=\"%d\" fill=\"#444\"/>\n", x + 2, y + 2,
                  CELL - 4, CELL - 4);
    strbuf_addf(t, "<path d=\"M%.0f,%.0f L%.0f,%.0f M%.0f,%.0f L%.0f,%.0f\" stroke=\"%s\" stroke-width=\"3\"/>\n",
                x + 8, y + 8, x + CELL - 8, y + CELL - 8, x + CELL - 8, y + 8, x + 8, y + CELL - 8,
                dead & 1 ? "#bbb" : "#d00");
  }
  int n_flows = plan->n_flows;
  memcpy(flows, plan->flows, (size_t)n_flows * sizeof *flows);
  qsort(flows, (size_t)n_flows, sizeof *flows, flow_by_volume);
  /* A flow that carries nothing is no arrow: a graph without edge volumes draws none, and says so. */
  int carrying = 0;
  while (carrying < n_flows && flows[carrying].volume > 0)
    carrying++;
  int shown = carrying < MAX_ARROWS ? carrying : MAX_ARROWS;
  for (int i = 0; i < shown; i++)
    draw_flow(t, chip, plan->stage_core[flows[i].src_stage], plan->stage_core[flows[i].dst_stage],
              1 + 3 * (flows[0].volume > 0 ? flows[i].volume / flows[0].volume : 1), flows[i].volume, i < 6);
  *n_flows_out = n_flows;
  *shown_out = shown;
  free(stage_of);
  free(logical);
  free(flows);
  return carrying;
}

int noc_svg_chip_write(const char *path, const noc_chip *chip, const taskgraph *g, const noc_pipeline_report *rep,
                       gn_error *err) {
  const noc_plan *plan = &rep->epochs[0].plan;
  strbuf t = STRBUF_INIT;
  int panel_w = 2 * MARGIN + chip->width * CELL, h = 2 * MARGIN + 30 + chip->height * CELL + 30;
  int w = panel_w * rep->n_epochs < 600 ? 600 : panel_w * rep->n_epochs;
  strbuf_addf(
      &t,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\">\n"
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" "
      "markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#222\"/></marker></defs>\n"
      "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
      "<text x=\"%d\" y=\"24\" font-size=\"14\">chip %s (%dx%d): %d stages of %d tasks; hops x volume %g</text>\n",
      w, h, MARGIN, chip->name, chip->width, chip->height, plan->n_stages, g->n_tasks, plan->hop_volume);
  /* One panel per mapping epoch: after a failure the re-mapped pipeline is shown beside the first. */
  int carrying = 0, n_flows = 0, shown = 0;
  for (int e = 0; e < rep->n_epochs; e++) {
    int nf = 0, sh = 0;
    strbuf_addf(&t, "<g transform=\"translate(%d,%d)\">\n", e * panel_w, rep->n_epochs > 1 ? 14 : 0);
    int c = chip_panel(&t, chip, g, rep, e, &nf, &sh);
    strbuf_add(&t, "</g>\n");
    if (c < 0)
      t.oom = 1;
    if (e == 0)
      carrying = c, n_flows = nf, shown = sh;
  }
  if (carrying)
    strbuf_addf(&t,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\">arrows: the %d heaviest of %d stage-to-stage flows "
                "on their XY routes (width, label: volume per item)</text>\n",
                MARGIN / 2, h - 26, shown, carrying);
  else
    strbuf_addf(&t,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\">no arrows: the %d stage-to-stage edges carry no data "
                "(the graph has no edge volumes)</text>\n",
                MARGIN / 2, h - 26, n_flows);
  strbuf_addf(&t,
              "<text x=\"%d\" y=\"%d\" font-size=\"11\">S = stage, P = logical core (x,y); dark = broken, "
              "red cross = failed during the run, white = unused</text>\n</svg>\n",
              MARGIN / 2, h - 10);
  return finish(&t, path, err);
}

#define ROW_H 16
#define LABEL_W 120
#define PANEL_W 860

typedef struct panel {
  int epoch;
  double t_lo, t_hi;
} panel;

/* Rows: cores in the order they first run a stage (epoch 0's stages first). */
static int timeline_rows(const noc_chip *chip, const noc_pipeline_report *rep, int *row_of, int *core_of) {
  int n = 0;
  for (int c = 0; c < noc_core_count(chip); c++)
    row_of[c] = -1;
  for (int e = 0; e < rep->n_epochs; e++)
    for (int s = 0; s < rep->epochs[e].plan.n_stages; s++) {
      int c = rep->epochs[e].plan.stage_core[s];
      if (row_of[c] < 0) {
        row_of[c] = n;
        core_of[n++] = c;
      }
    }
  return n;
}

/* Panel e spans from the failure that ended the previous epoch (or 0) to its last traced event. */
static int timeline_panels(const noc_pipeline_report *rep, panel *pn) {
  int n = 0;
  for (int e = 0; e < rep->n_epochs; e++) {
    double lo = INFINITY, hi = -INFINITY;
    for (long i = 0; i < rep->n_trace; i++)
      if (rep->trace[i].epoch == e) {
        lo = fmin(lo, rep->trace[i].t0);
        hi = fmax(hi, rep->trace[i].t1);
      }
    if (hi < lo)
      continue;
    lo = e == 0 ? 0 : fmin(lo, rep->epochs[e].t_start);
    for (int f = 0; f < rep->n_failures_seen && e > 0; f++)
      if (noc_plan_stage_of(&rep->epochs[e - 1].plan, rep->failures[f].core) >= 0 &&
          rep->failures[f].t_detect <= rep->epochs[e].t_start && rep->failures[f].t_fail >= rep->epochs[e - 1].t_start)
        lo = fmin(lo, rep->failures[f].t_fail);
    pn[n++] = (panel){e, lo, hi + (hi - lo) * 0.02};
  }
  return n;
}

static void draw_panel(strbuf *t, const noc_chip *chip, const noc_pipeline_report *rep, const panel *p, double y0,
                       int rows, const int *row_of, const int *core_of) {
  double scale = PANEL_W / (p->t_hi - p->t_lo);
#define X(tv) (LABEL_W + ((tv)-p->t_lo) * scale)
  strbuf_addf(t, "<text x=\"%d\" y=\"%.0f\" font-size=\"12\">epoch %d (mapping %d): %d stages, from t=%g</text>\n",
                  10, y0 - 6, p->epoch, p->epoch + 1, rep->epochs[p->epoch].plan.n_stages, p->t_lo);
  const noc_plan *plan = &rep->epochs[p->epoch].plan;
  for (int r = 0; r < rows; r++) {
    char name[32], stage[16] = "--";
    noc_core_name(chip, core_of[r], name, sizeof name);
    if (noc_plan_stage_of(plan, core_of[r]) >= 0)
      snprintf(stage, sizeof stage, "S%d", noc_plan_stage_of(plan, core_of[r]) + 1);
    strbuf_addf(t,
                    "<text x=\"4\" y=\"%.0f\" font-size=\"10\">%s %s</text>\n"
                    "<rect x=\"%d\" y=\"%.0f\" width=\"%d\" height=\"%d\" fill=\"#e6e6e6\"/>\n",
                    y0 + r * ROW_H + 11, stage, name, LABEL_W, y0 + r * ROW_H + 1, PANEL_W, ROW_H - 2);
  }
  for (long i = 0; i < rep->n_trace; i++) {
    const noc_trace_event *ev = &rep->trace[i];
    if (ev->epoch != p->epoch)
      continue;
    double x = X(ev->t0), w = (ev->t1 - ev->t0) * scale, y = y0 + row_of[ev->core] * ROW_H + 1;
    strbuf_addf(t,
                    "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" stroke=\"white\" "
                    "stroke-width=\"0.5\"/>\n",
                    x, y, w > 0.5 ? w : 0.5, ROW_H - 2, ev->kind == 'c' ? "#3b7dd8" : "#f29d38");
    if (ev->kind == 'c' && w > 16)
      strbuf_addf(t, "<text x=\"%.1f\" y=\"%.0f\" font-size=\"9\" fill=\"white\">%ld</text>\n", x + 2, y + 10,
                      ev->item + 1);
  }
  double bottom = y0 + rows * ROW_H;
  for (int f = 0; f < rep->n_failures_seen; f++) {
    const noc_failure_seen *fs = &rep->failures[f];
    if (fs->t_fail >= p->t_lo && fs->t_fail <= p->t_hi && row_of[fs->core] >= 0)
      strbuf_addf(t,
                      "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" fill=\"#d00\" fill-opacity=\"0.5\"/>"
                      "<text x=\"%.1f\" y=\"%.0f\" font-size=\"10\" fill=\"#d00\">failure</text>\n",
                      X(fs->t_fail), y0 + row_of[fs->core] * ROW_H + 1, LABEL_W + PANEL_W - X(fs->t_fail), ROW_H - 2,
                      X(fs->t_fail) + 2, y0 + row_of[fs->core] * ROW_H + 11);
    if (!isnan(fs->t_detect) && fs->t_detect >= p->t_lo && fs->t_detect <= p->t_hi)
      strbuf_addf(t,
                      "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#d00\" stroke-dasharray=\"4,3\"/>"
                      "<text x=\"%.1f\" y=\"%.0f\" font-size=\"10\" fill=\"#d00\">detected</text>\n",
                      X(fs->t_detect), y0, X(fs->t_detect), bottom, X(fs->t_detect) + 2, bottom + 11);
  }
  for (int i = 0; i <= 4; i++) {
    double tv = p->t_lo + (p->t_hi - p->t_lo) * i / 4;
    strbuf_addf(t,
                    "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#555\"/>"
                    "<text x=\"%.1f\" y=\"%.0f\" font-size=\"9\" text-anchor=\"middle\">%.4g</text>\n",
                    X(tv), bottom, X(tv), bottom + 4, X(tv), bottom + 24, tv);
  }
#undef X
}

int noc_svg_timeline_write(const char *path, const noc_chip *chip, const noc_pipeline_report *rep, gn_error *err) {
  int n = noc_core_count(chip);
  int *row_of = malloc((size_t)n * sizeof *row_of), *core_of = malloc((size_t)n * sizeof *core_of);
  panel *pn = malloc((size_t)(rep->n_epochs + 1) * sizeof *pn);
  if (!row_of || !core_of || !pn) {
    free(row_of);
    free(core_of);
    free(pn);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  int rows = timeline_rows(chip, rep, row_of, core_of), panels = timeline_panels(rep, pn);
  double panel_h = rows * ROW_H + 50;
  strbuf t = STRBUF_INIT;
  strbuf_addf(&t,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%.0f\" font-family=\"sans-serif\">\n"
                  "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
                  "<text x=\"10\" y=\"18\" font-size=\"13\">timeline of the first items of each mapping, per core "
                  "(time units; numbers = item)</text>\n",
                  LABEL_W + PANEL_W + 20, 50 + panels * panel_h);
  static const char *const legend[][2] = {
      {"#3b7dd8", "compute"}, {"#f29d38", "send (writes)"}, {"#e6e6e6", "idle"}, {"#d00", "failure / detection"}};
  for (int i = 0; i < 4; i++)
    strbuf_addf(&t,
                    "<rect x=\"%d\" y=\"26\" width=\"12\" height=\"10\" fill=\"%s\" stroke=\"#999\"/>"
                    "<text x=\"%d\" y=\"35\" font-size=\"11\">%s</text>\n",
                    LABEL_W + 150 * i, legend[i][0], LABEL_W + 150 * i + 16, legend[i][1]);
  for (int i = 0; i < panels; i++)
    draw_panel(&t, chip, rep, &pn[i], 60 + i * panel_h, rows, row_of, core_of);
  strbuf_addf(&t, "</svg>\n");
  free(row_of);
  free(core_of);
  free(pn);
  return finish(&t, path, err);
}
