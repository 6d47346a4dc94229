/* platform_order: the children of a <zone>/<AS> and of <platform> in the order SimGrid's parser accepts, and a
 * <route>/<zoneRoute> not given twice in its zone (counting the reverse of a symmetrical one). */
#ifndef PLATFORM_ORDER_H
#define PLATFORM_ORDER_H

#include "platform_reader.h"

int platform_check_zone_order(reader *r, const xmlNode *zone);
int platform_check_root_order(reader *r, const xmlNode *root);
int platform_check_route_unique(reader *r, const xmlNode *n, int zone, const char *src, const char *dst,
                                int symmetrical);

#endif
