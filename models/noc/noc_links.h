/* noc_links: what a binding's stage flows put on each mesh link per item (XY routes): loads, the busiest link,
 * and the links where flows of different senders meet. */
#ifndef NOC_LINKS_H
#define NOC_LINKS_H

#include "noc_binding.h"

/* load[link id] (noc_link_id_count entries) = Σ volume of the flows whose XY route crosses the mesh link (the
 * ports left at 0: a stage's port load does not depend on where it is placed, so the bindings ignore it). */
void noc_link_loads(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows, double *load);

/* The busiest link's or port's volume per item, scaled by mesh link bandwidth / its bandwidth; × comm_factor it
 * is the time the link is busy per item, a lower bound on the period whatever the arbitration (a link carries
 * one byte at a time at its bandwidth). Routes include the ports when the chip has them: flows converging on
 * one core share its ejection port. -1 out of memory. */
double noc_link_max_volume(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows);

/* Links and ports crossed by flows of two or more different senders. A stage writes its flows one after another, so two
 * flows of one sender never share a link at the same time; flows of different senders can. -1 out of memory. */
int noc_contended_links(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows);

#endif
