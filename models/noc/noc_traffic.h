/* noc_traffic: fixed flows for the saturation experiment — a list of source -> destination cores or a named
 * pattern, the way cycle-level simulators characterise a network. */
#ifndef NOC_TRAFFIC_H
#define NOC_TRAFFIC_H

#include "noc.h"

#include <stdint.h>

typedef struct noc_traffic_pair {
  int src, dst; /* physical core ids */
} noc_traffic_pair;

/* spec is one of:
 *   parking-lot    row 0: cores (0,0) .. (W-2,0) each to (W-1,0)
 *   column-merge   into (0,H-1): from (1,0), (0,0), (0,1) .. (0,H-2) and (1,H-1): H + 1 flows whose round-robin
 *                  shares halve at every merge (on 4x4: 1/16, 1/16, 1/8, 1/4, 1/2)
 *   transpose      (x,y) -> (y,x) for every core off the diagonal (a square mesh)
 *   hotspot[:X:Y]  every other core to (X,Y) (default the centre (W/2, H/2))
 *   uniform        every core to one other core drawn uniformly (from seed)
 *   X:Y->X:Y,...   the listed flows
 * Broken cores neither send nor receive (a pattern leaves them out; a list naming one is an error). *out is
 * malloc'ed. GN_EINPUT naming the bad item. */
int noc_traffic_parse(const noc_chip *chip, const char *spec, uint64_t seed, noc_traffic_pair **out, int *n,
                      gn_error *err);

#endif
