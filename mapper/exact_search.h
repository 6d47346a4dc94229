/* exact_search: the decision "is there a valid N-stage partition with period <= T?" answered by depth-first
 * search over the stages in pipeline order (each stage a set of ready tasks, chosen by include/exclude in
 * topological order), inside the stage windows, remembering the placed sets that failed. Fast where the MIP is
 * slow: deep, narrow graphs with few ready tasks per stage. With communication a stage that leaves out a ready task
 * which would fit is followed up only when that task can be a stage of its own (exact_search.c: maximal stages). */
#ifndef EXACT_SEARCH_H
#define EXACT_SEARCH_H

#include "partition.h"

typedef enum exact_answer { EXACT_NO = 0, EXACT_YES = 1, EXACT_UNKNOWN = 2 } exact_answer;

/* first/last: the stage windows (exact_model_windows). guide (NULL: none): a partition (stage per task) whose
 * choices the search tries first — it finds a YES near a good partition sooner; a NO is the same proof. Stops at the process CPU time deadline_s or after
 * max_nodes search nodes (0 = none) with EXACT_UNKNOWN (*nodes_used: how many it took). YES fills out. The memory
 * of failed sets holds at most EXACT_SEARCH_MEMO sets and EXACT_SEARCH_MEMO_BYTES of them (then it stops
 * growing: the search stays correct, only slower). */
#define EXACT_SEARCH_MEMO (1 << 20)
#define EXACT_SEARCH_MEMO_BYTES (256L << 20)
int exact_search_decide(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                        const int *last, const int *guide, double deadline_s, long max_nodes, partition *out,
                        exact_answer *answer, long *nodes_used, gn_error *err);

/* The memory of failed sets kept across questions about one graph (same stage count and cost of communication;
 * another one clears it). A placed set that failed at period T1 fails at every T <= T1: its failure says no
 * partition with period <= T1 completes it (the windows are met by every such partition, the cuts remove none),
 * and a partition with period <= T is one of those. So a descent that asks lower and lower periods starts each
 * question with what the higher ones learnt, and a question asked again (exact after its incumbent's budget ran
 * out) goes on where the last one stopped. A set known to fail only below T is searched again at T. */
typedef struct exact_memory exact_memory;
exact_memory *exact_memory_new(void); /* NULL: out of memory */
void exact_memory_free(exact_memory *mem);

/* exact_search_decide with the failed sets of earlier questions kept in mem (NULL: a memory for this question
 * alone, as exact_search_decide). A NO still proves that no partition has period <= T, and a YES is found in the
 * same order (what the memory skips holds none): only the nodes fall. */
int exact_search_decide_kept(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                             const int *last, const int *guide, double deadline_s, long max_nodes, exact_memory *mem,
                             partition *out, exact_answer *answer, long *nodes_used, gn_error *err);

/* exact_search_decide_kept deciding the candidates in the topological order topo (NULL: the graph's, g->topo)
 * instead: the same answers (a NO is the same proof; the memory of failed sets holds whatever the order), found
 * along other paths. */
int exact_search_decide_ordered(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                                const int *last, const int *guide, const int *topo, double deadline_s, long max_nodes,
                                exact_memory *mem, partition *out, exact_answer *answer, long *nodes_used,
                                gn_error *err);

/* The same decision searched from the sinks' side (exact_search_sink.c): the last stage first, each stage a set
 * whose successors are all placed, its cost known exactly as it grows. The same answers (a NO is a proof as well);
 * they come after other numbers of nodes, so a portfolio of the two sides settles questions either settles alone.
 * mem: the sinks' own memory of failed sets (NULL: one for this question alone), never one the sources' side uses:
 * the two store different sets under the same keys. */
int exact_search_decide_sinks(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                              const int *last, const int *guide, double deadline_s, long max_nodes, exact_memory *mem,
                              partition *out, exact_answer *answer, long *nodes_used, gn_error *err);

/* Raise pay[u] (the least task u pays for its edges in any partition with period <= T: mapper_forced_payments, -1
 * when no stage fits u) to a Lagrangian minimum-cut bound that follows kept successors down the graph
 * (exact_search_pay.c); GN_ENOMEM leaves it as it was. One maximum flow per task and multiplier tried: the stage
 * search asks it only where tasks x (tasks + edges) <= EXACT_SEARCH_PAY_SIZE. */
#define EXACT_SEARCH_PAY_SIZE 100000L
int exact_search_raise_payments(const taskgraph *g, double comm_factor, double T, double *pay);

#endif
