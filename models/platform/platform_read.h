/* platform_read: what gridnoc sees in a user's SimGrid platform file, read and checked with libxml2 (so a bad
 * file is a "file:line: ..." error, never a SimGrid abort). */
#ifndef PLATFORM_READ_H
#define PLATFORM_READ_H

#include "platform_desc.h"

/* Read and check path. On error (GN_EINPUT for a bad or unreadable file) *out is left empty. */
int platform_read(const char *path, platform_desc *out, gn_error *err);

#endif
