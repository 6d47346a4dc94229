/* csvtab: CSV reading (quoted fields, torn-tail detection) and writing of single fields. */
#include "csvtab.h"

#include "gn_file.h"

#include "gn_kv.h"
#include "gn_num.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct fields {
  char **v;
  size_t n, cap;
} fields;

static int fields_push(fields *f, const char *s, size_t n) {
  if (f->n == f->cap) {
    size_t cap = f->cap ? f->cap * 2 : 16;
    char **v = realloc(f->v, cap * sizeof *v);
    if (!v)
      return -1;
    f->v = v;
    f->cap = cap;
  }
  char *copy = malloc(n + 1);
  if (!copy)
    return -1;
  memcpy(copy, s, n);
  copy[n] = '\0';
  f->v[f->n++] = copy;
  return 0;
}

static void fields_free(fields *f) {
  for (size_t i = 0; i < f->n; i++)
    free(f->v[i]);
  free(f->v);
  *f = (fields){0};
}

/* Read one record starting at *pos. Returns 1 = record read (newline-terminated), 0 = torn (end of text
 * before the newline), -1 = out of memory, -2 = bad quoting. Advances *pos and *line. */
static int read_record(const char *t, size_t len, size_t *pos, long *line, fields *out) {
  size_t p = *pos;
  strbuf cur = STRBUF_INIT;
  int rc;
  for (;;) {
    strbuf_reset(&cur);
    strbuf_add(&cur, "");
    if (p < len && t[p] == '"') {
      p++;
      for (;;) {
        if (p >= len) {
          rc = 0;
          goto done;
        }
        if (t[p] == '"') {
          if (p + 1 < len && t[p + 1] == '"') {
            strbuf_addn(&cur, "\"", 1);
            p += 2;
            continue;
          }
          p++;
          break;
        }
        if (t[p] == '\n')
          (*line)++;
        strbuf_addn(&cur, t + p, 1);
        p++;
      }
      if (p < len && t[p] != ',' && t[p] != '\n' && t[p] != '\r') {
        rc = -2;
        goto done;
      }
    } else {
      size_t start = p;
      while (p < len && t[p] != ',' && t[p] != '\n' && t[p] != '\r')
        p++;
      strbuf_addn(&cur, t + start, p - start);
    }
    if (cur.oom || fields_push(out, strbuf_str(&cur), cur.len)) {
      rc = -1;
      goto done;
    }
    if (p >= len) {
      rc = 0;
      goto done;
    }
    if (t[p] == ',') {
      p++;
      continue;
    }
    if (t[p] == '\r')
      p++;
    if (p < len && t[p] == '\n') {
      p++;
      rc = 1;
      goto done;
    }
    rc = p >= len ? 0 : -2;
    goto done;
  }
done:
  strbuf_free(&cur);
  *pos = p;
  return rc;
}

int csvtab_parse(const char *text, size_t len, const char *name, int torn_ok, csvtab *out, size_t *valid_len,
                 gn_error *err) {
  *out = (csvtab)CSVTAB_INIT;
  size_t pos = 0, good = 0;
  long line = 1;
  size_t cap = 0;
  /* A NUL byte would end a field early ("3\0x" read as 3): refused at its line, except in a torn last line
   * (no newline after it: a crash can leave zeros there), which is cut off as torn. */
  const char *nul = memchr(text, '\0', len);
  if (nul) {
    const char *after = memchr(nul, '\n', len - (size_t)(nul - text));
    if (!torn_ok || after) {
      long at = 1;
      for (const char *c = text; c < nul; c++)
        at += *c == '\n';
      return gn_error_set(err, GN_EINPUT, name, at, "a NUL byte in the CSV (a binary file, or a damaged one)");
    }
    len = (size_t)(nul - text); /* the torn line ends there */
  }
  while (pos < len) {
    fields f = {0};
    long at = line;
    int rc = read_record(text, len, &pos, &line, &f);
    line++;
    if (rc == -1) {
      fields_free(&f);
      csvtab_free(out);
      return gn_error_set(err, GN_ENOMEM, name, at, "out of memory");
    }
    if (rc == -2) {
      fields_free(&f);
      csvtab_free(out);
      return gn_error_set(err, GN_EINPUT, name, at, "badly quoted field");
    }
    if (rc == 0) {
      fields_free(&f);
      if (torn_ok)
        break;
      csvtab_free(out);
      return gn_error_set(err, GN_EINPUT, name, at, "last line is cut short (no newline at its end)");
    }
    good = pos;
    if (!out->header) {
      out->header = f.v;
      out->ncols = f.n;
      /* Columns are found by name: a second one of the same name would never be read (its values silently
       * replaced by the first one's). */
      for (size_t c = 1; c < f.n; c++)
        for (size_t d = 0; d < c; d++)
          if (strcmp(f.v[c], f.v[d]) == 0) {
            int rc2 = gn_error_set(err, GN_EINPUT, name, at,
                                   "column '%.200s' appears twice in the header (columns %zu and %zu)", f.v[c], d + 1,
                                   c + 1);
            csvtab_free(out);
            return rc2;
          }
      continue;
    }
    if (f.n != out->ncols) {
      size_t n = f.n, want = out->ncols;
      fields_free(&f);
      csvtab_free(out);
      return gn_error_set(err, GN_EINPUT, name, at, "%zu fields, the header has %zu", n, want);
    }
    if (out->nrows == cap) {
      cap = cap ? cap * 2 : 64;
      char ***rows = realloc(out->rows, cap * sizeof *rows);
      long *lines = realloc(out->lines, cap * sizeof *lines);
      if (rows)
        out->rows = rows;
      if (lines)
        out->lines = lines;
      if (!rows || !lines) {
        fields_free(&f);
        csvtab_free(out);
        return gn_error_set(err, GN_ENOMEM, name, at, "out of memory");
      }
    }
    out->rows[out->nrows] = f.v;
    out->lines[out->nrows++] = at;
  }
  if (!out->header) {
    csvtab_free(out);
    return gn_error_set(err, GN_EINPUT, name, 1, "no header line");
  }
  if (valid_len)
    *valid_len = good;
  return GN_OK;
}

int csvtab_read(const char *path, csvtab *out, gn_error *err) {
  *out = (csvtab)CSVTAB_INIT;
  char *text;
  size_t len;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  rc = csvtab_parse(text, len, path, 0, out, NULL, err);
  free(text);
  return rc;
}

int csvtab_col(const csvtab *t, const char *name) {
  for (size_t c = 0; c < t->ncols; c++)
    if (strcmp(t->header[c], name) == 0)
      return (int)c;
  return -1;
}

void csv_add_field(strbuf *b, const char *field) {
  if (!strpbrk(field, ",\"\n\r")) {
    strbuf_add(b, field);
    return;
  }
  strbuf_add(b, "\"");
  for (const char *p = field; *p; p++)
    strbuf_add(b, *p == '"' ? "\"\"" : (char[]){*p, '\0'});
  strbuf_add(b, "\"");
}

static void free_fields(char **v, size_t n) {
  if (!v)
    return;
  for (size_t i = 0; i < n; i++)
    free(v[i]);
  free(v);
}

void csvtab_free(csvtab *t) {
  free_fields(t->header, t->ncols);
  for (size_t r = 0; r < t->nrows; r++)
    free_fields(t->rows[r], t->ncols);
  free(t->rows);
  free(t->lines);
  *t = (csvtab)CSVTAB_INIT;
}

csv_number_kind csvtab_number(const char *cell, double *out) {
  *out = NAN;
  if (!cell[0] || strcmp(cell, GN_MISSING) == 0)
    return CSV_MISSING;
  if (strcmp(cell, "inf") == 0 || strcmp(cell, "-inf") == 0) {
    *out = cell[0] == '-' ? -INFINITY : INFINITY;
    return CSV_NUMBER;
  }
  switch (gn_num_real(cell, -DBL_MAX, DBL_MAX, out)) {
  case GN_NUM_OK:
    return CSV_NUMBER;
  case GN_NUM_RANGE:
    *out = NAN;
    return CSV_OUT_OF_RANGE;
  default:
    *out = NAN;
    return CSV_NOT_A_NUMBER;
  }
}

int csvtab_number_error(const char *name, long line, const char *col, const char *cell, csv_number_kind kind,
                        gn_error *err) {
  return gn_error_set(err, GN_EINPUT, name, line, "column '%s': '%.60s' %s", col, cell,
                      kind == CSV_OUT_OF_RANGE ? "is out of range (a finite number)"
                                               : "is not a number (decimal; NA or empty when missing)");
}
