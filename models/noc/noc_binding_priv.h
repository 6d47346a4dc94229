/* noc_binding_priv: what the binding methods (one file each beyond snake and comm) share. */
#ifndef NOC_BINDING_PRIV_H
#define NOC_BINDING_PRIV_H

#include "noc_binding.h"

/* The flows touching each stage: idx[off[s] .. off[s+1]) are indices into flows (a flow appears under both of
 * its stages). *off and *idx are malloc'ed; returns 0, or -1 out of memory (nothing allocated). */
int noc_binding_stage_index(const noc_flow *flows, int n_flows, int n_stages, int **off, int **idx);

/* A local search over stage placements: for each stage s and logical core c in order, the move of s to c (a swap
 * with the stage t on c, or t = -1 on a free core). leave(s, t) is called before the move is applied (NULL: not
 * needed), arrive(s, t) after: 1 keeps the move. A rejected move is undone between leave and restore (NULL: not
 * needed). Stops after a pass without a kept move, or after `passes`. skip_seen_swaps skips the swap of s and an
 * earlier stage t (tried from t's side already). owner[core] = stage or -1, kept up to date. */
typedef struct noc_binding_search_ops {
  void *ctx;
  void (*leave)(void *ctx, int s, int t);
  int (*arrive)(void *ctx, int s, int t);
  void (*restore)(void *ctx, int s, int t);
} noc_binding_search_ops;
void noc_binding_search(const noc_binding_search_ops *ops, const int *logical, int k, int n_stages,
                        int *stage_core, int *owner, int passes, int skip_seen_swaps);
/* owner[core] = the stage on it, or -1 (malloc'ed, noc_core_count entries; NULL out of memory). */
int *noc_binding_owners(const noc_chip *chip, const int *stage_core, int n_stages);

/* The methods of the registry (noc_binding_registry.c), with noc_binding_method's signature. "snake": stage i on
 * logical core Pi. "comm": the snake, then moves/swaps lowering Σ volume × hops. */
int noc_bind_snake(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows,
                   int n_flows, int *stage_core, gn_error *err);
int noc_bind_comm(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows,
                  int n_flows, int *stage_core, gn_error *err);
/* "links": the comm binding, then moves/swaps lowering the busiest link's volume (then Σ load²). */
int noc_bind_links(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows,
                   int n_flows, int *stage_core, gn_error *err);

#endif
