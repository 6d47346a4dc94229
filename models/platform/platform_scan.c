/* platform_scan: a platform file's host count from its text, linear in its size, no XML tree. */
#include "platform_scan.h"

#include "gn_file.h"
#include "platform_desc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Where `what` starts in [p, end), or NULL. */
static const char *find(const char *p, const char *end, const char *what) {
  size_t n = strlen(what);
  while (p && p + n <= end) {
    const char *c = memchr(p, what[0], (size_t)(end - p));
    if (!c || c + n > end)
      return NULL;
    if (memcmp(c, what, n) == 0)
      return c;
    p = c + 1;
  }
  return NULL;
}

/* "<name" followed by a space, '/' or '>' at p. */
static int opens(const char *p, const char *end, const char *name) {
  size_t n = strlen(name);
  return p + 1 + n < end && memcmp(p + 1, name, n) == 0 &&
         (isspace((unsigned char)p[1 + n]) || p[1 + n] == '/' || p[1 + n] == '>');
}

/* The value of attribute `name` inside the tag [tag, close), into buf; 0 when absent. */
static int attribute(const char *tag, const char *close, const char *name, char *buf, size_t size) {
  size_t n = strlen(name);
  for (const char *a = find(tag, close, name); a; a = find(a + 1, close, name)) {
    const char *q = a + n;
    if (!isspace((unsigned char)a[-1]))
      continue;
    while (q < close && isspace((unsigned char)*q))
      q++;
    if (q >= close || *q++ != '=')
      continue;
    while (q < close && isspace((unsigned char)*q))
      q++;
    if (q >= close || (*q != '"' && *q != '\''))
      continue;
    const char *v = q + 1, *e = memchr(v, *q, (size_t)(close - v));
    if (!e)
      return 0;
    size_t len = (size_t)(e - v) < size - 1 ? (size_t)(e - v) : size - 1;
    memcpy(buf, v, len);
    buf[len] = '\0';
    return 1;
  }
  return 0;
}

/* Hosts of a radical "0-15,20" (0 when it is not one: the full read reports it). */
static long radical_hosts(const char *radical) {
  long total = 0;
  for (const char *p = radical; *p;) {
    char *e;
    long lo = strtol(p, &e, 10), hi = lo;
    if (e == p || lo < 0)
      return 0;
    if (*e == '-') {
      p = e + 1;
      hi = strtol(p, &e, 10);
      if (e == p || hi < lo)
        return 0;
    }
    if (hi - lo >= PLATFORM_HOSTS_MAX || total > PLATFORM_HOSTS_MAX)
      return PLATFORM_HOSTS_MAX + 1L;
    total += hi - lo + 1;
    if (*e != ',' && *e)
      return 0;
    p = *e ? e + 1 : e;
  }
  return total;
}

void platform_scan_text(const char *text, size_t len, platform_scan *out) {
  *out = (platform_scan){0, 0};
  const char *end = text + len;
  for (const char *p = memchr(text, '<', len); p; p = p + 1 < end ? memchr(p + 1, '<', (size_t)(end - p - 1)) : NULL) {
    const char *skip_to = strncmp(p, "<!--", (size_t)(end - p) < 4 ? (size_t)(end - p) : 4) == 0 ? "-->"
                          : (size_t)(end - p) >= 9 && memcmp(p, "<![CDATA[", 9) == 0 ? "]]>"
                                                                                       : NULL;
    if (skip_to) {
      p = find(p + 4, end, skip_to);
      if (!p)
        return;
      continue;
    }
    const char *close = memchr(p, '>', (size_t)(end - p));
    if (!close)
      return;
    char value[256];
    if (opens(p, end, "host"))
      out->hosts++;
    else if (opens(p, end, "zone"))
      out->not_nodes++;
    else if (opens(p, end, "prop") && attribute(p, close, "id", value, sizeof value) &&
             (strcmp(value, "gridnoc.role") == 0 || strcmp(value, "gridnoc.cluster") == 0))
      out->not_nodes++;
    else if (opens(p, end, "cluster")) {
      long n = attribute(p, close, "radical", value, sizeof value) ? radical_hosts(value) : 0;
      const char *body_end = close[-1] == '/' ? close : find(close, end, "</cluster>");
      out->hosts += n;
      out->not_nodes += 1 + (body_end && find(close, body_end, "gridnoc.role") ? n : 0);
    }
  }
}

void platform_scan_file(const char *path, platform_scan *out) {
  char *text;
  size_t len;
  gn_error ignored = {0};
  *out = (platform_scan){0, 0};
  if (gn_file_read_all(path, PLATFORM_FILE_MAX, &text, &len, &ignored))
    return;
  platform_scan_text(text, len, out);
  free(text);
}
