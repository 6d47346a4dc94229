/* strbuf: a growable text buffer for CSV rows, Markdown tables, gnuplot scripts, platform XML and SVG. */
#ifndef STRBUF_H
#define STRBUF_H

#include <stddef.h>

typedef struct strbuf {
  char *data; /* always NUL-terminated once anything was added (NULL before) */
  size_t len, cap;
  int oom; /* set when an allocation failed: later appends are ignored, callers check once at the end */
} strbuf;

#define STRBUF_INIT {NULL, 0, 0, 0}

void strbuf_add(strbuf *b, const char *s);
void strbuf_addn(strbuf *b, const char *s, size_t n);
void strbuf_addf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* s as a JSON string literal: quotes, with '"', '\\' and control characters escaped. */
void strbuf_add_json(strbuf *b, const char *s);
/* The contents ("" when empty); valid until the next append. */
const char *strbuf_str(const strbuf *b);
void strbuf_reset(strbuf *b);
void strbuf_free(strbuf *b);

#endif
