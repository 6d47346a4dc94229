/* runner_columns: the column dictionary of a result CSV, from the kind's tables. */
#include "runner_columns.h"

#include "csvtab.h"
#include "gn_file.h"
#include "metric_info.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void row(strbuf *out, const char *column, const char *role, const char *type, const char *unit,
                const char *meaning) {
  csv_add_field(out, column);
  strbuf_addf(out, ",%s,%s,", role, type);
  csv_add_field(out, unit ? unit : "");
  strbuf_add(out, ",");
  csv_add_field(out, meaning ? meaning : "");
  strbuf_add(out, "\n");
}

static const char *param_type(experiment_type t) {
  return t == EXP_INT ? "integer" : t == EXP_DOUBLE ? "number" : t == EXP_BOOL ? "boolean" : "string";
}

/* A metric's type from its kind. */
static const char *metric_type(const metric_info *m) {
  return m->kind == METRIC_COUNT    ? "integer"
         : m->kind == METRIC_BINARY ? "0/1"
         : m->kind == METRIC_WORD   ? "string"
                                    : "number";
}

static const char *metric_kind_word(metric_kind k) {
  switch (k) {
  case METRIC_COUNT:
    return "a count";
  case METRIC_RATIO:
    return "a ratio over a common baseline";
  case METRIC_BOUND_RATIO:
    return "a ratio over a lower bound, >= 1";
  case METRIC_SHARE:
    return "a share, in [0, 1]";
  case METRIC_BINARY:
    return "0 or 1 per run";
  case METRIC_WORD:
    return "a word";
  default:
    return "a value";
  }
}

void runner_columns(const experiment_kind *kind, strbuf *out) {
  strbuf_add(out, "column,role,type,unit,meaning\n");
  row(out, "run", "run", "integer", NULL, "run index in the scenario (gridnoc run S --list)");
  for (const experiment_param *p = kind->params; p->key; p++)
    row(out, p->key, "parameter", param_type(p->type), p->unit, p->help);
  row(out, "rep", "rep", "integer", NULL, "repetition of the parameter combination (0..repeat-1)");
  row(out, "seed", "seed", "integer", NULL, "the run's own seed, derived from the base seed and its parameters");
  for (const metric_info *m = kind->metrics; m->name; m++) {
    char meaning[512];
    snprintf(meaning, sizeof meaning, "%s (%s)", m->label, metric_kind_word(m->kind));
    row(out, m->name, "metric", metric_type(m), m->unit, meaning);
  }
  row(out, "version", "version", "string", NULL, "the gridnoc version that wrote the row");
}

void runner_columns_path(const char *output, char *buf, size_t size) {
  size_t n = strlen(output);
  if (n > 4 && strcmp(output + n - 4, ".csv") == 0)
    snprintf(buf, size, "%.*s.columns.csv", (int)(n - 4), output);
  else
    snprintf(buf, size, "%s.columns.csv", output);
}

int runner_columns_check(const char *output, gn_error *err) {
  struct stat st;
  if (strcmp(output, "-") == 0 || (stat(output, &st) == 0 && !S_ISREG(st.st_mode)))
    return GN_OK;
  char path[4200];
  runner_columns_path(output, path, sizeof path);
  /* lstat: a link here would be followed by the atomic write and the file it points to replaced. */
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
    return gn_error_set(err, GN_EINPUT, path, 0,
                        "the column dictionary of %s goes here, but this is %s, not a regular file: not written "
                        "through it (remove it)",
                        output, S_ISLNK(st.st_mode) ? "a link" : S_ISDIR(st.st_mode) ? "a folder" : "a FIFO or device");
  return gn_file_check_output_name(path, err); /* its folder is the output's: checked (or made) with it */
}

int runner_columns_write(const experiment_kind *kind, const char *output, gn_error *err) {
  struct stat st;
  if (stat(output, &st) != 0 || !S_ISREG(st.st_mode))
    return GN_OK;
  char path[4200];
  runner_columns_path(output, path, sizeof path);
  int rc = runner_columns_check(output, err);
  if (rc)
    return rc;
  strbuf text = STRBUF_INIT;
  runner_columns(kind, &text);
  rc = text.oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory")
                : gn_file_write_atomic(path, strbuf_str(&text), text.len, err);
  strbuf_free(&text);
  return rc;
}
