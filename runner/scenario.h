/* scenario: a scenario file (libconfig) parsed into sweep axes, and the expansion of run index -> parameters
 * + seed. The format reference is scenarios/README.md. Parsing needs the experiment registry (to check
 * parameters against a kind); expansion itself is pure arithmetic on the parsed axes. */
#ifndef SCENARIO_H
#define SCENARIO_H

#include "experiment.h"
#include "gn_error.h"
#include "gn_kv.h"

#include <stddef.h>
#include <stdint.h>

/* Ceilings, each refused with exit 2 when the scenario is read, before anything is expanded or run. */
#define SCENARIO_FILE_MAX ((size_t)1 << 20)   /* bytes of a scenario file */
#define SCENARIO_RUNS_MAX 1000000LL           /* runs of one scenario: combinations x repeat */
#define SCENARIO_GRAPHS_MAX 100000LL          /* graphs of the `graphs` section (files + generated) */
/* Largest whole number a scenario may hold (larger literals are refused as written: scenario_numbers.c). */
#define SCENARIO_INT_MAX ((long long)INT64_MAX)

/* One parameter as written: a fixed value is an axis of length 1. */
typedef struct scenario_axis {
  char *key;
  char **values; /* canonical text: integers as written, floats "%.10g", booleans true/false */
  size_t nvalues;
  int dim;       /* the sweep dimension it belongs to (lock-step axes share one) */
  int line;      /* line of its setting, for messages */
} scenario_axis;

/* One figure/table of the `plots` section (see scenarios/README.md). */
typedef struct scenario_plot {
  char *name, *type, *x, *y, *series, *facet, *title, *xlabel, *ylabel;
  char *curve, *curve_title; /* a reference curve y = f(x) (e.g. "298/x", the ideal W / N) and its legend entry */
  char *paired; /* the column naming each experimental unit (e.g. "graph"): series compared unit by unit */
  char **where; /* "column=value" filters: only matching rows are drawn */
  size_t nwhere;
  int logy;
  int diagonal; /* draw y = x (e.g. the linear-speedup bound) */
  int free_y;   /* each panel its own y range (default: one range shared by every panel) */
  int line;
} scenario_plot;

/* One entry of the `pictures` section: a run simulated again by `gridnoc report` and drawn. */
typedef struct scenario_picture {
  char *name;
  size_t run;               /* the run's index */
  int chip, timeline, ring; /* chip map and pipeline timeline (kind pipeline), ring picture (kind grid) */
  int line;
} scenario_picture;

/* A picture's drawings, in the order `gridnoc report` draws them. Drawing d of a picture writes STEM.svg and
 * STEM.png, STEM = scenario_picture_stem(DIR/NAME, d): the one naming rule of the report (cli/report_pictures.c)
 * and of the load-time check that no two outputs of a scenario (a plot writes DIR/NAME.*) share a file. */
enum { DRAW_CHIP, DRAW_TIMELINE, DRAW_RING, SCENARIO_DRAWINGS };
int scenario_picture_draws(const scenario_picture *p, int drawing);
void scenario_picture_stem(const char *base, int drawing, char *out, size_t size);

typedef struct scenario {
  char *path;    /* as given */
  char *dir;     /* directory of the file (graph file patterns are relative to it) */
  const experiment_kind *kind;
  char *output;  /* result CSV */
  char *figures; /* directory for report tables and figures */
  char *reference; /* the committed reference CSV (`reference`, relative to the file's directory), or NULL:
                    * compared with `report --against`, written only when asked (`run --reference`) */
  char *graph_note; /* which graph sources were used (files or generated), for the user */
  uint64_t seed;
  long repeat;
  scenario_axis *axes; /* in file order; the graph axis (from `graphs`) first */
  size_t naxes;
  size_t ndims;        /* sweep dimensions (an axis alone, or a lock-step group) */
  size_t *dim_len;     /* values per dimension */
  char **seed_ignores; /* parameters left out of the seed label */
  size_t nseed_ignores;
  scenario_plot *plots;
  size_t nplots;
  scenario_picture *pictures;
  size_t npictures;
  char *sbatch;        /* the `slurm` group as sbatch options ("--time=... --mem=..."), or NULL */
  char **simgrid_cfg;  /* the `simgrid_cfg` list: SimGrid "KEY:VALUE" settings for every run */
  size_t nsimgrid_cfg;
} scenario;

/* One expanded run. params holds every parameter of the kind, in the kind's order, defaults filled. */
typedef struct scenario_run {
  size_t index;
  long rep;
  uint64_t seed;
  gn_kvlist params;
} scenario_run;

/* Parse text as the scenario file `path` (used for messages and the directory of relative patterns),
 * looking kinds up in the NULL-terminated table `kinds` (experiment_kinds in the product; tests pass their
 * own). Errors are GN_EINPUT "path:line: what is wrong (did you mean 'x'?)". */
int scenario_parse(const char *text, const char *path, const experiment_kind *const *kinds, scenario *sc,
                   gn_error *err);
/* Read and parse a file with the product's registry. */
int scenario_load(const char *path, scenario *sc, gn_error *err);

/* Number of runs: product of the dimension lengths times repeat (at most SCENARIO_RUNS_MAX once loaded). */
size_t scenario_run_count(const scenario *sc);

/* Expand run `index` (< scenario_run_count). The last dimension varies fastest, repetitions fastest of all.
 * seed = gn_seed_derive(sc->seed, scenario_seed_label(...)). */
int scenario_run_at(const scenario *sc, size_t index, scenario_run *run, gn_error *err);
/* The canonical label the run's seed is derived from: the scenario's own parameters (not defaults), sorted by
 * key, minus seed_ignores, as "k=v;k=v;...;rep=R". Caller frees. */
char *scenario_seed_label(const scenario *sc, const size_t *value_index, long rep);

void scenario_run_free(scenario_run *run);
void scenario_free(scenario *sc);

#endif
