/* gn_error: errors as values. Libraries fill a gn_error and return a negative code; only the CLI prints. */
#ifndef GN_ERROR_H
#define GN_ERROR_H

#include <stdarg.h>

/* Status codes. The CLI maps GN_EINPUT (bad usage or bad input) to exit status 2, any other failure to 1. */
enum {
  GN_OK = 0,
  GN_EFAIL = -1,  /* a run or computation failed (I/O error, simulation failure, ...) */
  GN_EINPUT = -2, /* the input is wrong: a file, an option, a parameter */
  GN_ENOMEM = -3  /* out of memory, or an input too large for the stated limits */
};

#define GN_ERROR_MSG_MAX 1024

typedef struct gn_error {
  int code;
  char msg[GN_ERROR_MSG_MAX]; /* "file:line: what is wrong" (or "file: ..." / plain text) */
} gn_error;

/* Fill err (if non-NULL) and return code. file may be NULL; line <= 0 omits the line number. */
int gn_error_set(gn_error *err, int code, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
int gn_error_vset(gn_error *err, int code, const char *file, long line, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));

/* Prefix an existing message with context ("while reading X: ..."), keeping the code. */
int gn_error_prefix(gn_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

void gn_error_clear(gn_error *err);

/* Replace control characters (newline, tab, escape, ...) in msg by '?', so it prints as one line. Every
 * message set through gn_error_set/gn_error_prefix is already sanitised. */
void gn_error_sanitise(char *msg);

/* msg past a leading program prefix "gridnoc: " or "gridnoc CMD: " (CMD: lower-case words), e.g. a line a child
 * process printed that the caller quotes under its own prefix; msg itself when there is none. */
const char *gn_error_skip_prefix(const char *msg);

/* Process exit status for a status code: 0 ok, 2 bad input/usage, 1 anything else. */
int gn_exit_status(int code);

#endif
