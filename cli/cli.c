/* cli: shared command-line helpers: error reporting, strict number parsing, "did you mean". */
#include "cli.h"

#include "commands.h"
#include "csvtab.h"
#include "experiment_param.h"
#include "gn_file.h"
#include "gn_num.h"
#include "strbuf.h"

#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_report(const gn_error *err) {
  /* One "gridnoc" per message: some messages already name the command ("gridnoc grid: parameter ..."). */
  const char *msg = err->msg[0] ? err->msg : "failed";
  fprintf(stderr, "%s%s\n", gn_error_skip_prefix(msg) == msg ? "gridnoc: " : "", msg);
  return gn_exit_status(err->code ? err->code : GN_EFAIL);
}

void cli_note(const char *fmt, ...) {
  char msg[GN_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  gn_error_sanitise(msg);
  fprintf(stderr, "gridnoc: %s\n", msg);
}

int cli_usage_error(const char *cmd, const char *fmt, ...) {
  char msg[GN_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  gn_error_sanitise(msg); /* the message quotes what the user typed: keep it one line */
  fprintf(stderr, "gridnoc %s: %s\n", cmd, msg);
  return 2;
}

int cli_unknown_option_error(const char *cmd, const char *opt, const char *const *known, gn_error *err) {
  int n = 0;
  while (known[n])
    n++;
  const char *close = gn_closest(opt, known, n);
  if (close)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "gridnoc %s: unknown option '%s' (did you mean '%s'?)", cmd, opt,
                        close);
  return gn_error_set(err, GN_EINPUT, NULL, 0, "gridnoc %s: unknown option '%s' (see gridnoc %s --help)", cmd, opt,
                      cmd);
}

int cli_unknown_option(const char *cmd, const char *opt, const char *const *known) {
  gn_error err = {0};
  cli_unknown_option_error(cmd, opt, known, &err);
  return cli_report(&err);
}

/* Values that are themselves option lists for another program: never split. */
static int takes_raw_value(const char *opt) { return strcmp(opt, "--sbatch") == 0; }

/* Kept reachable until exit for leak checkers: not static, since a static that is never read lets the compiler
 * drop the store (valgrind and LeakSanitizer then saw the array as lost on every error exit). */
char **cli_split_argv;

int cli_split_option_values(int *argc, char ***argv) {
  int extra = 0;
  for (int i = 1; i < *argc; i++)
    extra += strncmp((*argv)[i], "--", 2) == 0 && strchr((*argv)[i], '=') != NULL;
  if (!extra)
    return 0;
  char **out = cli_split_argv = calloc((size_t)(*argc + extra + 1), sizeof *out);
  if (!out)
    return -1;
  int n = 0;
  for (int i = 0; i < *argc; i++) {
    char *a = (*argv)[i], *eq = strchr(a, '=');
    int is_value = i > 1 && takes_raw_value((*argv)[i - 1]);
    if (i == 0 || is_value || strncmp(a, "--", 2) || !eq || eq == a + 2) {
      out[n++] = a;
      continue;
    }
    /* --opt=value -> --opt value (the value keeps any further '='). The copy lives until exit. */
    out[n] = strndup(a, (size_t)(eq - a));
    if (!out[n])
      return -1;
    n++;
    out[n++] = eq + 1;
  }
  *argc = n;
  *argv = out;
  return 0;
}

void cli_unknown_command(const char *name) {
  const char *names[64] = {NULL};
  int n = 0;
  for (const gn_command *c = gn_commands; c->name && n < 64; c++)
    names[n++] = c->name;
  const char *close = gn_closest(name, names, n);
  char shown[256];
  snprintf(shown, sizeof shown, "%s", name);
  gn_error_sanitise(shown);
  fprintf(stderr, "gridnoc: unknown command '%s'", shown);
  if (close)
    fprintf(stderr, " (did you mean '%s'?)", close);
  fprintf(stderr, "; see 'gridnoc help'\n");
}

/* The options whose every occurrence adds one item (a SimGrid setting, a row filter). */
static const char *const repeatable_options[] = {"--cfg", "--where", NULL};

int cli_option_once(cli_seen *seen, const char *id, const char *opt, const char *value, gn_error *err) {
  for (int k = 0; repeatable_options[k]; k++)
    if (strcmp(id, repeatable_options[k]) == 0)
      return GN_OK;
  for (int i = 0; i < seen->n; i++)
    if (strncmp(seen->id[i], id, sizeof seen->id[i] - 1) == 0)
      return gn_error_set(err, GN_EINPUT, NULL, 0, "%s given twice ('%s %s', then '%s %s'): give it once", opt,
                          seen->opt[i], seen->value[i], opt, value);
  if (seen->n == CLI_SEEN_MAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "more than %d options", CLI_SEEN_MAX);
  snprintf(seen->id[seen->n], sizeof seen->id[seen->n], "%s", id);
  seen->opt[seen->n] = opt;
  seen->value[seen->n++] = value;
  return GN_OK;
}

int cli_parse_int(const char *opt, const char *text, long min, long max, long *out, gn_error *err) {
  long long v;
  gn_num_status st = gn_num_int(text, LLONG_MIN, LLONG_MAX, &v);
  if (st == GN_NUM_SYNTAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: '%s' is not a whole number", opt, text);
  if (st == GN_NUM_RANGE || v < min || v > max)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: %s is outside %ld..%ld", opt, text, min, max);
  *out = (long)v;
  return GN_OK;
}

int cli_parse_double(const char *opt, const char *text, double min, double max, double *out, gn_error *err) {
  double v;
  gn_num_status st = gn_num_real(text, -DBL_MAX, DBL_MAX, &v);
  if (st == GN_NUM_SYNTAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: '%s' is not a number", opt, text);
  if (st == GN_NUM_RANGE || v < min || v > max)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: %s is outside %g..%g", opt, text, min, max);
  *out = v;
  return GN_OK;
}

int cli_parse_seed(const char *opt, const char *text, uint64_t *out, gn_error *err) {
  unsigned long long v;
  gn_num_status st = gn_num_uint(text, UINT64_MAX, &v);
  if (st == GN_NUM_SYNTAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: '%s' is not a non-negative whole number", opt, text);
  if (st == GN_NUM_RANGE)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: %s is larger than the largest seed %" PRIu64, opt, text,
                        UINT64_MAX);
  *out = (uint64_t)v;
  return GN_OK;
}

int cli_check_outputs(const char *const *paths, int n, gn_error *err) {
  for (int i = 0; i < n; i++) {
    if (!paths[i])
      continue;
    int rc = gn_file_check_output(paths[i], err);
    if (rc)
      return rc;
    for (int j = 0; j < i; j++)
      if (paths[j] && strcmp(paths[i], paths[j]) == 0 && strcmp(paths[i], "-"))
        return gn_error_set(err, GN_EINPUT, paths[i], 0, "named for two outputs of one command");
  }
  return GN_OK;
}

void cli_remove_outputs(const char *const *paths, int n) {
  for (int i = 0; i < n; i++)
    gn_file_remove_output(paths[i]);
}

void cli_known_options(const experiment_param *params, const char *const *local, const char **known, int max) {
  static char names[256][48];
  static int used;
  const experiment_param *rows[128];
  int n = 0, nrows = experiment_param_options(params, rows, 128);
  for (int r = 0; r < nrows && n < max - 1; r++) {
    if (used < 256) {
      known[n++] = experiment_param_option(rows[r], names[used], sizeof names[used]);
      used++;
    }
    if (rows[r]->alias && n < max - 1)
      known[n++] = rows[r]->alias;
  }
  for (int k = 0; local && local[k] && n < max - 1; k++)
    known[n++] = local[k];
  known[n] = NULL;
}

void cli_print_param_options(const experiment_param *params, int width) {
  const experiment_param *rows[128];
  int n = experiment_param_options(params, rows, 128);
  for (int r = 0; r < n; r++) {
    char opt[48];
    printf("  %-*s %s [%s]\n", width, experiment_param_option(rows[r], opt, sizeof opt), rows[r]->help,
           rows[r]->default_value ? rows[r]->default_value : "required");
  }
}

/* The parameters in the table's order, then any the table lacks. */
static size_t ordered_params(const experiment_param *order, const gn_kvlist *params, const gn_kv **out) {
  size_t n = 0;
  for (const experiment_param *p = order; p && p->key; p++)
    for (size_t i = 0; i < params->n; i++)
      if (strcmp(params->items[i].key, p->key) == 0)
        out[n++] = &params->items[i];
  for (size_t i = 0; i < params->n; i++) {
    const experiment_param *p = order;
    while (p && p->key && strcmp(p->key, params->items[i].key))
      p++;
    if (!p || !p->key)
      out[n++] = &params->items[i];
  }
  return n;
}

void cli_print_csv_row(const experiment_param *order, const gn_kvlist *params, const gn_kvlist *metrics,
                       uint64_t seed) {
  const gn_kv **sorted = malloc((params->n ? params->n : 1) * sizeof *sorted);
  if (!sorted)
    return;
  size_t np = ordered_params(order, params, sorted);
  strbuf b = STRBUF_INIT;
  strbuf_add(&b, "seed");
  for (size_t i = 0; i < np; i++) {
    strbuf_add(&b, ",");
    csv_add_field(&b, sorted[i]->key);
  }
  for (size_t i = 0; i < metrics->n; i++) {
    strbuf_add(&b, ",");
    csv_add_field(&b, metrics->items[i].key);
  }
  strbuf_addf(&b, "\n%" PRIu64, seed);
  for (size_t i = 0; i < np; i++) {
    strbuf_add(&b, ",");
    csv_add_field(&b, sorted[i]->value);
  }
  for (size_t i = 0; i < metrics->n; i++) {
    strbuf_add(&b, ",");
    csv_add_field(&b, metrics->items[i].value);
  }
  strbuf_add(&b, "\n");
  fputs(strbuf_str(&b), stdout);
  strbuf_free(&b);
  free(sorted);
}
