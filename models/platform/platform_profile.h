/* platform_profile: SimGrid profiles ("date value" lines) as events, with SimGrid's own repetition rules, so
 * gridnoc can replay a platform file's host state profiles through its failure injector (and detect them with
 * the supervisor's messages) exactly when SimGrid would have applied them. */
#ifndef PLATFORM_PROFILE_H
#define PLATFORM_PROFILE_H

#include "gn_error.h"
#include "platform_read.h"

/* At time t (seconds from the simulation's start) the profile's value becomes v. */
typedef struct platform_profile_event {
  double t, v;
} platform_profile_event;

/* The events of profile p on [0, horizon_s), in time order, repetitions (PERIODICITY, LOOPAFTER, the <trace>
 * periodicity attribute) unrolled as SimGrid unrolls them. SimGrid 3.32 (ProfileBuilder.cpp, Profile::next):
 * lines are split on '\n' and '\r' and trimmed; empty lines and lines starting with '#' or '%' are skipped;
 * "date value" dates are absolute. The pattern d0..dn repeats when the text says PERIODICITY p or LOOPAFTER d,
 * or when an inline <trace> has periodicity > 0 (a <trace file=...> and the *_file attributes are read with no
 * periodicity). SimGrid stores the delays between events (the first as d0) and, at the end of a round,
 * schedules the next round's first event d0 + loop_delay after the last event, where loop_delay = d for
 * LOOPAFTER and p - dn for a periodicity: round k has events at d_i + k * p, or d_i + k * (dn + d). The dates
 * here are summed in SimGrid's order, so they are the same doubles. Refused (SimGrid aborts or loops on them):
 * PERIODICITY <= 0 or < dn, PERIODICITY with LOOPAFTER, LOOPAFTER < 0, a period of 0, a negative value,
 * STOCHASTIC profiles (they cannot be seeded). Stricter than SimGrid: a line must be exactly two numbers. Format errors name the file and line of the
 * profile text (the profile's source file, or the platform file and the line of the inline <trace>):
 * a line that is not "date value", a date that goes backwards or is negative, a value that is not a number,
 * a repetition with a non-positive period. horizon_s may be INFINITY only for a profile that does not repeat.
 * *out is malloc'ed (NULL when there is no event). */
int platform_profile_events(const platform_desc *pd, const platform_profile *p, double horizon_s,
                            platform_profile_event **out, int *n, gn_error *err);

/* The smallest value profile p takes (its text parsed and checked as above, no repetition unrolled); +INFINITY
 * for a profile without events. SimGrid aborts on a speed or bandwidth ratio of 0, so callers refuse those. */
int platform_profile_min_value(const platform_desc *pd, const platform_profile *p, double *min, gn_error *err);

/* Every profile of the platform parsed and checked as above, so a malformed line is refused at its own
 * file:line before SimGrid reads the file (SimGrid's own message names no file). */
int platform_profiles_check(const platform_desc *pd, gn_error *err);

#endif
