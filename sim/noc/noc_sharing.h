/* noc_sharing: equal shares of a saturated link under SimGrid's CM02, the route latencies kept outside the links.
 *
 * CM02 gives a flow a share of a saturated link inversely proportional to its sharing penalty, which is the sum
 * of its route's link latencies (SimGrid's network_cm02.cpp; weight-S is 0 under CM02). A flow whose route has no
 * latency gets penalty 1, whatever its length: every flow then has the same penalty and a saturated link is split
 * equally, as round-robin router arbitration splits it. So for fair sharing the latency of every link a core's
 * route crosses is set to 0 once the platform is loaded, and each message waits its route's original latency
 * (recorded first) before it is posted: the latency phase of a CM02 transfer uses no bandwidth, so a message still
 * takes exactly route latency + bytes / bandwidth when it has its links to itself, and the chip's latencies and
 * bandwidths are unchanged.
 *
 * CM02 also charges every flow 0.05 of its rate on each link of its reverse route (SimGrid's
 * network/crosstraffic, on by default: TCP's acknowledgements), so under it a flow slows the links and ports
 * of flows going the other way, which on a chip carry no acknowledgements: a relay (0,0) -> (1,0) -> (2,0)
 * whose two writes overlap shares no link, yet each write took 1.05 times as long (issue 25). Fair sharing
 * therefore runs with it off: NOC_FAIR_SIM_SETTING, given to SimGrid before the platform is loaded. */
#ifndef NOC_SHARING_H
#define NOC_SHARING_H

#include <simgrid/host.h>

#define NOC_FAIR_SIM_SETTING "network/crosstraffic:0"

typedef struct noc_route_delays {
  int n;          /* cores */
  double *core;   /* [n × n] seconds a message from core a to core b waits before it is posted */
  double *sup;    /* [n] the same for a heartbeat to the supervisor (what zeroing took off its route) */
} noc_route_delays;

/* Record the route latency between every ordered pair of hosts (NULL entries skipped; with pairs, an n × n
 * mask, only the pairs it marks) and to the supervisor (sup may be NULL), then zero the latency of every link
 * those core-to-core routes cross. Call once, from an actor, before any message is posted. Returns 0, or -1 out
 * of memory (nothing changed). */
int noc_sharing_make_fair(sg_host_t *host, int n, const unsigned char *pairs, sg_host_t sup, noc_route_delays *out);
void noc_route_delays_free(noc_route_delays *d);

#endif
