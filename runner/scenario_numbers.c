/* scenario_numbers: the number literals of a scenario file checked as written, before libconfig reads them:
 * libconfig wraps a plain integer past 32 bits (4294967297 becomes 1), clamps an `L` integer past 64 bits to
 * INT64_MAX and accepts hexadecimal; gridnoc's one number syntax (gn_num.h) is decimal. */
#include "scenario_priv.h"

#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_word(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

/* 1 if the decimal digits d[0..n) (no leading zeros beyond one) exceed the decimal number limit. */
static int over(const char *d, size_t n, const char *limit) {
  while (n > 1 && *d == '0')
    d++, n--;
  size_t ln = strlen(limit);
  return n != ln ? n > ln : strncmp(d, limit, n) > 0;
}

/* Skip a string, a comment or a number starting at s; returns the next position, or NULL after an error. */
static const char *skip_token(const char *s, const char *start, const char *path, long *line, gn_error *err) {
  if (*s == '"') {
    for (s++; *s && *s != '"'; s++) {
      if (*s == '\\' && s[1])
        s++;
      else if (*s == '\n')
        (*line)++;
    }
    return *s ? s + 1 : s;
  }
  if (*s == '#' || (s[0] == '/' && s[1] == '/'))
    return s + strcspn(s, "\n");
  if (s[0] == '/' && s[1] == '*') {
    const char *end = strstr(s + 2, "*/");
    for (const char *p = s; p < (end ? end : s + strlen(s)); p++)
      *line += *p == '\n';
    return end ? end + 2 : s + strlen(s);
  }
  if (!is_digit(*s) || (s > start && (is_word(s[-1]) || s[-1] == '.')))
    return s + 1;
  size_t n = strspn(s, "0123456789");
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    gn_error_set(err, GN_EINPUT, path, *line, "'%.*s': hexadecimal numbers are not accepted (write it in decimal)",
                 (int)(2 + strspn(s + 2, "0123456789abcdefABCDEF")), s);
    return NULL;
  }
  if (s[n] == '.' || s[n] == 'e' || s[n] == 'E') /* a real: libconfig's inf is caught on the parsed value */
    return s + n + 1;
  int negative = s > start && s[-1] == '-';
  int wide = s[n] == 'L';
  const char *limit = wide ? (negative ? "9223372036854775808" : "9223372036854775807")
                           : (negative ? "2147483648" : "2147483647");
  if (over(s, n, limit)) {
    gn_error_set(err, GN_EINPUT, path, *line, "%s%.*s%s is too large for a %s whole number%s", negative ? "-" : "",
                 (int)n, s, wide ? "L" : "", wide ? "64-bit" : "32-bit", wide ? "" : " (append L for 64 bits)");
    return NULL;
  }
  return s + n + wide;
}

int scenario_check_numbers(const char *text, const char *path, gn_error *err) {
  long line = 1;
  for (const char *s = text; *s;) {
    if (*s == '\n') {
      line++;
      s++;
      continue;
    }
    s = skip_token(s, text, path, &line, err);
    if (!s)
      return GN_EINPUT;
  }
  return GN_OK;
}
