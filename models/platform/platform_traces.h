/* platform_traces: the profiles of a platform file (<trace>, state_file / speed_file / bandwidth_file /
 * latency_file attributes, <trace_connect>), read by the driver (platform_read.c) through the reader's state. */
#ifndef PLATFORM_TRACES_H
#define PLATFORM_TRACES_H

#include "platform_reader.h"

/* The profile attributes (state_file, speed_file, ...) of a host, cluster or link element: each names a file,
 * read now; a cluster's applies to each of its hosts (first_host .. p->n_hosts - 1), link is -1 for hosts. */
int platform_traces_read_attrs(reader *r, const xmlNode *n, const char *what, const char *id, int first_host, int link);

/* <trace id periodicity [file]>text</trace>: a profile, inline or in a file. */
int platform_traces_read_trace(reader *r, const xmlNode *n);

/* <trace_connect kind trace element>: the trace must already be declared; the element is resolved later. */
int platform_traces_read_connect(reader *r, const xmlNode *n);

/* After the walk: attach each <trace_connect> to its element. */
int platform_traces_resolve(reader *r);

#endif
