/* gn_error: formatting of "file:line: message" errors and their mapping to exit statuses. */
#include "gn_error.h"

#include <stdio.h>
#include <string.h>

int gn_error_vset(gn_error *err, int code, const char *file, long line, const char *fmt, va_list ap) {
  if (!err)
    return code;
  err->code = code;
  size_t used = 0;
  if (file && line > 0)
    used = (size_t)snprintf(err->msg, sizeof err->msg, "%s:%ld: ", file, line);
  else if (file)
    used = (size_t)snprintf(err->msg, sizeof err->msg, "%s: ", file);
  if (used >= sizeof err->msg)
    used = sizeof err->msg - 1;
  vsnprintf(err->msg + used, sizeof err->msg - used, fmt, ap);
  gn_error_sanitise(err->msg);
  return code;
}

/* A message is one line whatever the user typed: a value or file name carrying a newline, a tab or an escape
 * sequence would otherwise split the line or drive the terminal. Control bytes become '?'. */
void gn_error_sanitise(char *msg) {
  for (unsigned char *p = (unsigned char *)msg; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      *p = '?';
}

int gn_error_set(gn_error *err, int code, const char *file, long line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  gn_error_vset(err, code, file, line, fmt, ap);
  va_end(ap);
  return code;
}

int gn_error_prefix(gn_error *err, const char *fmt, ...) {
  if (!err)
    return GN_EFAIL;
  char prefix[GN_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(prefix, sizeof prefix, fmt, ap);
  va_end(ap);
  /* Shift the old message right and put the prefix in front, truncating at the buffer's end. */
  size_t plen = strlen(prefix), olen = strlen(err->msg);
  if (plen >= sizeof err->msg)
    plen = sizeof err->msg - 1;
  if (plen + olen >= sizeof err->msg)
    olen = sizeof err->msg - 1 - plen;
  memmove(err->msg + plen, err->msg, olen);
  memcpy(err->msg, prefix, plen);
  err->msg[plen + olen] = '\0';
  gn_error_sanitise(err->msg);
  return err->code;
}

void gn_error_clear(gn_error *err) {
  if (err) {
    err->code = GN_OK;
    err->msg[0] = '\0';
  }
}

int gn_exit_status(int code) {
  if (code >= 0)
    return 0;
  return code == GN_EINPUT ? 2 : 1;
}

const char *gn_error_skip_prefix(const char *msg) {
  if (strncmp(msg, "gridnoc", 7) != 0)
    return msg;
  const char *p = msg + 7;
  if (*p == ' ') /* a command name: "gridnoc platform grid: " */
    while (*p == ' ' || (*p >= 'a' && *p <= 'z'))
      p++;
  return p[0] == ':' && p[1] == ' ' ? p + 2 : msg;
}
