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

/* Append one field, quoted when it holds a comma, quote or line break. */
void csv_add_field(strbuf *b, const char *field);

void csvtab_free(csvtab *t);

#endif
