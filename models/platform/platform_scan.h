/* platform_scan: how many hosts a platform file declares, read from its text without building its XML tree, so an
 * oversized grid is refused before the full read (platform_read) and the SimGrid probe. */
#ifndef PLATFORM_SCAN_H
#define PLATFORM_SCAN_H

#include <stddef.h>

typedef struct platform_scan {
  long hosts;     /* <host> elements plus every <cluster>'s radical, outside comments and CDATA */
  long not_nodes; /* at most this many of them are not grid nodes: a master per <zone> or <cluster>, and one host per
                     gridnoc.role or gridnoc.cluster property (a <cluster> carrying gridnoc.role: all its hosts) */
} platform_scan;

/* Scan path's text. A file that cannot be read scans as empty: platform_read reports it. */
void platform_scan_file(const char *path, platform_scan *out);
/* The same on text already read (len bytes). */
void platform_scan_text(const char *text, size_t len, platform_scan *out);

#endif
