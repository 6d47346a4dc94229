/* plot: gnuplot script generation (data inline, explicit colours, sizes and margins, no timestamps). */
#include "plot.h"

#include "metric_info.h"
#include "plot_labels.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Colour-blind-safe palette (Okabe-Ito), in series order; point and dash types tell coinciding lines apart. */
static const char *const colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
                                      "#F0E442"};
static const int points[] = {7, 5, 9, 11, 13, 15, 6, 4};
#define NSTYLE (sizeof colours / sizeof colours[0])

/* The figure's geometry in pixels: panels in a grid, a legend column on the right, a title band on top. */
typedef struct layout {
  size_t cols, rows;
  int panel_w, panel_h, legend_w, title_h, width, height;
  int left, right, top, bottom; /* margins inside a panel */
  int rotate;                   /* x tick labels rotated */
} layout;

typedef struct figure {
  const aggregate *a;
  const plot_spec *p;
  plot_values xs, facets, series;
  size_t fk, xk, sk;
  int bars, dots, numeric_x, kind; /* dots: points with intervals at categories (no bar from 0, no line) */
  double dodge;     /* x distance between neighbouring series' points (lines) */
  double ylo, yhi;  /* the shared y range */
  double xlo, xhi;  /* the x range */
  layout L;
} figure;

/* Distinct values of key column k, in first-appearance order. */
static int distinct(const aggregate *a, size_t k, plot_values *out) {
  out->v = calloc(a->ngroups + 1, sizeof *out->v);
  out->n = 0;
  if (!out->v)
    return -1;
  for (size_t g = 0; g < a->ngroups; g++) {
    size_t i = 0;
    while (i < out->n && strcmp(out->v[i], a->groups[g].keys[k]))
      i++;
    if (i == out->n)
      out->v[out->n++] = a->groups[g].keys[k];
  }
  return 0;
}

static size_t index_of(const plot_values *vs, const char *v) {
  for (size_t i = 0; i < vs->n; i++)
    if (strcmp(vs->v[i], v) == 0)
      return i;
  return 0;
}

static double group_lo(const aggregate_group *g) { return isnan(g->stats.lo) ? g->stats.mean : g->stats.lo; }
static double group_hi(const aggregate_group *g) { return isnan(g->stats.hi) ? g->stats.mean : g->stats.hi; }

/* The x position of group g's point or bar: its value or category, moved aside by its series. */
static double x_position(const figure *F, const aggregate_group *g) {
  size_t s = F->p->series ? index_of(&F->series, g->keys[F->sk]) : 0, ns = F->p->series ? F->series.n : 1;
  double shift = ((double)s - (double)(ns - 1) / 2) * (F->bars || F->dots ? 0.8 / (double)ns : F->dodge);
  double x = F->numeric_x ? strtod(g->keys[F->xk], NULL) : (double)index_of(&F->xs, g->keys[F->xk]);
  return x + shift;
}

/* Dodge: categories (bars, dots) spread their series over 0.8 of a slot, so no two error bars share one; a
 * numeric x is never moved (a point at 20 stages is drawn at 20), lines and markers tell the series apart. */
static void fit_x(figure *F) {
  double lo = 0, hi = (double)F->xs.n - 1, gap = 1;
  if (F->numeric_x) {
    lo = INFINITY, hi = -INFINITY, gap = INFINITY;
    for (size_t i = 0; i < F->xs.n; i++) {
      double x = strtod(F->xs.v[i], NULL);
      lo = fmin(lo, x);
      hi = fmax(hi, x);
      for (size_t j = 0; j < i; j++)
        if (x != strtod(F->xs.v[j], NULL))
          gap = fmin(gap, fabs(x - strtod(F->xs.v[j], NULL)));
    }
    if (!isfinite(gap))
      gap = hi > lo ? hi - lo : 1;
  }
  size_t ns = F->p->series ? F->series.n : 1;
  F->dodge = ns > 1 && !F->numeric_x ? fmin(0.06, 0.3 / (double)ns) * gap : 0;
  double spread = F->dodge * (double)(ns - 1) / 2;
  double pad = F->bars || F->dots ? 0.5 : F->numeric_x ? spread + 0.04 * (hi > lo ? hi - lo : 1) : 0.3;
  F->xlo = lo - pad;
  F->xhi = hi + pad;
}

/* The y range of panel `facet` (SIZE_MAX: of every panel): bars and counts from 0, shares and proportions
 * [0, 1], ratios keep 1 in view. */
static void fit_y(const figure *F, size_t facet, double *ylo, double *yhi) {
  double lo = INFINITY, hi = -INFINITY, least_mean = INFINITY;
  for (size_t g = 0; g < F->a->ngroups; g++) {
    const aggregate_group *grp = &F->a->groups[g];
    if (isnan(grp->stats.mean) || (facet != SIZE_MAX && strcmp(grp->keys[F->fk], F->facets.v[facet])))
      continue;
    least_mean = fmin(least_mean, grp->stats.mean);
    lo = fmin(lo, group_lo(grp));
    hi = fmax(hi, group_hi(grp));
  }
  if (!isfinite(lo))
    lo = 0, hi = 1;
  if (F->p->diagonal && F->numeric_x)
    hi = fmax(hi, F->xhi);
  if (F->kind == METRIC_RATIO || F->kind == METRIC_BOUND_RATIO)
    lo = fmin(lo, 1), hi = fmax(hi, 1);
  if (F->kind == METRIC_SHARE || F->kind == METRIC_BINARY) {
    *ylo = 0, *yhi = 1;
    return;
  }
  if (F->p->logy) {
    *ylo = lo > 0 ? lo / 1.3 : 1e-3, *yhi = hi > 0 ? hi * 1.3 : 1;
    return;
  }
  /* A bar's length is its message: bars of positive means start at 0 (an interval reaching below is cut). */
  if ((F->bars || F->kind == METRIC_COUNT) && least_mean >= 0)
    lo = 0;
  double pad = hi > lo ? 0.06 * (hi - lo) : fabs(hi) > 0 ? 0.05 * fabs(hi) : 1;
  *ylo = lo == 0 ? 0 : lo - pad;
  *yhi = hi + pad;
}

/* Characters of the longest y tick label of [lo, hi]: the step gnuplot's quantize_normal_tics picks (20 / the
 * range's mantissa tick positions, rounded to 0.05, 0.1, 0.2, 0.5, 1 or 2 of its power of ten); a log axis is
 * labelled by add_log_ticks at 1, 1.5, 2, 3, 5, 7 x 10^k at most. */
static int ytick_chars(double lo, double hi, int logy) {
  int longest = 1;
  char buf[64];
  if (!(hi > lo) || !isfinite(lo) || !isfinite(hi))
    return 4;
  if (logy && lo > 0) {
    for (int d = (int)floor(log10(lo)); d <= (int)ceil(log10(hi)); d++)
      for (int k = 0; k < 6; k++) {
        double v = (double[]){1, 1.5, 2, 3, 5, 7}[k] * pow(10, d);
        if (v >= lo && v <= hi)
          longest = (int)fmax(longest, snprintf(buf, sizeof buf, "%.6g", v));
      }
    return longest;
  }
  double power = pow(10, floor(log10(hi - lo))), posns = 20 / ((hi - lo) / power);
  double step = (posns > 40 ? 0.05 : posns > 20 ? 0.1 : posns > 10 ? 0.2 : posns > 4 ? 0.5 : posns > 2 ? 1
                 : posns > 0.5                                                         ? 2
                                                                                       : ceil((hi - lo) / power)) *
                power;
  for (double k = ceil(lo / step); k <= floor(hi / step) && k - ceil(lo / step) < 100; k++)
    longest = (int)fmax(longest, snprintf(buf, sizeof buf, "%.6g", k * step));
  return longest;
}

static void plan_layout(figure *F, const char (*ticks)[256]) {
  layout *L = &F->L;
  size_t nf = F->p->facet ? F->facets.n : 1, ns = F->p->series ? F->series.n : 1;
  size_t longest = 0;
  for (size_t i = 0; ticks && i < F->xs.n; i++)
    longest = strlen(ticks[i]) > longest ? strlen(ticks[i]) : longest;
  /* Many bars per panel (10 graphs x 5 mappers): one wide panel per row, 20 px or more per bar. */
  int wide = (F->bars || F->dots) && F->xs.n * ns > 24;
  L->cols = wide ? 1 : nf < 3 ? nf : 3;
  L->rows = (nf + L->cols - 1) / L->cols;
  L->panel_w = wide ? (int)fmin(1500, fmax(760, 20.0 * (double)(F->xs.n * ns) + 110)) : nf > 1 ? 430 : 640;
  L->panel_h = wide ? 300 : nf > 1 ? 330 : 420;
  int per_tick = (L->panel_w - 100) / (int)(F->xs.n ? F->xs.n : 1);
  L->rotate = !F->numeric_x && (int)longest * 8 > per_tick - 8;
  /* Room for the y tick labels and, left of them, the rotated y label (8 px per character at 12 pt). */
  int ychars = ytick_chars(F->ylo, F->yhi, F->p->logy);
  for (size_t f = 0; F->p->free_y && F->p->facet && f < nf; f++) {
    double lo, hi;
    fit_y(F, f, &lo, &hi);
    ychars = (int)fmax(ychars, ytick_chars(lo, hi, F->p->logy));
  }
  L->left = (int)fmax(86, 56 + 8 * ychars), L->right = 14, L->top = nf > 1 ? 40 : 12;
  L->bottom = L->rotate ? 56 + 5 * (int)fmin((double)longest, 24) : 64;
  L->panel_h += L->bottom - 56 + L->top - 12;
  L->legend_w = ns > 1 || F->p->diagonal || F->p->curve || (F->kind == METRIC_RATIO || F->kind == METRIC_BOUND_RATIO) ? 220 : 10;
  L->title_h = 40;
  /* The title on one line: panels widen until it fits (about 9.5 px per character at 13 pt). */
  int title_w = (int)(9.5 * (double)strlen(F->p->title ? F->p->title : F->p->y)) + 40;
  int panels_w = title_w - L->legend_w;
  if ((int)L->cols * L->panel_w < panels_w)
    L->panel_w = (panels_w + (int)L->cols - 1) / (int)L->cols;
  L->width = (int)L->cols * L->panel_w + L->legend_w;
  L->height = L->title_h + (int)L->rows * L->panel_h;
}

/* A log axis labelled at 1, 2, 5 of every decade in range (1, 1.5, 2, 3, 5, 7 when that gives fewer than four),
 * so a range within one decade still reads. */
static void add_log_ticks(strbuf *b, double lo, double hi) {
  static const double coarse[] = {1, 2, 5}, fine[] = {1, 1.5, 2, 3, 5, 7};
  strbuf_add(b, "set logscale y\n");
  if (!(lo > 0 && hi > lo))
    return;
  for (int pass = 0; pass < 2; pass++) {
    const double *m = pass ? fine : coarse;
    size_t nm = pass ? 6 : 3, count = 0;
    strbuf tics = STRBUF_INIT;
    for (int d = (int)floor(log10(lo)); d <= (int)ceil(log10(hi)); d++)
      for (size_t k = 0; k < nm; k++) {
        double v = m[k] * pow(10, d);
        if (v >= lo && v <= hi)
          strbuf_addf(&tics, "%s%.6g", count++ ? ", " : "", v);
      }
    if (count >= 4 || pass == 1)
      strbuf_addf(b, "set ytics (%s)\nset mytics 10\n", strbuf_str(&tics));
    strbuf_free(&tics);
    if (count >= 4)
      return;
  }
}

static void add_header(strbuf *b, const figure *F) {
  const plot_spec *p = F->p;
  const layout *L = &F->L;
  strbuf_addf(b, "# gridnoc report: %s of %s by %s", p->type, p->y, p->x);
  if (p->series)
    strbuf_addf(b, ", one %s per %s", F->bars ? "bar" : F->dots ? "point" : "line", p->series);
  if (p->facet)
    strbuf_addf(b, ", one panel per %s", p->facet);
  /* PDF: the same proportions at 96 px per inch (fonts in points, 0.75 of a pixel size); cairo embeds the
   * font subsets. */
  strbuf_addf(b,
              "\n# Run: gnuplot -e \"fmt='svg'; out='fig.svg'\" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)\n"
              "if (!exists(\"fmt\")) fmt = \"svg\"\n"
              "if (fmt eq \"svg\") set terminal svg size %d,%d font \"DejaVu Sans,12\" noenhanced "
              "background rgb \"white\"\n"
              "if (fmt eq \"png\") set terminal pngcairo size %d,%d font \"DejaVu Sans,11\" noenhanced "
              "background rgb \"white\"\n"
              "if (fmt eq \"pdf\") set terminal pdfcairo size %.4gin,%.4gin font \"DejaVu Sans,8.5\" noenhanced "
              "background rgb \"white\"\n"
              "if (exists(\"out\")) set output out\n",
              L->width, L->height, L->width, L->height, L->width / 96.0, L->height / 96.0);
  strbuf_add(b, "set border 3\nset tics nomirror out\nset grid ytics lc rgb \"#e0e0e0\"\nunset key\n");
  if (p->logy)
    add_log_ticks(b, F->ylo, F->yhi);
  strbuf_addf(b, "set yrange [%.6g:%.6g]\nset xrange [%.6g:%.6g]\n", F->ylo, F->yhi, F->xlo, F->xhi);
  char label[512];
  if (p->xlabel)
    snprintf(label, sizeof label, "%s", p->xlabel);
  else
    metric_axis_label(p->metrics, p->x, 0, label, sizeof label);
  strbuf_add(b, "set xlabel ");
  plot_add_string(b, label);
  if (p->ylabel)
    snprintf(label, sizeof label, "%s", p->ylabel);
  else
    metric_axis_label(p->metrics, p->y, 1, label, sizeof label);
  strbuf_add(b, "\nset ylabel ");
  plot_add_string(b, label);
  strbuf_add(b, "\n");
  if (F->kind == METRIC_SHARE || F->kind == METRIC_BINARY)
    strbuf_add(b, "set ytics 0.2\n");
}

static void add_ticks(strbuf *b, const figure *F, const char (*labels)[256]) {
  if (F->numeric_x)
    return;
  strbuf_add(b, "set xtics (");
  for (size_t i = 0; i < F->xs.n; i++) {
    plot_add_string(b, labels[i]);
    strbuf_addf(b, " %zu%s", i, i + 1 < F->xs.n ? ", " : "");
  }
  strbuf_add(b, ")\n");
  if (F->L.rotate)
    strbuf_add(b, "set xtics rotate by -40\n");
}

/* One data block per (facet, series): "x centre lo hi" lines (lo = hi = centre where undefined). */
static void add_data(strbuf *b, const figure *F, size_t f, size_t s) {
  strbuf_addf(b, "$d_%zu_%zu << EOD\n", f, s);
  for (size_t g = 0; g < F->a->ngroups; g++) {
    const aggregate_group *grp = &F->a->groups[g];
    if (F->p->facet && strcmp(grp->keys[F->fk], F->facets.v[f]))
      continue;
    if (F->p->series && strcmp(grp->keys[F->sk], F->series.v[s]))
      continue;
    if (isnan(grp->stats.mean))
      continue;
    strbuf_addf(b, "%.6g %.10g %.10g %.10g\n", x_position(F, grp), grp->stats.mean, group_lo(grp), group_hi(grp));
  }
  strbuf_add(b, "EOD\n");
}

/* Panel f's margins, as fractions of the canvas (gnuplot's "at screen"). */
static void add_margins(strbuf *b, const figure *F, size_t f) {
  const layout *L = &F->L;
  size_t col = f % L->cols, row = f / L->cols;
  double x0 = (double)col * L->panel_w, y0 = L->title_h + (double)row * L->panel_h;
  strbuf_addf(b, "set lmargin at screen %.4f\nset rmargin at screen %.4f\n", (x0 + L->left) / L->width,
              (x0 + L->panel_w - L->right) / L->width);
  strbuf_addf(b, "set tmargin at screen %.4f\nset bmargin at screen %.4f\n", 1 - (y0 + L->top) / L->height,
              1 - (y0 + L->panel_h - L->bottom) / L->height);
}

static void series_label(const figure *F, size_t s, char *buf, size_t size) {
  if (!F->p->series)
    snprintf(buf, size, "%s", F->p->y);
  else
    plot_readable_value(F->series.v[s], buf, size);
}

/* The legend of the first panel, in the column right of the panels: the series column names its title. */
static void add_key(strbuf *b, const figure *F) {
  const layout *L = &F->L;
  if (L->legend_w < 100)
    return;
  char title[256] = "";
  if (F->p->series)
    metric_axis_label(F->p->metrics, F->p->series, 0, title, sizeof title);
  strbuf_addf(b, "set key at screen %.4f, %.4f left top vertical Left reverse samplen 2.5 spacing 1.2 box "
                 "lc rgb \"#999999\" title ",
              (L->width - L->legend_w + 12.0) / L->width, 1 - (L->title_h + L->top + 0.0) / L->height);
  plot_add_string(b, title);
  strbuf_add(b, "\n");
}

static void add_panel(strbuf *b, const figure *F, size_t f) {
  const plot_spec *p = F->p;
  size_t ns = p->series ? F->series.n : 1;
  add_margins(b, F, f);
  if (p->facet) {
    char t[600], v[256], col[256];
    metric_axis_label(p->metrics, p->facet, 0, col, sizeof col);
    plot_readable_value(F->facets.v[f], v, sizeof v);
    snprintf(t, sizeof t, "%s = %s", col, v);
    strbuf_add(b, "set title ");
    plot_add_string(b, t);
    strbuf_add(b, "\n");
  }
  if (p->free_y && p->facet) {
    double lo, hi;
    fit_y(F, f, &lo, &hi);
    strbuf_addf(b, "set yrange [%.6g:%.6g]\n", lo, hi);
  }
  if (f == 0)
    add_key(b, F);
  else if (f == 1)
    strbuf_add(b, "unset key\n");
  strbuf_add(b, "plot ");
  for (size_t s = 0; s < ns; s++) {
    const char *c = colours[s % NSTYLE];
    char label[512];
    series_label(F, s, label, sizeof label);
    if (F->dots) {
      strbuf_addf(b, "%s$d_%zu_%zu using 1:2:3:4 with yerrorbars lw 1.5 pt %d ps 1.1 lc rgb \"%s\" title ",
                  s ? ", " : "", f, s, points[s % NSTYLE], c);
      plot_add_string(b, label);
    } else if (F->bars) {
      strbuf_addf(b, "%s$d_%zu_%zu using 1:2 with boxes lc rgb \"%s\" title ", s ? ", " : "", f, s, c);
      plot_add_string(b, label);
      /* Plain vectors: gnuplot's yerrorbars punch a white hole at the mean. */
      strbuf_addf(b, ", $d_%zu_%zu using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb \"#222222\" notitle",
                  f, s);
    } else {
      /* Solid interval bars whatever the line's dash type, so a dotted series keeps readable bars. */
      strbuf_addf(b, "%s$d_%zu_%zu using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt %d ps 0.9 lc rgb \"%s\" notitle",
                  s ? ", " : "", f, s, points[s % NSTYLE], c);
      strbuf_addf(b, ", $d_%zu_%zu using 1:2 with linespoints lw 2 dt %zu pt %d ps 0.9 lc rgb \"%s\" title ", f, s,
                  s % 5 + 1, points[s % NSTYLE], c);
      plot_add_string(b, label);
    }
  }
  if (p->diagonal && F->numeric_x)
    strbuf_add(b, ", x with lines dt 2 lw 1.5 lc rgb \"#555555\" title \"y = x (bound)\"");
  if (p->curve && F->numeric_x) {
    strbuf_addf(b, ", %s with lines dt 2 lw 1.5 lc rgb \"#555555\" title ", p->curve);
    plot_add_string(b, p->curve_title ? p->curve_title : p->curve);
  }
  if (F->kind == METRIC_RATIO || F->kind == METRIC_BOUND_RATIO)
    strbuf_add(b, ", 1 with lines dt 3 lw 1.5 lc rgb \"#777777\" title \"ratio 1\"");
  strbuf_add(b, "\n");
}

int plot_script(const aggregate *a, const plot_spec *p, strbuf *b, gn_error *err) {
  figure F = {.a = a, .p = p, .fk = 0, .xk = p->facet ? 1 : 0};
  F.sk = F.xk + 1;
  if (a->nkeys != (p->facet ? 1u : 0u) + 1 + (p->series ? 1u : 0u))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "plot of '%s': grouped by %zu columns, expected facet, x, series",
                        p->y, a->nkeys);
  int rc = distinct(a, F.xk, &F.xs);
  if (!rc && p->facet)
    rc = distinct(a, F.fk, &F.facets);
  if (!rc && p->series)
    rc = distinct(a, F.sk, &F.series);
  char (*ticks)[256] = rc ? NULL : calloc(F.xs.n + 1, sizeof *ticks);
  if (!rc && ticks) {
    size_t nf = p->facet ? F.facets.n : 1, ns = p->series ? F.series.n : 1;
    F.bars = strcmp(p->type, "bars") == 0;
    F.dots = strcmp(p->type, "dots") == 0;
    F.numeric_x = !F.bars && !F.dots && plot_all_numeric(&F.xs);
    F.kind = (int)metric_kind_of(p->metrics, p->y);
    plot_short_labels(&F.xs, ticks);
    fit_x(&F);
    fit_y(&F, SIZE_MAX, &F.ylo, &F.yhi);
    plan_layout(&F, F.numeric_x ? NULL : (const char(*)[256])ticks);
    add_header(b, &F);
    for (size_t f = 0; f < nf; f++)
      for (size_t s = 0; s < ns; s++)
        add_data(b, &F, f, s);
    add_ticks(b, &F, (const char(*)[256])ticks);
    if (F.bars)
      strbuf_addf(b, "set boxwidth %.6g absolute\nset style fill solid 0.85 border lc rgb \"#333333\"\n",
                  0.8 / (double)ns);
    strbuf_add(b, "set multiplot title ");
    plot_add_string(b, p->title ? p->title : p->y);
    strbuf_add(b, " font \",13\"\n");
    for (size_t f = 0; f < nf; f++)
      add_panel(b, &F, f);
    strbuf_add(b, "unset multiplot\n");
  }
  free(ticks);
  free(F.xs.v);
  free(F.facets.v);
  free(F.series.v);
  if (rc || !ticks || b->oom)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  return GN_OK;
}
