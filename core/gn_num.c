/* gn_num: strict decimal number parsing shared by every reader, so one input means one thing everywhere. */
#include "gn_num.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Longest token handed to strtod/strtoll; a longer (still well-formed) number is called out of range. */
#define NUM_TOKEN_MAX 96

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static size_t digits(const char *s, size_t i, size_t len) {
  size_t j = i;
  while (j < len && is_digit(s[j]))
    j++;
  return j - i;
}

/* Length of the longest prefix of s[0..len) that is a whole number (0: none). */
static size_t whole_span(const char *s, size_t len, int allow_sign) {
  size_t i = 0;
  if (allow_sign && len && (s[0] == '+' || s[0] == '-'))
    i++;
  size_t d = digits(s, i, len);
  return d ? i + d : 0;
}

/* Length of the longest prefix of s[0..len) that is a real number (0: none); an exponent marker not followed
 * by digits is not part of it. */
static size_t real_span(const char *s, size_t len) {
  size_t i = 0;
  if (len && (s[0] == '+' || s[0] == '-'))
    i++;
  size_t before = digits(s, i, len);
  i += before;
  size_t after = 0;
  if (i < len && s[i] == '.') {
    after = digits(s, i + 1, len);
    if (before + after > 0)
      i += 1 + after;
  }
  if (before + after == 0)
    return 0;
  if (i < len && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < len && (s[j] == '+' || s[j] == '-'))
      j++;
    size_t exp = digits(s, j, len);
    if (exp)
      i = j + exp;
  }
  return i;
}

static int whole_syntax(const char *s, size_t len, int allow_sign) {
  return len > 0 && whole_span(s, len, allow_sign) == len;
}

static int real_syntax(const char *s, size_t len) { return len > 0 && real_span(s, len) == len; }

size_t gn_num_int_span(const char *text) { return text ? whole_span(text, strlen(text), 1) : 0; }

size_t gn_num_real_span(const char *text) { return text ? real_span(text, strlen(text)) : 0; }

static int copy_token(const char *s, size_t len, char *buf) {
  if (len >= NUM_TOKEN_MAX)
    return -1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  return 0;
}

gn_num_status gn_num_int_n(const char *text, size_t len, long long min, long long max, long long *out) {
  char buf[NUM_TOKEN_MAX];
  if (!text || !whole_syntax(text, len, 1))
    return GN_NUM_SYNTAX;
  if (copy_token(text, len, buf))
    return GN_NUM_RANGE;
  errno = 0;
  long long v = strtoll(buf, NULL, 10);
  if (errno == ERANGE || v < min || v > max)
    return GN_NUM_RANGE;
  *out = v;
  return GN_NUM_OK;
}

gn_num_status gn_num_real_n(const char *text, size_t len, double min, double max, double *out) {
  char buf[NUM_TOKEN_MAX];
  if (!text || !real_syntax(text, len))
    return GN_NUM_SYNTAX;
  if (copy_token(text, len, buf))
    return GN_NUM_RANGE;
  errno = 0;
  double v = strtod(buf, NULL);
  /* ERANGE: overflow to inf, or underflow (a nonzero number that rounds to 0 or a subnormal). */
  if (errno == ERANGE || !isfinite(v) || v < min || v > max)
    return GN_NUM_RANGE;
  *out = v;
  return GN_NUM_OK;
}

gn_num_status gn_num_int(const char *text, long long min, long long max, long long *out) {
  return gn_num_int_n(text, text ? strlen(text) : 0, min, max, out);
}

gn_num_status gn_num_real(const char *text, double min, double max, double *out) {
  return gn_num_real_n(text, text ? strlen(text) : 0, min, max, out);
}

gn_num_status gn_num_uint(const char *text, unsigned long long max, unsigned long long *out) {
  char buf[NUM_TOKEN_MAX];
  size_t len = text ? strlen(text) : 0;
  if (!text || !whole_syntax(text, len, 0))
    return GN_NUM_SYNTAX;
  if (copy_token(text, len, buf))
    return GN_NUM_RANGE;
  errno = 0;
  unsigned long long v = strtoull(buf, NULL, 10);
  if (errno == ERANGE || v > max)
    return GN_NUM_RANGE;
  *out = v;
  return GN_NUM_OK;
}
