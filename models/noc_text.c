/* noc_text: printf into a growing buffer; an allocation failure is remembered, not reported per call. */
#include "noc_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void noc_text_printf(noc_text *t, const char *fmt, ...) {
  while (!t->oom) {
    va_list ap;
    va_start(ap, fmt);
    int n = t->data ? vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap) : -1;
    va_end(ap);
    if (n >= 0 && (size_t)n < t->cap - t->len) {
      t->len += (size_t)n;
      return;
    }
    size_t cap = t->cap * 2 + (n > 0 ? (size_t)n : 0) + 4096;
    char *d = realloc(t->data, cap);
    if (!d) {
      t->oom = 1;
      return;
    }
    t->data = d;
    t->cap = cap;
  }
}

void noc_text_free(noc_text *t) {
  free(t->data);
  *t = (noc_text)NOC_TEXT_INIT;
}
