/* gn_num: the one number syntax of every input (files, scenario values, generator specs, options). */
#ifndef GN_NUM_H
#define GN_NUM_H

#include <stddef.h>

/* The syntax, the same everywhere: the whole token is the number, with no space around it, in decimal.
 *   whole number: [+-]?[0-9]+                           ("0x10", "1e1", "2.0", " 2", "2 " are refused)
 *   real number:  [+-]?([0-9]+(.[0-9]*)?|.[0-9]+)([eE][+-]?[0-9]+)?   (no hex floats, no inf or nan)
 * A real must be finite and representable: "1e400" (overflow) and "1e-400" (underflow) are out of range. */
typedef enum {
  GN_NUM_OK = 0,
  GN_NUM_SYNTAX, /* not a number of the requested kind */
  GN_NUM_RANGE   /* a number, but outside [min, max] (or beyond what the type holds) */
} gn_num_status;

gn_num_status gn_num_int(const char *text, long long min, long long max, long long *out);
gn_num_status gn_num_real(const char *text, double min, double max, double *out);
/* The same on the len bytes at text (a token inside a larger buffer, not NUL-terminated). */
gn_num_status gn_num_int_n(const char *text, size_t len, long long min, long long max, long long *out);
gn_num_status gn_num_real_n(const char *text, size_t len, double min, double max, double *out);
/* A non-negative whole number up to max (seeds use the whole 64-bit range). */
gn_num_status gn_num_uint(const char *text, unsigned long long max, unsigned long long *out);

/* Length of the longest prefix of text in the whole/real syntax (0: none), for a number followed by a unit or
 * a separator ("100Gf", "3:4", "2x2"); parse that prefix with the _n forms. */
size_t gn_num_int_span(const char *text);
size_t gn_num_real_span(const char *text);

#endif
