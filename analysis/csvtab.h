/* csvtab: result CSV files (RFC 4180 quoting) read into a table of strings, and the one way fields are written. */
#ifndef CSVTAB_H
#define CSVTAB_H

#include "gn_error.h"
#include "strbuf.h"

#include <stddef.h>

typedef struct csvtab {
  size_t ncols;
  char **header;  /* ncols names */
  size_t nrows;
  char ***rows;   /* rows[r][c], every row has ncols fields */
  long *lines;    /* line number of each row in the file, for messages */
} csvtab;

#define CSVTAB_INIT {0, NULL, 0, NULL, NULL}

/* Parse text (len bytes) named `name` in messages. A file must have a header line; every row must have as
 * many fields as the header (else "name:line: ..." GN_EINPUT). With torn_ok, a last record that does not end
 * in a newline (a write cut short) is dropped instead of being an error, and *valid_len (if non-NULL) gets the
 * length of the text up to the end of the last complete line. */
int csvtab_parse(const char *text, size_t len, const char *name, int torn_ok, csvtab *out, size_t *valid_len,
                 gn_error *err);
int csvtab_read(const char *path, csvtab *out, gn_error *err);

/* Index of the column called name, or -1. */
int csvtab_col(const csvtab *t, const char *name);

/* A cell read as a number: the one syntax of every input (gn_num.h: decimal, no hex, no nan, no trailing junk,
 * finite) plus the spellings result rows use themselves (gn_format_double): GN_MISSING or an empty cell is
 * missing (*out = NaN), "inf" and "-inf" are infinite. */
typedef enum { CSV_NUMBER, CSV_MISSING, CSV_NOT_A_NUMBER, CSV_OUT_OF_RANGE } csv_number_kind;
csv_number_kind csvtab_number(const char *cell, double *out);

/* "name:line: column 'col': 'cell' is not a number ..." (GN_EINPUT) for a cell csvtab_number refused. */
int csvtab_number_error(const char *name, long line, const char *col, const char *cell, csv_number_kind kind,
                        gn_error *err);

/* Append one field, quoted when it holds a comma, quote or line break. */
void csv_add_field(strbuf *b, const char *field);

void csvtab_free(csvtab *t);

#endif
