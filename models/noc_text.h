/* noc_text: a growing text buffer for the generated files (platform XML, SVG pictures). */
#ifndef NOC_TEXT_H
#define NOC_TEXT_H

#include <stddef.h>

typedef struct noc_text {
  char *data; /* NUL-terminated once anything was written */
  size_t len, cap;
  int oom; /* set on the first allocation failure; later writes are ignored */
} noc_text;

#define NOC_TEXT_INIT                                                                                                  \
  { NULL, 0, 0, 0 }

void noc_text_printf(noc_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void noc_text_free(noc_text *t);

#endif
