/* scenario_graphs: the `graphs` section -> one axis of graph-source strings (files by glob, generated specs). */
#include "scenario_priv.h"

#include "strbuf.h"

#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const graph_keys[] = {"param", "files", "generate", "prefer_files", NULL};

typedef struct strlist {
  char **v;
  size_t n;
  int oom;
} strlist;

static void strlist_push(strlist *l, const char *s) {
  char **v = realloc(l->v, (l->n + 1) * sizeof *v);
  char *copy = strdup(s);
  if (!v || !copy) {
    if (v)
      l->v = v;
    free(copy);
    l->oom = 1;
    return;
  }
  l->v = v;
  l->v[l->n++] = copy;
}

/* The name of the variable at p ("$NAME" or "${NAME}") into name; returns the end of the name (before any '}'). */
static const char *var_name(const char *p, char *name, size_t size) {
  const char *start = p + 1 + (p[1] == '{'), *end = start;
  while (*end == '_' || (*end >= 'A' && *end <= 'Z') || (*end >= 'a' && *end <= 'z') || (*end >= '0' && *end <= '9'))
    end++;
  size_t n = (size_t)(end - start) < size ? (size_t)(end - start) : size - 1;
  memcpy(name, start, n);
  name[n] = '\0';
  return end;
}

/* ${VAR} / $VAR expanded from the environment. Returns 0 with *out set, or 1 when a variable is unset or
 * empty (the pattern then names no file: that is how a scenario offers "real files if you have them"). */
static int expand_env(const char *pattern, char **out) {
  strbuf b = STRBUF_INIT;
  strbuf_add(&b, "");
  for (const char *p = pattern; *p;) {
    if (*p != '$') {
      strbuf_addn(&b, p++, 1);
      continue;
    }
    char name[128];
    const char *end = var_name(p, name, sizeof name);
    int braced = p[1] == '{';
    const char *value = getenv(name);
    if (!value || !value[0]) {
      strbuf_free(&b);
      return 1;
    }
    strbuf_add(&b, value);
    p = end + (braced && *end == '}');
  }
  *out = b.data;
  return 0;
}

/* A match of a pattern that starts with ${VAR} or $VAR is named with ${VAR} again (graph_source_load expands
 * it): the CSV's graph column and the run's seed then do not depend on where the data folder is. */
static void push_match(strlist *out, const char *pattern, const char *match) {
  if (pattern[0] == '$') {
    char name[128];
    var_name(pattern, name, sizeof name);
    const char *value = getenv(name);
    size_t len = value ? strlen(value) : 0;
    if (len > 0 && strncmp(match, value, len) == 0) {
      strbuf b = STRBUF_INIT;
      strbuf_addf(&b, "${%s}%s", name, match + len);
      strlist_push(out, strbuf_str(&b));
      strbuf_free(&b);
      return;
    }
  }
  strlist_push(out, match);
}

/* Why a `files` list matched nothing, said as such: its variable unset, relative, or naming a folder without the
 * one the pattern needs (a data set laid out differently), else plainly no match. */
static int files_match_nothing(const scenario *sc, const config_setting_t *files, gn_error *err) {
  const config_setting_t *e = config_setting_type(files) == CONFIG_TYPE_STRING ? files
                                                                                 : config_setting_get_elem(files, 0);
  const char *pattern = e ? config_setting_get_string(e) : NULL;
  const char *dollar = pattern ? strchr(pattern, '$') : NULL;
  if (!dollar)
    return scenario_bad(err, sc, files, "graphs: 'files' matches no file");
  char name[128];
  var_name(dollar, name, sizeof name);
  const char *value = getenv(name);
  if (!value || !value[0])
    return scenario_bad(err, sc, files, "graphs: 'files' (%s) needs %s, which is not set: %s=/abs/path gridnoc "
                        "run ... (an absolute path)", pattern, name, name);
  if (value[0] != '/')
    return scenario_bad(err, sc, files, "graphs: %s='%s' is a relative path: give it as an absolute path "
                        "(%s=$PWD/%s)", name, value, name, value);
  char *expanded;
  if (expand_env(pattern, &expanded))
    return scenario_bad(err, sc, files, "graphs: 'files' matches no file");
  char *slash = strrchr(expanded, '/');
  if (slash && slash != expanded)
    *slash = '\0';
  int rc = access(expanded, F_OK) != 0
               ? scenario_bad(err, sc, files, "graphs: %s=%s has no folder %s (the scenario reads %s)", name, value,
                              expanded + strlen(value) + (expanded[strlen(value)] == '/'), pattern)
               : scenario_bad(err, sc, files, "graphs: 'files' matches no file (%s in %s)", pattern, expanded);
  free(expanded);
  return rc;
}

/* Where a pattern's reader options start ("rand*.stg?volume=1" -> "volume=1"), or NULL. '?' is also glob's
 * one-character wildcard, so only a '?' followed by key= with no '/' after it starts options: "rand000?.stg"
 * stays a glob. Each match gets the options back ("rand0002.stg?volume=1"), which graph_source reads. */
static const char *pattern_options(const char *pattern) {
  for (const char *q = strchr(pattern, '?'); q; q = strchr(q + 1, '?')) {
    size_t key = strspn(q + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");
    if (key > 0 && q[1 + key] == '=' && !strchr(q, '/'))
      return q;
  }
  return NULL;
}

static int add_files(scenario *sc, const config_setting_t *files, strlist *out, gn_error *err) {
  int n = config_setting_type(files) == CONFIG_TYPE_STRING ? 1 : config_setting_length(files);
  if (config_setting_type(files) != CONFIG_TYPE_STRING && config_setting_type(files) != CONFIG_TYPE_ARRAY)
    return scenario_bad(err, sc, files, "'files' must be a path pattern or a list of them");
  for (int i = 0; i < n; i++) {
    const config_setting_t *e = n == 1 && config_setting_type(files) == CONFIG_TYPE_STRING
                                    ? files
                                    : config_setting_get_elem(files, (unsigned)i);
    const char *pattern = config_setting_get_string(e);
    if (!pattern)
      return scenario_bad(err, sc, e, "'files' lists path patterns (strings)");
    const char *options = pattern_options(pattern);
    strbuf glob_part = STRBUF_INIT;
    strbuf_addn(&glob_part, pattern, options ? (size_t)(options - pattern) : strlen(pattern));
    char *expanded;
    if (expand_env(strbuf_str(&glob_part), &expanded)) {
      strbuf_free(&glob_part);
      continue;
    }
    strbuf full = STRBUF_INIT;
    if (expanded[0] != '/' && strcmp(sc->dir, ".") != 0)
      strbuf_addf(&full, "%s/", sc->dir);
    strbuf_add(&full, expanded);
    free(expanded);
    glob_t g;
    int grc = glob(strbuf_str(&full), 0, NULL, &g);
    for (size_t k = 0; grc == 0 && k < g.gl_pathc; k++) {
      strbuf match = STRBUF_INIT;
      strbuf_addf(&match, "%s%s", g.gl_pathv[k], options ? options : "");
      if (match.oom)
        out->oom = 1;
      else
        push_match(out, strbuf_str(&glob_part), strbuf_str(&match));
      strbuf_free(&match);
    }
    strbuf_free(&glob_part);
    if (grc == 0 || grc == GLOB_NOMATCH)
      globfree(&g);
    strbuf_free(&full);
    if (grc == GLOB_NOSPACE || out->oom)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    if (out->n > (size_t)SCENARIO_GRAPHS_MAX)
      return scenario_bad(err, sc, e, "'files' matches more than %lld graphs, the limit", SCENARIO_GRAPHS_MAX);
  }
  return GN_OK;
}

/* One `generate` group: the cartesian product of its list values (first key outermost), then `count` graphs
 * with seeds seed, seed+1, ... Each becomes "gen:k=v,...,seed=S" (mapper/graph_source.h). */
static int add_generated(scenario *sc, const config_setting_t *gen, strlist *out, gn_error *err) {
  if (config_setting_type(gen) != CONFIG_TYPE_GROUP)
    return scenario_bad(err, sc, gen, "'generate' must be a group or a list of groups");
  long long count = 1, seed = 1;
  int nkeys = config_setting_length(gen);
  char ***vals = calloc((size_t)nkeys + 1, sizeof *vals);
  size_t *nvals = calloc((size_t)nkeys + 1, sizeof *nvals);
  const char **keys = calloc((size_t)nkeys + 1, sizeof *keys);
  int rc = vals && nvals && keys ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int have_method = 0, have_tasks = 0, nk = 0;
  for (int i = 0; i < nkeys && !rc; i++) {
    const config_setting_t *s = config_setting_get_elem(gen, (unsigned)i);
    const char *name = config_setting_name(s);
    if (strcmp(name, "count") == 0 || strcmp(name, "seed") == 0) {
      int t = config_setting_type(s);
      long long v = config_setting_get_int64(s);
      long long max = name[0] == 'c' ? SCENARIO_GRAPHS_MAX : SCENARIO_INT_MAX;
      if ((t != CONFIG_TYPE_INT && t != CONFIG_TYPE_INT64) || v < (name[0] == 'c' ? 1 : 0) || v > max)
        rc = scenario_bad(err, sc, s, "generate: '%s' must be a whole number in %d..%lld", name, name[0] == 'c',
                          max);
      *(name[0] == 'c' ? &count : &seed) = v;
      continue;
    }
    have_method |= strcmp(name, "method") == 0;
    have_tasks |= strcmp(name, "tasks") == 0;
    keys[nk] = name;
    rc = scenario_values(sc, s, &vals[nk], &nvals[nk], err);
    nk++;
  }
  if (!rc && (!have_method || !have_tasks))
    rc = scenario_bad(err, sc, gen, "generate: 'method' and 'tasks' are required (e.g. method = \"sameprob\"; "
                      "tasks = 300;)");
  size_t combos = 1, total = 0;
  for (int i = 0; i < nk && !rc; i++)
    if (__builtin_mul_overflow(combos, nvals[i], &combos))
      combos = SIZE_MAX;
  if (!rc && (__builtin_mul_overflow(combos, (size_t)count, &total) ||
              total > (size_t)SCENARIO_GRAPHS_MAX - out->n))
    rc = scenario_bad(err, sc, gen, "generate: more than %lld graphs (value combinations x count), the limit",
                      SCENARIO_GRAPHS_MAX);
  /* Graph k gets seed + k: the last one must still be a valid seed. */
  if (!rc && seed > SCENARIO_INT_MAX - (count - 1))
    rc = scenario_bad(err, sc, gen, "generate: seed %lld + count %lld passes the largest seed %lld", seed, count,
                      SCENARIO_INT_MAX);
  for (size_t c = 0; c < combos && !rc; c++)
    for (long long k = 0; k < count && !rc; k++) {
      strbuf b = STRBUF_INIT;
      strbuf_add(&b, "gen:");
      size_t rest = c, stride = combos;
      for (int i = 0; i < nk; i++) {
        stride /= nvals[i];
        strbuf_addf(&b, "%s=%s,", keys[i], vals[i][rest / stride]);
        rest %= stride;
      }
      strbuf_addf(&b, "seed=%lld", seed + k);
      if (b.oom)
        rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
      else
        strlist_push(out, strbuf_str(&b));
      strbuf_free(&b);
      if (out->oom)
        rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    }
  for (int i = 0; vals && i < nk; i++)
    scenario_free_strings(vals[i], nvals[i]);
  free(vals);
  free(nvals);
  free(keys);
  return rc;
}

int scenario_parse_graphs(scenario *sc, const config_setting_t *graphs, gn_error *err) {
  if (config_setting_type(graphs) != CONFIG_TYPE_GROUP)
    return scenario_bad(err, sc, graphs, "'graphs' must be a group: graphs = { files = [...]; generate = {...}; }");
  if (scenario_check_keys(err, sc, graphs, "key in 'graphs'", graph_keys))
    return err->code;
  const char *param = "graph";
  const config_setting_t *p = config_setting_get_member(graphs, "param");
  if (p && !(param = config_setting_get_string(p)))
    return scenario_bad(err, sc, p, "graphs: 'param' must be a parameter name (string)");
  int prefer_files = 0;
  const config_setting_t *pf = config_setting_get_member(graphs, "prefer_files");
  if (pf) {
    if (config_setting_type(pf) != CONFIG_TYPE_BOOL)
      return scenario_bad(err, sc, pf, "graphs: 'prefer_files' must be true or false");
    prefer_files = config_setting_get_bool(pf);
  }
  strlist list = {0};
  int rc = GN_OK;
  const config_setting_t *files = config_setting_get_member(graphs, "files");
  const config_setting_t *gen = config_setting_get_member(graphs, "generate");
  if (files)
    rc = add_files(sc, files, &list, err);
  size_t nfiles = list.n;
  if (!rc && files && nfiles == 0 && !(prefer_files && gen))
    rc = files_match_nothing(sc, files, err);
  int use_gen = gen && !(prefer_files && nfiles > 0);
  if (!rc && use_gen) {
    if (config_setting_type(gen) == CONFIG_TYPE_LIST)
      for (int i = 0; i < config_setting_length(gen) && !rc; i++)
        rc = add_generated(sc, config_setting_get_elem(gen, (unsigned)i), &list, err);
    else
      rc = add_generated(sc, gen, &list, err);
  }
  if (!rc && list.n == 0)
    rc = scenario_bad(err, sc, graphs, "graphs: no graph given (use 'files' and/or 'generate')");
  if (rc) {
    scenario_free_strings(list.v, list.n);
    return rc;
  }
  char note[256];
  snprintf(note, sizeof note, "%zu graph file(s), %zu generated graph(s)", nfiles, list.n - nfiles);
  sc->graph_note = strdup(note);
  if (!sc->graph_note) {
    scenario_free_strings(list.v, list.n);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  return scenario_add_axis(sc, param, list.v, list.n, config_setting_source_line(graphs), err);
}
