/* plot: gnuplot script generation (data inline, explicit colours and sizes, no timestamps). */
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Colour-blind-safe palette (Okabe-Ito), in series order. */
static const char *const colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442",
                                      "#000000"};

typedef struct values {
  const char **v;
  size_t n;
} values;

/* Distinct values of key column k, in first-appearance order. */
static int distinct(const aggregate *a, size_t k, values *out) {
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

static size_t index_of(const values *vs, const char *v) {
  for (size_t i = 0; i < vs->n; i++)
    if (strcmp(vs->v[i], v) == 0)
      return i;
  return 0;
}

/* A gnuplot double-quoted string. */
static void add_string(strbuf *b, const char *s) {
  strbuf_add(b, "\"");
  for (const char *p = s; *p; p++)
    strbuf_add(b, *p == '"' ? "\\\"" : *p == '\\' ? "\\\\" : (char[]){*p, '\0'});
  strbuf_add(b, "\"");
}

/* The fields of a tick label: a path's file name, or a generated graph's values without their keys
 * ("gen:method=sameprob,tasks=300" -> "sameprob", "300"). */
static size_t label_fields(const char *v, char fields[][64], size_t max) {
  const char *slash = strrchr(v, '/');
  if (strncmp(v, "gen:", 4) != 0) {
    snprintf(fields[0], 64, "%s", slash ? slash + 1 : v);
    return 1;
  }
  size_t n = 0;
  for (const char *p = v + 4; *p && n < max;) {
    const char *eq = strchr(p, '='), *comma = strchr(p, ',');
    if (eq && (!comma || eq < comma))
      p = eq + 1;
    size_t len = strcspn(p, ",");
    snprintf(fields[n++], 64, "%.*s", (int)len, p);
    p += len + (p[len] == ',');
  }
  return n;
}

/* Short x tick labels: the label fields that differ between ticks, joined by ","; the tables keep the
 * full text. */
static void short_labels(const values *xs, char (*out)[256]) {
  enum { MAXF = 16 };
  char (*f)[MAXF][64] = calloc(xs->n + 1, sizeof *f);
  size_t *nf = calloc(xs->n + 1, sizeof *nf);
  for (size_t i = 0; f && nf && i < xs->n; i++)
    nf[i] = label_fields(xs->v[i], f[i], MAXF);
  for (size_t i = 0; i < xs->n; i++) {
    out[i][0] = '\0';
    if (!f || !nf) {
      snprintf(out[i], 256, "%s", xs->v[i]);
      continue;
    }
    size_t used = 0;
    for (size_t k = 0; k < nf[i]; k++) {
      int common = xs->n > 1;
      for (size_t j = 0; j < xs->n && common; j++)
        common = nf[j] == nf[i] && strcmp(f[j][k], f[i][k]) == 0;
      if (!common)
        used += (size_t)snprintf(out[i] + used, used < 256 ? 256 - used : 0, "%s%s", used ? "," : "", f[i][k]);
    }
    if (!out[i][0])
      snprintf(out[i], 256, "%s", f[i][0]);
  }
  free(f);
  free(nf);
}

static int all_numeric(const values *vs) {
  for (size_t i = 0; i < vs->n; i++) {
    char *end;
    strtod(vs->v[i], &end);
    if (end == vs->v[i] || *end)
      return 0;
  }
  return 1;
}

static void add_number(strbuf *b, double v) { strbuf_addf(b, isnan(v) ? " 0" : " %.10g", v); }

/* One data block per (facet, series): "x mean ci" lines, x either the value or its category position. */
static void add_data(strbuf *b, const aggregate *a, const plot_spec *p, const values *xs, size_t fk, size_t f,
                     const values *facets, size_t sk, size_t s, const values *series, int numeric_x, double offset) {
  size_t xk = p->facet ? 1 : 0;
  strbuf_addf(b, "$d_%zu_%zu << EOD\n", f, s);
  for (size_t g = 0; g < a->ngroups; g++) {
    const aggregate_group *grp = &a->groups[g];
    if (p->facet && strcmp(grp->keys[fk], facets->v[f]))
      continue;
    if (p->series && strcmp(grp->keys[sk], series->v[s]))
      continue;
    if (numeric_x)
      strbuf_add(b, grp->keys[xk]);
    else
      strbuf_addf(b, "%.6g", (double)index_of(xs, grp->keys[xk]) + offset);
    add_number(b, grp->stats.mean);
    add_number(b, grp->stats.ci95);
    strbuf_add(b, "\n");
  }
  strbuf_add(b, "EOD\n");
}

/* Panels in rows of at most three, each about 400 x 330 pixels. */
static void add_header(strbuf *b, const plot_spec *p, size_t nfacets, int bars) {
  size_t cols = nfacets < 3 ? nfacets : 3, rows = (nfacets + 2) / 3;
  int width = nfacets > 1 ? 420 * (int)cols + 60 : 760, height = nfacets > 1 ? 360 * (int)rows + 40 : 460;
  strbuf_addf(b, "# gridnoc report: %s of %s by %s", p->type, p->y, p->x);
  if (p->series)
    strbuf_addf(b, ", one %s per %s", bars ? "bar" : "line", p->series);
  if (p->facet)
    strbuf_addf(b, ", one panel per %s", p->facet);
  strbuf_addf(b, "\n# Run: gnuplot -e \"fmt='svg'; out='fig.svg'\" THIS_FILE (fmt 'png' for PNG)\n"
                 "if (!exists(\"fmt\")) fmt = \"svg\"\n"
                 "if (fmt eq \"svg\") set terminal svg size %d,%d font \"DejaVu Sans,12\" noenhanced "
                 "background rgb \"white\"; "
                 "else set terminal pngcairo size %d,%d font \"DejaVu Sans,11\" noenhanced background rgb \"white\"\n"
                 "if (exists(\"out\")) set output out\n",
              width, height, width, height);
  strbuf_add(b, "set border 3\nset tics nomirror\nset grid ytics lc rgb \"#dddddd\"\nset key below horizontal\n"
                "set offsets 0.5, 0.5, 0, 0\n");
  /* Bars start at zero (their length is the message); lines zoom on the differences. */
  if (bars && !p->logy)
    strbuf_add(b, "set yrange [0:*]\n");
  if (p->logy)
    strbuf_add(b, "set logscale y\n");
  strbuf_add(b, "set xlabel ");
  add_string(b, p->xlabel ? p->xlabel : p->x);
  strbuf_add(b, "\nset ylabel ");
  char ylabel[512];
  snprintf(ylabel, sizeof ylabel, "%s (mean, 95%% CI)", p->y);
  add_string(b, p->ylabel ? p->ylabel : ylabel);
  strbuf_add(b, "\n");
}

int plot_script(const aggregate *a, const plot_spec *p, strbuf *b, gn_error *err) {
  size_t fk = 0, xk = p->facet ? 1 : 0, sk = xk + 1;
  if (a->nkeys != (p->facet ? 1u : 0u) + 1 + (p->series ? 1u : 0u))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "plot of '%s': grouped by %zu columns, expected facet, x, series",
                        p->y, a->nkeys);
  values xs = {0}, facets = {0}, series = {0};
  int rc = distinct(a, xk, &xs);
  if (!rc && p->facet)
    rc = distinct(a, fk, &facets);
  if (!rc && p->series)
    rc = distinct(a, sk, &series);
  size_t nf = p->facet ? facets.n : 1, ns = p->series ? series.n : 1;
  int bars = strcmp(p->type, "bars") == 0, numeric_x = !bars && all_numeric(&xs);
  double width = 0.8 / (double)ns;
  int series_numeric = p->series && all_numeric(&series);
  if (!rc) {
    add_header(b, p, nf, bars);
    for (size_t f = 0; f < nf; f++)
      for (size_t s = 0; s < ns; s++)
        add_data(b, a, p, &xs, fk, f, &facets, sk, s, &series, numeric_x,
                 bars ? ((double)s - (double)(ns - 1) / 2) * width : 0);
    if (!numeric_x) {
      size_t longest = 0;
      char (*labels)[256] = calloc(xs.n + 1, sizeof *labels);
      if (!labels) {
        rc = -1;
      } else {
        short_labels(&xs, labels);
        strbuf_add(b, "set xtics (");
        for (size_t i = 0; i < xs.n; i++) {
          longest = strlen(labels[i]) > longest ? strlen(labels[i]) : longest;
          add_string(b, labels[i]);
          strbuf_addf(b, " %zu%s", i, i + 1 < xs.n ? ", " : "");
        }
        strbuf_add(b, ")\n");
        if (longest > 8)
          strbuf_add(b, "set xtics rotate by -45\n");
      }
      free(labels);
    }
    if (bars)
      strbuf_addf(b, "set boxwidth %.6g absolute\nset style fill solid 0.85 border lc rgb \"#333333\"\n", width);
    if (nf > 1) {
      strbuf_addf(b, "set multiplot layout %zu,%zu title ", (nf + 2) / 3, nf < 3 ? nf : 3);
      add_string(b, p->title ? p->title : p->y);
      strbuf_add(b, "\n");
    } else {
      strbuf_add(b, "set title ");
      add_string(b, p->title ? p->title : p->y);
      strbuf_add(b, "\n");
    }
    for (size_t f = 0; f < nf; f++) {
      if (nf > 1) {
        char t[512];
        snprintf(t, sizeof t, "%s = %s", p->facet, facets.v[f]);
        strbuf_add(b, "set title ");
        add_string(b, t);
        strbuf_add(b, "\n");
      }
      strbuf_add(b, "plot ");
      for (size_t s = 0; s < ns; s++) {
        const char *c = colours[s % (sizeof colours / sizeof colours[0])];
        /* A bare number says nothing in a legend: "tasks = 300" does. */
        char label[512];
        if (!p->series)
          snprintf(label, sizeof label, "%s", p->y);
        else if (series_numeric)
          snprintf(label, sizeof label, "%s = %s", p->series, series.v[s]);
        else
          snprintf(label, sizeof label, "%s", series.v[s]);
        if (bars) {
          strbuf_addf(b, "%s$d_%zu_%zu using 1:2 with boxes lc rgb \"%s\" title ", s ? ", " : "", f, s, c);
          add_string(b, label);
          /* Plain vectors: gnuplot's yerrorbars punch a white hole at the mean. */
          strbuf_addf(b, ", $d_%zu_%zu using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb \"#222222\" notitle", f,
                      s);
        } else {
          strbuf_addf(b, "%s$d_%zu_%zu using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb \"%s\" title ",
                      s ? ", " : "", f, s, c);
          add_string(b, label);
        }
      }
      if (p->diagonal && numeric_x)
        strbuf_add(b, ", x with lines dt 2 lw 1.5 lc rgb \"#555555\" title \"y = x\"");
      strbuf_add(b, "\n");
    }
    if (nf > 1)
      strbuf_add(b, "unset multiplot\n");
  }
  free(xs.v);
  free(facets.v);
  free(series.v);
  if (rc || b->oom)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  return GN_OK;
}
