/* scenario_pictures: the `pictures` section: which runs `gridnoc report` simulates again to draw the chip map,
 * the pipeline timeline (kind pipeline) or the ring picture (kind grid). */
#include "scenario_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const picture_keys[] = {"name", "run", "draw", NULL};

int scenario_picture_draws(const scenario_picture *p, int drawing) {
  return drawing == DRAW_CHIP ? p->chip : drawing == DRAW_TIMELINE ? p->timeline : drawing == DRAW_RING && p->ring;
}

void scenario_picture_stem(const char *base, int drawing, char *out, size_t size) {
  static const char *const names[SCENARIO_DRAWINGS] = {"chip", "timeline", "ring"};
  snprintf(out, size, "%s-%s", base, names[drawing]);
}

/* A picture's file stems that are also a plot's name (plot NAME writes NAME.svg, .png, ...) or another
 * picture's: `q-chip` as a plot and `q` drawing its chip would write the same q-chip.svg. */
static int check_files(const scenario *sc, size_t i, const config_setting_t *g, gn_error *err) {
  const scenario_picture *p = &sc->pictures[i];
  for (int d = 0; d < SCENARIO_DRAWINGS; d++) {
    char stem[512];
    if (!scenario_picture_draws(p, d))
      continue;
    scenario_picture_stem(p->name, d, stem, sizeof stem);
    for (size_t j = 0; j < sc->nplots; j++)
      if (strcmp(sc->plots[j].name, stem) == 0)
        return scenario_bad(err, sc, g, "picture '%s' writes %s.svg and %s.png, as plot '%s' (line %d) does: "
                            "rename one", p->name, stem, stem, stem, sc->plots[j].line);
    for (size_t j = 0; j < i; j++)
      for (int e = 0; e < SCENARIO_DRAWINGS; e++) {
        char other[512];
        scenario_picture_stem(sc->pictures[j].name, e, other, sizeof other);
        if (scenario_picture_draws(&sc->pictures[j], e) && strcmp(other, stem) == 0)
          return scenario_bad(err, sc, g, "picture '%s' writes %s.svg, as picture '%s' (line %d) does: rename one",
                              p->name, stem, sc->pictures[j].name, sc->pictures[j].line);
      }
  }
  return GN_OK;
}

/* draw = ["chip", "timeline"]: what this kind can draw; absent = all of it. */
static int parse_draw(scenario *sc, const config_setting_t *s, scenario_picture *p, gn_error *err) {
  int pipeline = strcmp(sc->kind->name, "pipeline") == 0, grid = strcmp(sc->kind->name, "grid") == 0;
  if (!s) {
    p->chip = p->timeline = pipeline;
    p->ring = grid;
    return GN_OK;
  }
  char **values;
  size_t n;
  int rc = scenario_values(sc, s, &values, &n, err);
  if (rc)
    return rc;
  for (size_t i = 0; i < n && !rc; i++) {
    int *slot = strcmp(values[i], "chip") == 0 ? &p->chip : strcmp(values[i], "timeline") == 0 ? &p->timeline
                : strcmp(values[i], "ring") == 0 ? &p->ring : NULL;
    if (!slot)
      rc = scenario_bad(err, sc, s, "picture: '%s' is not chip, timeline or ring", values[i]);
    else if (slot == &p->ring ? !grid : !pipeline)
      rc = scenario_bad(err, sc, s, "picture: kind '%s' has no %s picture (chip and timeline: kind pipeline; "
                        "ring: kind grid)", sc->kind->name, values[i]);
    else
      *slot = 1;
  }
  scenario_free_strings(values, n);
  return rc;
}

static int parse_picture(scenario *sc, const config_setting_t *g, scenario_picture *p, gn_error *err) {
  if (config_setting_type(g) != CONFIG_TYPE_GROUP)
    return scenario_bad(err, sc, g, "each picture is a group: { name = ...; run = ...; draw = [...]; }");
  p->line = config_setting_source_line(g);
  int rc = scenario_check_keys(err, sc, g, "picture key", picture_keys);
  if (rc)
    return rc;
  const char *name;
  if (!config_setting_lookup_string(g, "name", &name) || !name[0])
    return scenario_bad(err, sc, g, "picture: 'name' (a non-empty string) is required");
  if (strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != strlen(name))
    return scenario_bad(err, sc, g, "picture: name '%s' may only hold letters, digits, '_' and '-' (it names "
                        "files)", name);
  if (!(p->name = strdup(name)))
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  const config_setting_t *run = config_setting_get_member(g, "run");
  int type = run ? config_setting_type(run) : CONFIG_TYPE_NONE;
  long long index = type == CONFIG_TYPE_INT || type == CONFIG_TYPE_INT64 ? config_setting_get_int64(run) : -1;
  size_t count = scenario_run_count(sc);
  if (index < 0 || (unsigned long long)index >= count)
    return scenario_bad(err, sc, run ? run : g, "picture: 'run' must be a run index in 0..%zu (gridnoc run %s "
                        "--list shows them)", count ? count - 1 : 0, sc->path);
  p->run = (size_t)index;
  if (strcmp(sc->kind->name, "map") == 0)
    return scenario_bad(err, sc, g, "picture: kind 'map' simulates nothing to draw (chip and timeline: kind "
                        "pipeline; ring: kind grid)");
  return parse_draw(sc, config_setting_get_member(g, "draw"), p, err);
}

int scenario_parse_pictures(scenario *sc, const config_setting_t *pictures, gn_error *err) {
  if (config_setting_type(pictures) != CONFIG_TYPE_LIST)
    return scenario_bad(err, sc, pictures, "'pictures' must be a list of groups: pictures = ( { ... }, { ... } );");
  int n = config_setting_length(pictures);
  sc->pictures = calloc((size_t)n + 1, sizeof *sc->pictures);
  if (!sc->pictures)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < n; i++) {
    const config_setting_t *g = config_setting_get_elem(pictures, (unsigned)i);
    sc->npictures++;
    int rc = parse_picture(sc, g, &sc->pictures[i], err);
    if (rc)
      return rc;
    for (int j = 0; j < i; j++)
      if (strcmp(sc->pictures[j].name, sc->pictures[i].name) == 0)
        return scenario_bad(err, sc, g, "picture name '%s' is used twice", sc->pictures[i].name);
    for (size_t j = 0; j < sc->nplots; j++)
      if (strcmp(sc->plots[j].name, sc->pictures[i].name) == 0)
        return scenario_bad(err, sc, g, "picture name '%s' is also a plot's", sc->pictures[i].name);
    if ((rc = check_files(sc, (size_t)i, g, err)))
      return rc;
  }
  return GN_OK;
}
