/* platform_noc_describe: what gridnoc sees in a platform file as a chip, in words (`gridnoc platform describe`). */
#ifndef PLATFORM_NOC_DESCRIBE_H
#define PLATFORM_NOC_DESCRIBE_H

#include "platform_desc.h"
#include "strbuf.h"

/* What gridnoc sees as a chip, as text lines (for `gridnoc platform describe`): size, cores, speeds, links,
 * supervisor, routing. A file that is not a chip gives GN_EINPUT with the reason. */
int platform_noc_describe(const platform_desc *pd, strbuf *out, gn_error *err);

#endif
