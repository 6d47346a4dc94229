/* platform_prepare: the XML gridnoc hands to SimGrid for a user's platform file. */
#ifndef PLATFORM_PREPARE_H
#define PLATFORM_PREPARE_H

#include "gn_error.h"
#include "platform_read.h"

#include <stddef.h>

/* Re-read pd->path and write the platform SimGrid should load:
 *  - host state profiles (state_file on a host, <trace_connect kind="HOST_AVAIL">) are removed: gridnoc
 *    replays them itself through its failure injector (platform_profile_events), so they are detected by the
 *    supervisor's messages and reported like injected failures;
 *  - every profile file reference (speed_file / availability_file on a host or a <cluster>, bandwidth_file,
 *    latency_file, <trace file=>) is replaced by the text platform_read read, as an inline <trace> (with a
 *    <trace_connect> per element: "gridnoc_ELEMENT_ATTRIBUTE"; a <trace file=> keeps its id): SimGrid reads the
 *    result from memory, not from the file's directory, and SimGrid 3.32 can open neither an absolute profile
 *    path (surf_ifsopen reopens it under its search path and fails) nor one file used by two elements;
 *  - extra_speed (NULL, or pd->n_hosts entries, NULL = none) appends a speed profile (SimGrid text) for a
 *    host, as an inline <trace id="gridnoc_speed_HOSTINDEX" periodicity="-1"> + <trace_connect kind="SPEED">
 *    at the end of the outermost zone (used for the grid's
 *    background load). GN_EINPUT naming the host and the line when that host already has a speed profile of
 *    its own in the file.
 * Link state profiles (link failures) are refused, GN_EINPUT naming the link and the line: gridnoc models
 * host failures only. *xml is malloc'ed, *len its length. */
int platform_prepare_xml(const platform_desc *pd, char *const *extra_speed, char **xml, size_t *len, gn_error *err);

#endif
