/* ring: the patent's logical rings: ring order, (r, o) addresses, capability shares,
 * m-redundant placement on ring successors, and the failed-queue formulas of B.4. */
#ifndef RING_H
#define RING_H

#include "gn_error.h"
#include "grid.h"

/* Ring order: indices 0..n-1 sorted by capability descending, ties by index ascending (stable), so the
 * ring is the same on every run. order[pos] = index; the successor of position pos is (pos + 1) % n. */
int ring_order(const double *cp, int n, int *order, gn_error *err);

/* Dynamic 2-D address: r = position of the cluster on the cluster ring, o = position of the node on its
 * node ring, both counted from 1 as in the patent. */
typedef struct ring_address {
  int r, o;
} ring_address;

/* The (r, o) address of every node of g for one iteration: the cluster ring orders clusters by the CCP of
 * their usable nodes, each node ring orders a cluster's usable nodes by CP (ties by index). usable[i] = 0
 * takes node i off its ring (NULL: every node is usable); its address, and that of every node of a cluster
 * with no usable node, is (0, 0). */
int ring_addresses(const grid *g, const unsigned char *usable, ring_address *addr, gn_error *err);

/* Exact integer apportionment of total units in proportion to weights (largest remainder / Hamilton):
 * each share gets floor(total·w/Σw), the units left over go one each to the largest fractional remainders,
 * ties to the lower index. Σ shares = total exactly and |share − quota| < 1. All-zero weights share equally.
 * Negative weights are an error. */
int ring_apportion(const double *weights, int n, long total, long *shares, gn_error *err);

/* m-redundant placement on one ring of p members (ring order), over `units` consecutive units:
 * member at position j gets its capability share as a contiguous primary block, and that block is split
 * evenly (ring_apportion with equal weights) over its m successors j+1..j+m, so every unit is placed twice
 * (patent). m is clamped to p−1 (a member cannot back itself up); with p = 1 there is no replica.
 * primary[u] and replica[u] are ring positions (replica −1 when none). */
int ring_place(const double *cp_in_ring_order, int p, long units, int m, int *primary, int *replica, gn_error *err);

/* Patent B.4, expected failed-queue data for one segment of m+1 equal nodes with share T each and node
 * failure probability q: the series (T/m²)(q² + 2q³ + … + (m−1)q^m) and the patent's closed form
 * T/(m²(1−q)²) − (T/m)·q^(m+1)/(1−q). They disagree: both are kept to be measured. */
double ring_failed_queue_series(double T, int m, double q);
double ring_failed_queue_closed(double T, int m, double q);

#endif
