/* graph_source: turn one spec string (an STG/SDF3 path with ?options, or gen:key=val,...) into a graph. */
#include "graph_source.h"

#include "gn_file.h"
#include "gn_num.h"
#include "graph_sniff.h"
#include "sdf3.h"
#include "stg.h"
#include "taskgraph_gen.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { SOURCE_STG, SOURCE_SDF3 } source_format;

static int has_suffix(const char *s, const char *suffix) {
  size_t ls = strlen(s), lx = strlen(suffix);
  return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/* The format a file's name tells (1), or 0 when only its content can: standard input ("-") is read once, as STG. */
static int format_by_name(const char *path, source_format *fmt) {
  if (has_suffix(path, ".stg") || strcmp(path, "-") == 0)
    *fmt = SOURCE_STG;
  else if (has_suffix(path, ".xml") || has_suffix(path, ".sdf3") || has_suffix(path, ".sdf"))
    *fmt = SOURCE_SDF3;
  else
    return 0;
  return 1;
}

/* By extension; otherwise by the first non-blank byte ('<' = XML). */
static int detect_format(const char *path, source_format *fmt, gn_error *err) {
  if (format_by_name(path, fmt))
    return GN_OK;
  char *text;
  size_t len;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  size_t i = strspn(text, " \t\r\n");
  *fmt = i < len && text[i] == '<' ? SOURCE_SDF3 : SOURCE_STG;
  free(text);
  return GN_OK;
}

static int parse_option_number(const char *path, const char *key, const char *value, double *out, gn_error *err) {
  double v;
  if (gn_num_real(value, 0, DBL_MAX, &v) != GN_NUM_OK)
    return gn_error_set(err, GN_EINPUT, path, 0, "option %s='%s' is not a finite non-negative number", key, value);
  *out = v;
  return GN_OK;
}

static int set_option(const char *path, source_format fmt, const char *key, const char *value, stg_options *stg,
                      sdf3_options *sdf3, gn_error *err) {
  if (fmt == SOURCE_STG && strcmp(key, "layout") == 0) {
    if (strcmp(value, "plain") == 0)
      stg->layout = STG_LAYOUT_PLAIN;
    else if (strcmp(value, "comm") == 0)
      stg->layout = STG_LAYOUT_COMM;
    else
      return gn_error_set(err, GN_EINPUT, path, 0, "option layout='%s': expected plain or comm", value);
    return GN_OK;
  }
  if (fmt == SOURCE_STG && strcmp(key, "volume") == 0)
    return parse_option_number(path, key, value, &stg->volume, err);
  if (fmt == SOURCE_SDF3 && strcmp(key, "token_bytes") == 0)
    return parse_option_number(path, key, value, &sdf3->token_bytes, err);
  return gn_error_set(err, GN_EINPUT, path, 0, "unknown option '%s' for %s (known: %s)", key,
                      fmt == SOURCE_STG ? "an STG file" : "an SDF3 file",
                      fmt == SOURCE_STG ? "layout, volume" : "token_bytes");
}

/* "path?k=v&k=v": options is the part after '?' (modified in place). */
static int apply_options(const char *path, source_format fmt, char *options, stg_options *stg, sdf3_options *sdf3,
                         gn_error *err) {
  /* A key given twice would let the last one win unnoticed. */
  for (char *a = options; a && *a; a = strchr(a, '&') ? strchr(a, '&') + 1 : NULL)
    for (char *b = strchr(a, '&'); b; b = strchr(b + 1, '&')) {
      size_t ka = strcspn(a, "=&"), kb = strcspn(b + 1, "=&");
      if (ka && ka == kb && strncmp(a, b + 1, ka) == 0) /* an empty item is said below: not key=value */
        return gn_error_set(err, GN_EINPUT, path, 0, "option '%.*s' is given twice", (int)ka, a);
    }
  for (char *item = options; item && *item;) {
    char *next = strchr(item, '&');
    if (next)
      *next++ = '\0';
    char *eq = strchr(item, '=');
    if (!eq || eq == item)
      return gn_error_set(err, GN_EINPUT, path, 0, "option '%s' is not key=value", item);
    *eq = '\0';
    if (set_option(path, fmt, item, eq + 1, stg, sdf3, err))
      return GN_EINPUT;
    item = next;
  }
  if (fmt == SOURCE_STG && stg->layout == STG_LAYOUT_COMM && stg->volume != 0)
    return gn_error_set(err, GN_EINPUT, path, 0, "option volume applies to layout=plain only (comm has costs)");
  return GN_OK;
}

/* If the file is recognisably not a task graph (text, a scenario, a CSV, binary), say so: GN_EINPUT. */
static int sniff_not_a_graph(const char *path, gn_error *err) {
  gn_error not_a_file;
  FILE *f = gn_file_open_input(path, 0, &not_a_file); /* a FIFO is never opened: the reader's message stands */
  if (!f)
    return GN_OK;
  char head[4097];
  size_t n = fread(head, 1, sizeof head - 1, f);
  fclose(f);
  head[n] = '\0'; /* graph_sniff reads it as a string too */
  const char *what = graph_sniff(head, n);
  return what ? gn_error_set(err, GN_EINPUT, path, 0, "this looks like %s", what) : GN_OK;
}

/* A reader refused the file: if it is recognisably something else, say that instead. */
static void explain_not_a_graph(const char *path, gn_error *err) {
  sniff_not_a_graph(path, err);
}

/* A leading ${VAR} taken from the environment: scenarios name files under a data folder that way (the
 * result CSVs then hold no machine's path, and seeds do not depend on where the folder is). */
static char *expand_leading_var(const char *spec, gn_error *err) {
  const char *close = strncmp(spec, "${", 2) == 0 ? strchr(spec, '}') : NULL;
  char name[128] = "";
  const char *value = "", *rest = spec;
  if (close && (size_t)(close - spec - 2) < sizeof name) {
    memcpy(name, spec + 2, (size_t)(close - spec - 2));
    name[close - spec - 2] = '\0';
    value = getenv(name);
    if (!value || !value[0]) {
      gn_error_set(err, GN_EINPUT, NULL, 0, "%s: environment variable %s is not set", spec, name);
      return NULL;
    }
    rest = close + 1;
  }
  size_t len = strlen(value) + strlen(rest);
  char *path = malloc(len + 1);
  if (!path) {
    gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    return NULL;
  }
  snprintf(path, len + 1, "%s%s", value, rest);
  return path;
}

/* "[${VAR}]path?k=v&..." as a malloc'ed path (NULL with err set), *options pointing after its '?' (or NULL), and
 * the readers' options at their defaults. */
static char *split_spec(const char *spec, char **options, stg_options *stg, sdf3_options *sdf3, gn_error *err) {
  char *path = expand_leading_var(spec, err);
  *options = path ? strchr(path, '?') : NULL;
  if (*options)
    *(*options)++ = '\0';
  stg_options_default(stg);
  sdf3_options_default(sdf3);
  return path;
}

/* "gen:k=v,...": parse, then check only (out NULL) or generate. */
static int generated(const char *spec, taskgraph **out, gn_error *err) {
  taskgraph_gen_params p;
  int rc = taskgraph_gen_parse(spec + 4, &p, err);
  if (rc)
    return rc;
  return out ? taskgraph_gen_generate(&p, out, err) : taskgraph_gen_check(&p, err);
}

int graph_source_check(const char *spec, gn_error *err) {
  if (strncmp(spec, "gen:", 4) == 0)
    return generated(spec, NULL, err);
  char *options;
  stg_options stg;
  sdf3_options sdf3;
  char *path = split_spec(spec, &options, &stg, &sdf3, err);
  if (!path)
    return err ? err->code : GN_EINPUT;
  int rc = !path[0] ? gn_error_set(err, GN_EINPUT, NULL, 0, "empty graph name")
         : strcmp(path, "-") == 0 ? GN_OK
                                  : gn_file_check_input(path, 0, err);
  if (rc == GN_OK && strcmp(path, "-") != 0)
    rc = sniff_not_a_graph(path, err); /* /etc/passwd or the scenario itself is refused before any run */
  /* The options are checked when the name tells the format (a sniffed file's are checked when it loads). */
  source_format fmt;
  if (rc == GN_OK && format_by_name(path, &fmt) && strcmp(path, "-"))
    rc = apply_options(path, fmt, options, &stg, &sdf3, err);
  free(path);
  return rc;
}

int graph_source_load(const char *spec, taskgraph **out, gn_error *err) {
  *out = NULL;
  if (strncmp(spec, "gen:", 4) == 0)
    return generated(spec, out, err);
  char *options;
  stg_options stg;
  sdf3_options sdf3;
  char *path = split_spec(spec, &options, &stg, &sdf3, err);
  if (!path)
    return err ? err->code : GN_EINPUT;
  source_format fmt = SOURCE_STG;
  int rc = path[0] ? detect_format(path, &fmt, err) : gn_error_set(err, GN_EINPUT, NULL, 0, "empty graph name");
  if (rc == GN_OK)
    rc = apply_options(path, fmt, options, &stg, &sdf3, err);
  if (rc == GN_OK)
    rc = fmt == SOURCE_STG ? stg_read_file(path, &stg, out, err) : sdf3_read_file(path, &sdf3, out, err);
  if (rc == GN_EINPUT && strcmp(path, "-"))
    explain_not_a_graph(path, err);
  free(path);
  return rc;
}
