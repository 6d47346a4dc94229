/* strbuf: growable text buffer (doubling, sticky out-of-memory flag). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve(strbuf *b, size_t extra) {
  if (b->oom)
    return -1;
  if (b->len + extra + 1 <= b->cap)
    return 0;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = realloc(b->data, cap);
  if (!p) {
    b->oom = 1;
    return -1;
  }
  b->data = p;
  b->cap = cap;
  return 0;
}

void strbuf_addn(strbuf *b, const char *s, size_t n) {
  if (reserve(b, n))
    return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void strbuf_add(strbuf *b, const char *s) { strbuf_addn(b, s, strlen(s)); }

void strbuf_addf(strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || reserve(b, (size_t)n))
    return;
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

const char *strbuf_str(const strbuf *b) { return b->data ? b->data : ""; }

void strbuf_reset(strbuf *b) {
  b->len = 0;
  if (b->data)
    b->data[0] = '\0';
}

void strbuf_free(strbuf *b) {
  free(b->data);
  *b = (strbuf)STRBUF_INIT;
}

void strbuf_add_json(strbuf *b, const char *s) {
  strbuf_add(b, "\"");
  for (; *s; s++)
    if (*s == '"' || *s == '\\')
      strbuf_addf(b, "\\%c", *s);
    else if ((unsigned char)*s < 0x20)
      strbuf_addf(b, "\\u%04x", (unsigned)(unsigned char)*s);
    else
      strbuf_addn(b, s, 1);
  strbuf_add(b, "\"");
}
