/* report_csv: `gridnoc report CSV`: Markdown tables of every numeric metric of any CSV gridnoc writes, grouped
 * by the parameters the sweep varies (or --by), with the notes that keep them honest (report_design.h). */
#ifndef REPORT_CSV_H
#define REPORT_CSV_H

#include "gn_error.h"

#include <stddef.h>

/* by, metric: comma-separated column lists or NULL (split in place); where: "column=value" filters (only the
 * matching rows are summarised). Tables go to stdout, warnings to stderr. */
int report_csv(const char *path, char *by, char *metric, const char *const *where, size_t nwhere, gn_error *err);

#endif
