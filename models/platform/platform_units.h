/* platform_units: SimGrid quantities as written in platform files ("1.5Gf", "125MBps", "1Gbps", "50us"). */
#ifndef PLATFORM_UNITS_H
#define PLATFORM_UNITS_H

typedef enum { PLATFORM_SPEED, PLATFORM_BANDWIDTH, PLATFORM_TIME } platform_unit_kind;

/* Parse one quantity into flop/s, bytes/s or seconds. SimGrid's rules: a number, then an optional SI or
 * binary prefix (k M G T P E, Ki Mi Gi Ti Pi Ei) and the unit (speed: f or flops; bandwidth: Bps or bps, bits
 * being divided by 8; time: w d h m s ms us ns ps). A bare number takes the base unit. For speeds only the
 * first of a comma-separated pstate list is read (the nominal speed). Returns 0, or -1 on a malformed
 * value or a negative number. */
int platform_parse_quantity(const char *text, platform_unit_kind kind, double *out);

#endif
