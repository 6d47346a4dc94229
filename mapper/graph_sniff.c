/* graph_sniff: recognise the files people give by mistake where a task graph (STG, SDF3 XML) is expected. */
#include "graph_sniff.h"

#include <ctype.h>
#include <string.h>

/* The first line that is neither blank nor a '#' comment, as [start, end). */
static const char *first_line(const char *t, size_t len, size_t *n) {
  size_t i = 0;
  while (i < len) {
    size_t e = i;
    while (e < len && t[e] != '\n')
      e++;
    size_t s = i;
    while (s < e && isspace((unsigned char)t[s]))
      s++;
    if (s < e && t[s] != '#') {
      *n = e - s;
      while (*n && isspace((unsigned char)t[s + *n - 1]))
        (*n)--;
      return t + s;
    }
    i = e + 1;
  }
  *n = 0;
  return NULL;
}

static int starts_word(const char *s, size_t n, const char *w) {
  size_t lw = strlen(w);
  return n >= lw && strncmp(s, w, lw) == 0 && (n == lw || !isalnum((unsigned char)s[lw]));
}

const char *graph_sniff(const char *text, size_t len) {
  if (memchr(text, '\0', len))
    return "a binary file, not a task graph (give an STG file or SDF3 XML)";
  size_t n;
  const char *l = first_line(text, len, &n);
  if (!l)
    return NULL;
  if (starts_word(l, n, "digraph") || starts_word(l, n, "graph") || starts_word(l, n, "strict"))
    return "a DOT drawing: DOT is write-only here (gridnoc graph dot draws a graph); give the graph itself as "
           "STG or SDF3 XML";
  if (l[0] == '<') {
    if (strstr(text, "<platform"))
      return "a SimGrid platform file: give it to --platform, and the task graph separately";
    return NULL; /* XML: the SDF3 reader says which root it found */
  }
  if (strspn(l, "0123456789 \t.+-eE") >= n)
    return NULL; /* numbers: an STG task count (perhaps a wrong one, which the STG reader explains) */
  if (memchr(l, ',', n) && !memchr(l, ' ', n)) /* a CSV header: names and commas, no prose */
    return "a CSV table (a result file?), not a task graph (STG starts with its task count)";
  if (strstr(text, "kind") && strchr(text, '=') && strchr(text, ';'))
    return "a scenario file: run it with gridnoc run; a graph is an STG file, SDF3 XML or gen:...";
  return "plain text, not a task graph: an STG file starts with its task count (gridnoc graph gen writes one)";
}
