/* platform_profile: parse a SimGrid profile ("date value" lines) and unroll its repetitions on [0, horizon) the
 * way SimGrid 3.32 does (src/kernel/resource/profile/ProfileBuilder.cpp LegacyUpdateCb, Profile::next). */
#include "platform_profile.h"

#include "gn_num.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A repeating profile on a long horizon could ask for more events than memory holds. */
#define MAX_EVENTS 10000000

typedef struct pattern {
  platform_profile_event *ev; /* dates as written (absolute, first iteration) */
  int n, cap;
  int loop;          /* a PERIODICITY, LOOPAFTER or <trace periodicity> > 0 makes the pattern repeat */
  double periodicity; /* > 0 when set */
  double loop_delay;  /* LOOPAFTER, then (with a periodicity) periodicity - last date */
} pattern;

/* Errors name where text line k (1-based) lives: the profile's own file, or the platform file from the <trace>
 * line on (libxml2 numbers the <trace> by the line its start tag ends on, which is where the text begins). */
static int fail(gn_error *err, const platform_desc *pd, const platform_profile *p, int k, const char *what,
                const char *line) {
  const char *file = p->source ? p->source : pd->path;
  int at = p->source ? k : p->line + k - 1;
  return gn_error_set(err, GN_EINPUT, file, at, "profile '%s': %s (line '%.60s')", p->id, what, line);
}

/* One number filling the whole token; 0 or -1. */
static int number(const char *tok, double *out) {
  return gn_num_real(tok, -DBL_MAX, DBL_MAX, out) == GN_NUM_OK ? 0 : -1;
}

/* "KEYWORD number" (SimGrid reads it with sscanf "KEYWORD %lg"); 1 matched, 0 not this keyword, -1 bad number. */
static int keyword(const char *line, const char *kw, double *out) {
  size_t n = strlen(kw);
  if (strncmp(line, kw, n) != 0 || (line[n] != ' ' && line[n] != '\t'))
    return 0;
  const char *v = line + n + strspn(line + n, " \t");
  return number(v, out) == 0 ? 1 : -1;
}

static int parse_line(const platform_desc *pd, const platform_profile *p, int k, char *line, pattern *pt,
                      gn_error *err) {
  double v;
  int kw;
  if ((kw = keyword(line, "PERIODICITY", &v)) != 0) {
    if (kw < 0 || v <= 0)
      return fail(err, pd, p, k, "PERIODICITY needs a positive number of seconds", line);
    pt->periodicity = v;
    pt->loop = 1;
    return GN_OK;
  }
  if ((kw = keyword(line, "LOOPAFTER", &v)) != 0) {
    if (kw < 0 || v < 0)
      return fail(err, pd, p, k, "LOOPAFTER needs a non-negative number of seconds", line);
    pt->loop_delay = v;
    pt->loop = 1;
    return GN_OK;
  }
  if (strncmp(line, "STOCHASTIC", 10) == 0)
    return fail(err, pd, p, k, "stochastic profiles are not supported (gridnoc cannot seed them)", line);
  char copy[256];
  snprintf(copy, sizeof copy, "%s", line);
  char *save, *d = strtok_r(copy, " \t", &save), *val = strtok_r(NULL, " \t", &save);
  double date, value;
  if (!d || !val || strtok_r(NULL, " \t", &save) || number(d, &date) || number(val, &value))
    return fail(err, pd, p, k, "not a 'date value' line", line);
  if (date < 0)
    return fail(err, pd, p, k, "the date is negative", line);
  if (pt->n > 0 && date < pt->ev[pt->n - 1].t)
    return fail(err, pd, p, k, "the date goes backwards (dates are absolute and non-decreasing)", line);
  if (value < 0)
    return fail(err, pd, p, k, "the value is negative", line);
  if (pt->n == pt->cap) {
    pt->cap = pt->cap ? 2 * pt->cap : 16;
    platform_profile_event *ev = realloc(pt->ev, (size_t)pt->cap * sizeof *ev);
    if (!ev)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory reading profile '%s'", p->id);
    pt->ev = ev;
  }
  pt->ev[pt->n++] = (platform_profile_event){date, value};
  return GN_OK;
}

/* SimGrid splits the text on '\n' and '\r', trims each line, skips empty lines and lines starting with '#' or
 * '%'. A "\r\n" pair counts as one line here so that error lines match what an editor shows. */
static int parse(const platform_desc *pd, const platform_profile *p, pattern *pt, gn_error *err) {
  const char *s = p->text ? p->text : "";
  for (int k = 1; *s; k++) {
    size_t len = strcspn(s, "\r\n");
    char line[256];
    const char *b = s, *e = s + len;
    while (b < e && (*b == ' ' || *b == '\t'))
      b++;
    while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
      e--;
    snprintf(line, sizeof line, "%.*s", (int)(e - b), b);
    if ((size_t)(e - b) >= sizeof line)
      return fail(err, pd, p, k, "the line is too long", line);
    if (line[0] && line[0] != '#' && line[0] != '%') {
      int rc = parse_line(pd, p, k, line, pt, err);
      if (rc)
        return rc;
    }
    s += len;
    if (*s == '\r' && s[1] == '\n')
      s++;
    if (*s)
      s++;
  }
  return GN_OK;
}

int platform_profile_min_value(const platform_desc *pd, const platform_profile *p, double *min, gn_error *err) {
  pattern pt = {NULL, 0, 0, 0, -1, 0};
  int rc = parse(pd, p, &pt, err);
  *min = INFINITY;
  for (int i = 0; rc == GN_OK && i < pt.n; i++)
    *min = fmin(*min, pt.ev[i].v);
  free(pt.ev);
  return rc;
}

int platform_profile_events(const platform_desc *pd, const platform_profile *p, double horizon_s,
                            platform_profile_event **out, int *n, gn_error *err) {
  *out = NULL;
  *n = 0;
  /* SimGrid reads <trace periodicity> only for inline text: a <trace file=...> is read as its file alone. */
  pattern pt = {NULL, 0, 0, 0, -1, 0};
  if (!p->source && p->periodicity > 0) {
    pt.loop = 1;
    pt.periodicity = p->periodicity;
  }
  int rc = parse(pd, p, &pt, err);
  double last = pt.n ? pt.ev[pt.n - 1].t : 0;
  const char *where = p->source ? p->source : pd->path;
  int at = p->source ? 0 : p->line;
  if (rc == GN_OK && pt.loop && pt.periodicity > 0) {
    if (pt.loop_delay != 0)
      rc = gn_error_set(err, GN_EINPUT, where, at,
                        "profile '%s': a periodicity (PERIODICITY or <trace periodicity>) and LOOPAFTER cannot both "
                        "be given",
                        p->id);
    else if (pt.periodicity < last)
      rc = gn_error_set(err, GN_EINPUT, where, at,
                        "profile '%s': the period %g s is shorter than the last date %g s", p->id, pt.periodicity,
                        last);
    pt.loop_delay = pt.periodicity - last;
  }
  if (rc == GN_OK && pt.loop && pt.n > 0 && last + pt.loop_delay <= 0)
    rc = gn_error_set(err, GN_EINPUT, where, at, "profile '%s': the repetition period is 0 s (all dates are 0)",
                      p->id);
  if (rc == GN_OK && pt.loop && pt.n > 0 && isinf(horizon_s))
    rc = gn_error_set(err, GN_EINPUT, where, at, "profile '%s' repeats forever: an infinite horizon is not allowed",
                      p->id);
  if (rc) {
    free(pt.ev);
    return rc;
  }
  /* SimGrid stores each event as the delay since the previous one (the first as its own date) and schedules the
   * next event at the current event's date plus that delay; the first event of a repetition gets its own date
   * plus the loop delay, so a repetition starts last date + loop delay after the previous one starts. The sums
   * are done in the same order here so the dates are the same doubles. */
  platform_profile_event *ev = NULL;
  int count = 0, cap = 0;
  double t = pt.n ? pt.ev[0].t : 0;
  for (int i = 0, first = 1; pt.n > 0; first = 0) {
    if (!first) {
      double delay = i == 0 ? pt.ev[0].t + pt.loop_delay : pt.ev[i].t - pt.ev[i - 1].t;
      t = t + delay;
    }
    if (!(t < horizon_s))
      break;
    if (count == cap) {
      cap = cap ? 2 * cap : 64;
      platform_profile_event *grown = cap <= MAX_EVENTS ? realloc(ev, (size_t)cap * sizeof *ev) : NULL;
      if (!grown) {
        free(ev);
        free(pt.ev);
        return gn_error_set(err, GN_ENOMEM, where, at, "profile '%s': more than %d events before %g s", p->id,
                            MAX_EVENTS, horizon_s);
      }
      ev = grown;
    }
    ev[count++] = (platform_profile_event){t, pt.ev[i].v};
    if (++i == pt.n) {
      if (!pt.loop)
        break;
      i = 0;
    }
  }
  free(pt.ev);
  *out = ev;
  *n = count;
  return GN_OK;
}

int platform_profiles_check(const platform_desc *pd, gn_error *err) {
  for (int i = 0; i < pd->n_profiles; i++) {
    double min;
    int rc = platform_profile_min_value(pd, &pd->profiles[i], &min, err);
    if (rc)
      return rc;
  }
  return GN_OK;
}
