/* noc_net: a flow-level network of our own for a link-sharing rule SimGrid's solver cannot express.
 *
 * SimGrid shares a link by (weighted) max-min over the flows crossing it; round-robin per input port (`rr`,
 * models/noc/noc_share_rr.c) depends on where each flow enters each router, which no per-flow weight expresses,
 * and first come, first served (`oldest`, noc_share_oldest.c) on when each message started. So under these
 * rules the messages' bytes do not cross SimGrid links: a controller actor keeps the set of messages in
 * flight, and whenever it changes (a message starts or ends) computes every message's rate with the rule,
 * exactly, then sleeps until the next message ends or a new one starts. Between two such events the rates are
 * constant, so each message ends exactly when its bytes are through (to SimGrid's 1 ns clock precision). The
 * messages' latencies, buffers and rendezvous stay SimGrid's (noc_pipeline.c). */
#ifndef NOC_NET_H
#define NOC_NET_H

#include "noc_share.h"

#include <simgrid/host.h>
#include <simgrid/semaphore.h>

typedef struct noc_net noc_net;

/* A network on chip's links and ports under rule; its controller (a daemon actor) runs on host. NULL out of
 * memory. Call before the simulation runs. */
noc_net *noc_net_start(const noc_chip *chip, const noc_share_rule *rule, sg_host_t host);

/* From an actor: send bytes from core src to core dst; returns when they are through (done is the caller's
 * own semaphore, at 0, released by the controller). */
void noc_net_transfer(noc_net *net, int src, int dst, double bytes, sg_sem_t done);

/* After the simulation: the rule's error, if it failed (then every message in flight was released and the run's
 * numbers are void), else GN_OK. */
int noc_net_error(const noc_net *net, gn_error *err);
long noc_net_events(const noc_net *net); /* rate computations (one per change of the set of messages) */
void noc_net_free(noc_net *net);

#endif
