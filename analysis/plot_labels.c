/* plot_labels: tick, legend and panel labels. */
#include "plot_labels.h"

#include "csvtab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void plot_add_string(strbuf *b, const char *s) {
  strbuf_add(b, "\"");
  for (const char *p = s; *p; p++)
    strbuf_add(b, *p == '"' ? "\\\"" : *p == '\\' ? "\\\\" : (char[]){*p, '\0'});
  strbuf_add(b, "\"");
}

/* The fields of a tick label: a path's file name, or a generated graph's values without their keys
 * ("gen:method=sameprob,tasks=300" -> "sameprob", "300"); any other value as plot_readable_value. */
static size_t label_fields(const char *v, char fields[][64], size_t max) {
  if (strncmp(v, "gen:", 4) != 0) {
    plot_readable_value(v, fields[0], 64);
    return 1;
  }
  size_t n = 0;
  for (const char *p = v + 4; *p && n < max;) {
    const char *eq = strchr(p, '='), *comma = strchr(p, ',');
    if (eq && (!comma || eq < comma))
      p = eq + 1;
    size_t len = strcspn(p, ",");
    snprintf(fields[n++], 64, "%.*s", (int)len, p);
    p += len + (p[len] == ',');
  }
  return n;
}

void plot_short_labels(const plot_values *xs, char (*out)[256]) {
  enum { MAXF = 16 };
  char (*f)[MAXF][64] = calloc(xs->n + 1, sizeof *f);
  size_t *nf = calloc(xs->n + 1, sizeof *nf);
  for (size_t i = 0; f && nf && i < xs->n; i++)
    nf[i] = label_fields(xs->v[i], f[i], MAXF);
  for (size_t i = 0; i < xs->n; i++) {
    out[i][0] = '\0';
    if (!f || !nf) {
      snprintf(out[i], 256, "%s", xs->v[i]);
      continue;
    }
    size_t used = 0;
    for (size_t k = 0; k < nf[i]; k++) {
      int common = xs->n > 1;
      for (size_t j = 0; j < xs->n && common; j++)
        common = nf[j] == nf[i] && strcmp(f[j][k], f[i][k]) == 0;
      if (!common)
        used += (size_t)snprintf(out[i] + used, used < 256 ? 256 - used : 0, "%s%s", used ? " " : "", f[i][k]);
    }
    if (!out[i][0])
      plot_readable_value(xs->v[i], out[i], 256);
  }
  free(f);
  free(nf);
}

int plot_all_numeric(const plot_values *vs) {
  for (size_t i = 0; i < vs->n; i++) { /* "0x10", "nan", "inf" make a category axis, not a number line */
    double v;
    if (csvtab_number(vs->v[i], &v) != CSV_NUMBER || !isfinite(v))
      return 0;
  }
  return 1;
}

static const char *on_off(const char *v, size_t len) {
  if (len == 4 && strncmp(v, "true", 4) == 0)
    return "on";
  if (len == 5 && strncmp(v, "false", 5) == 0)
    return "off";
  return NULL;
}

void plot_readable_value(const char *v, char *buf, size_t size) {
  const char *slash = strrchr(v, '/');
  if (strncmp(v, "gen:", 4) == 0 || !strchr(v, '=')) {
    const char *word = on_off(v, strlen(v));
    snprintf(buf, size, "%s", word ? word : strncmp(v, "gen:", 4) && slash ? slash + 1 : v);
    return;
  }
  /* "key=value,key=value": "key: value, key: value", underscores as spaces, booleans as on/off. */
  size_t used = 0;
  buf[0] = '\0';
  for (const char *p = v; *p && used + 1 < size;) {
    size_t len = strcspn(p, ","), klen = strcspn(p, "=");
    if (klen > len)
      klen = len;
    char key[128];
    snprintf(key, sizeof key, "%.*s", (int)klen, p);
    for (char *c = key; *c; c++)
      if (*c == '_')
        *c = ' ';
    const char *val = klen < len ? p + klen + 1 : "";
    size_t vlen = klen < len ? len - klen - 1 : 0;
    const char *word = on_off(val, vlen);
    used += (size_t)snprintf(buf + used, size - used, "%s%s%s%.*s", used ? ", " : "", key, vlen ? ": " : "",
                             word ? (int)strlen(word) : (int)vlen, word ? word : val);
    p += len + (p[len] == ',');
  }
}
