/* platform_reader: the platform reader's shared state helpers (attributes, errors at a line, growing arrays),
 * used by the reader's driver (platform_read.c) and its passes (platform_order.c, platform_traces.c). */
#include "platform_reader.h"

#include "gn_file.h"

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Grow *array (of *cap elements of size elem) so that it holds n + 1; 0 or -1 when out of memory. */
int reader_grow(void *array, int *cap, int n, size_t elem) {
  if (n < *cap)
    return 0;
  int new_cap = *cap ? 2 * *cap : 16;
  void *a = realloc(*(void **)array, (size_t)new_cap * elem);
  if (!a)
    return -1;
  *(void **)array = a;
  *cap = new_cap;
  return 0;
}

/* An attribute as a malloc'ed C string (libxml2 allocates with malloc by default), or NULL. */
char *reader_attr(const xmlNode *n, const char *name) { return (char *)xmlGetProp(n, (const xmlChar *)name); }

int reader_fail(reader *r, const xmlNode *n, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return gn_error_set(r->err, GN_EINPUT, r->p->path, n ? (int)xmlGetLineNo(n) : 0, "%s", msg);
}

/* Fetch a required attribute of element n (the error names the element, its id and what is missing). */
int reader_need(reader *r, const xmlNode *n, const char *name, char **out) {
  *out = reader_attr(n, name);
  if (*out)
    return GN_OK;
  char *id = reader_attr(n, "id");
  char what[160];
  snprintf(what, sizeof what, "<%s%s%s%s> has no %s attribute", (const char *)n->name, id ? " id=\"" : "",
           id ? id : "", id ? "\"" : "", name);
  xmlFree(id);
  return reader_fail(r, n, "%s", what);
}

int reader_oom(reader *r) { return gn_error_set(r->err, GN_ENOMEM, NULL, 0, "out of memory reading %s", r->p->path); }

/* A generic-error sink for libxml2: its message is taken from xmlGetLastError instead of printed. */
static void xml_silent(void *ctx, const char *msg, ...) {
  (void)ctx;
  (void)msg;
}

xmlDocPtr platform_xml_read(const char *path, gn_error *err) {
  /* Read here, not by libxml2: a directory, FIFO or device is refused up front and libxml2 never prints. */
  char *text;
  size_t len;
  gn_error read_err = {0};
  if (gn_file_read_all(path, PLATFORM_FILE_MAX, &text, &len, &read_err)) {
    size_t skip = strncmp(read_err.msg, path, strlen(path)) == 0 ? strlen(path) + 2 : 0; /* "path: " */
    gn_error_set(err, read_err.code, path, 0, "cannot read the platform: %s",
                 read_err.msg + (skip <= strlen(read_err.msg) ? skip : 0));
    return NULL;
  }
  xmlSetGenericErrorFunc(NULL, xml_silent); /* encoding and I/O errors bypass XML_PARSE_NOERROR */
  xmlDocPtr doc = len > INT_MAX ? NULL
                                : xmlReadMemory(text, (int)len, path, NULL,
                                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  free(text);
  if (!doc) {
    const xmlError *e = xmlGetLastError();
    char msg[256] = "not well-formed XML";
    if (e && e->message)
      snprintf(msg, sizeof msg, "%s", e->message);
    gn_error_set(err, GN_EINPUT, path, e ? e->line : 0, "not a platform file: %s", msg); /* sanitised: one line */
  }
  return doc;
}
