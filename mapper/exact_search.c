/* exact_search: depth-first search for a partition with period <= T, stage by stage. A stage's set S is chosen
 * by deciding its candidates (unplaced tasks whose window has begun) in a topological order (the graph's, or one
 * the caller gives: exact_search_decide_ordered): a task may join when
 * all its predecessors are placed; one whose window ends here must join. With the sender paying, a stage's cost
 * depends on S alone, so partial costs prune soundly: the load so far plus the communication already sure to be
 * paid (to successors that left or cannot join). A placed set that failed at stage s is remembered (the whole
 * set is stored: a hash collision can never turn into a false proof).
 *
 * Maximal stages. Of the partitions with period <= T that complete the placed set, take the one whose prefix sizes
 * (|stages 0..s|, |stages 0..s+1|, ...) are lexicographically largest. In it, a task t left out of stage s while
 * ready (its predecessors placed or in the stage) and fitting (cost(S + t) <= T) is alone in its stage: otherwise
 * moving t into stage s keeps every stage within T (t has no predecessor in its own stage, so that stage only loses
 * t's load and edges) and every stage non-empty, with a larger prefix. So a stage S is only followed up when every
 * such t can be a stage of its own and the other unplaced tasks fit into the stages left beside those singletons.
 * That completion's later stages are maximal in turn, so a set that fails under the test has no completion at all:
 * the memory stays sound. The test runs only when some edge costs something: without communication the search
 * settles the graphs measured anyway, and the partitions it finds (the committed results) stay as they were.
 *
 * With communication three more cuts, each removing only branches that hold no partition with period <= T (brute
 * force in tests/unit/test_mapper_bruteforce.c): the look-ahead (an undecided candidate v the stage sends to either
 * joins, adding load(v), or stays out and is paid for: the stage costs at least load + sure + the sum over such v of
 * min(load(v), what it is sent)); blocked candidates (one left out while ready, or with a predecessor that cannot
 * join, can never join this stage: it stops counting toward what the stage must take, what it is sent is paid
 * whole, and one whose window ends here ends the branch); and the weights w of the later stages raised to the
 * minimum-cut least payments of exact_search_pay.c where those are cheap to compute. */
#include "exact_search.h"

#include "exact_memo.h"
#include "mapper.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct dfs {
  const taskgraph *g;
  int n, N;
  double cf, T, tol, total;
  const int *first, *last;
  const int *guide; /* a partition whose choices are tried first, or NULL (join first) */
  const int *topo;  /* the order in which candidates are decided: a topological order of the graph */
  int *stage;   /* -1 = not placed */
  int *cand;    /* per stage depth: candidate lists, n per stage (stage s uses cand + s * n) */
  double *suffix_load, *suffix_forced, *suffix_w; /* likewise, n + 1 per stage */
  double *w;            /* per task: load + the least its stage pays for its edges at period T (mapper_bound.c) */
  double *pend;         /* with communication, n per stage: per candidate, comm_factor x the volume from the stage
                           to it (what the stage pays if it stays out) */
  int *dead_preds;      /* with communication, n per stage: per candidate, how many of its unplaced predecessors
                           cannot be in the stage (not candidates, left out, or blocked in turn): 0 = may join */
  double *out_comm;     /* per task: comm_factor x the volume of its outgoing edges */
  /* The graph's adjacency in flat arrays, slot for slot as g->succ_edge / g->pred_edge (one load per edge, not
   * two): the task at the other end and comm_factor x the edge's volume (the same product, computed once). */
  int *succ_dst, *pred_src;
  double *succ_c, *pred_c;
  int *unplaced_preds;  /* per task: how many of its predecessors are not placed (0 = ready) */
  int *undo;            /* the candidates whose dead_preds count block() raised, in order (unblock lowers them) */
  size_t undo_len, undo_cap;
  double total_w, placed_w;
  int *n_cand;
  double placed_load;
  int placed_count;
  size_t words;
  uint64_t *placed; /* bit set of placed tasks (the memo's key), kept as tasks join and leave stages */
  /* Where stage s's candidates lie in the topological order: from scan_from[s] (every task before it placed; found
   * from the previous stage's) to scan_end[s] (no task from there on has a window begun at s) */
  int *scan_from, *scan_end;
  exact_memory *mem;
  long nodes, max_nodes, clock_tick;
  double deadline_s;
  int stopped, oom;
  int maximal; /* apply the maximal-stage test */
} dfs;

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The lesser of two finite non-negative numbers, inline (fmin is a library call without -ffast-math; it differs
 * from this only for NaN and the sign of a zero, which no comparison below sees). */
static inline double lesser(double a, double b) { return b < a ? b : a; }

static int stage_search(dfs *d, int s);

/* The maximal-stage test (header comment) for stage s = the candidates placed at s, of cost `cost`: 0 when no
 * completion can follow it. */
static int stage_is_maximal(dfs *d, int s, double cost, double load, double wsum, int size) {
  if (s == d->N - 1)
    return 1;
  const taskgraph *g = d->g;
  const int *cand = d->cand + (size_t)s * d->n;
  double cap = d->T + d->tol, rest_load = d->total - d->placed_load - load, rest_w = d->total_w - d->placed_w - wsum;
  int later = d->N - 1 - s, rest = d->n - d->placed_count - size;
  for (int k = 0; k < d->n_cand[s]; k++) {
    int t = cand[k], ready = d->stage[t] < 0;
    double into = 0; /* edges from the stage to t: they stop being paid when t joins */
    for (int j = g->pred_off[t]; j < g->pred_off[t + 1] && ready; j++) {
      int u = d->pred_src[j];
      ready = d->stage[u] >= 0;
      if (d->stage[u] == s)
        into += d->pred_c[j];
    }
    if (!ready || cost + g->load[t] + d->out_comm[t] - into > cap)
      continue;
    /* t fits beside the stage: in the completion above it is a stage of its own */
    if (g->load[t] + d->out_comm[t] > cap || --later < 0)
      return 0;
    rest_load -= g->load[t];
    rest_w -= d->w[t];
    rest--;
  }
  return rest >= later && (later > 0 || rest == 0) && rest_load <= later * cap + d->tol &&
         rest_w <= later * cap + d->tol;
}

/* Candidate v of stage s can no longer join it (a predecessor left out or blocked): neither can its successors.
 * Adds to *gone the load and weight of the candidates that stop being available, to *more_look what the stage
 * now surely pays for them beyond their term in look (all it sends them); *doomed when one must join. */
static void block(dfs *d, int s, int v, int log, double *gone_load, double *gone_w, double *more_look,
                  int *doomed) {
  const taskgraph *g = d->g;
  int *dead = d->dead_preds + (size_t)s * d->n;
  const double *pend = d->pend + (size_t)s * d->n;
  for (int j = g->succ_off[v]; j < g->succ_off[v + 1]; j++) {
    int x = d->succ_dst[j];
    if (d->first[x] > s)
      continue;
    if (log)
      d->undo[d->undo_len++] = x;
    if (dead[x]++ == 0) {
      *gone_load += g->load[x];
      *gone_w += d->w[x];
      *more_look += pend[x] - lesser(pend[x], g->load[x]); /* x is paid for now */
      *doomed |= d->last[x] <= s;
      block(d, s, x, log, gone_load, gone_w, more_look, doomed);
    }
  }
}

/* Room in the undo log for one block() (it raises at most one count per edge: a candidate is blocked once, and a
 * ready one left out was not blocked); 0 when there is no memory for it (block() then logs nothing and unblock()
 * walks the graph again). */
static int undo_room(dfs *d) {
  return exact_log_reserve(&d->undo, &d->undo_cap, d->undo_len + (size_t)d->g->n_edges);
}

/* Undoes a logged block() that began at undo_len = mark: the same counts lowered, without walking the graph. */
static void unblock_logged(dfs *d, int s, size_t mark) {
  int *dead = d->dead_preds + (size_t)s * d->n;
  while (d->undo_len > mark)
    dead[d->undo[--d->undo_len]]--;
}

/* Undoes block(d, s, v, 0, ...). */
static void unblock(dfs *d, int s, int v) {
  const taskgraph *g = d->g;
  int *dead = d->dead_preds + (size_t)s * d->n;
  for (int j = g->succ_off[v]; j < g->succ_off[v + 1]; j++) {
    int x = d->succ_dst[j];
    if (d->first[x] <= s && --dead[x] == 0)
      unblock(d, s, x);
  }
}

/* Deciding candidates k.. of stage s; load, sure: the stage's load and the communication it surely pays so far;
 * look: with communication, the least the undecided candidates still add (each v that some task of the stage sends
 * to either joins, adding load(v), or stays out and is paid for: min(load(v), pend[v]), each v counted once). */
static int choose(dfs *d, int s, int k, double load, double sure, double look, double wsum, int size, double avail,
                  double avail_w) {
  if ((d->max_nodes > 0 && ++d->nodes > d->max_nodes) || (++d->clock_tick % 4096 == 0 && cpu_s() > d->deadline_s))
    d->stopped = 1;
  if (d->stopped)
    return 0;
  const int *cand = d->cand + (size_t)s * d->n;
  const double *sl = d->suffix_load + (size_t)s * (d->n + 1), *sf = d->suffix_forced + (size_t)s * (d->n + 1);
  const double *sw = d->suffix_w + (size_t)s * (d->n + 1);
  double need = d->total - d->placed_load - (d->N - 1 - s) * d->T; /* what this stage must take at least */
  /* Likewise counting what the later stages must pay: each of their tasks u costs at least w[u] there. */
  double need_w = d->total_w - d->placed_w - (d->N - 1 - s) * d->T;
  if (!d->dead_preds) /* without communication: every candidate left counts as available */
    avail = sl[k], avail_w = sw[k];
  if (load + sure + look > d->T + d->tol || load + sf[k] > d->T + d->tol || load + avail < need - d->tol ||
      wsum + avail_w < need_w - d->tol)
    return 0;
  const taskgraph *g = d->g;
  if (k == d->n_cand[s]) {
    if (size == 0 || (d->maximal && !stage_is_maximal(d, s, load + sure, load, wsum, size)))
      return 0;
    d->placed_load += load;
    d->placed_w += wsum;
    d->placed_count += size;
    if (stage_search(d, s + 1))
      return 1;
    d->placed_load -= load;
    d->placed_w -= wsum;
    d->placed_count -= size;
    return 0;
  }
  int t = cand[k], ready = d->unplaced_preds[t] == 0;
  int may_leave = d->last[t] > s;
  /* The guide (if any) says which branch first: t joins now when the guide has it here or earlier. */
  int join_first = !d->guide || d->guide[t] <= s;
  double *pend = d->pend ? d->pend + (size_t)s * d->n : NULL;
  if (pend) /* t is decided now: both branches add at least its term (all of pend[t] when it cannot join) */
    look -= !ready ? pend[t] : lesser(pend[t], g->load[t]);
  if (d->dead_preds && d->dead_preds[(size_t)s * d->n + t] == 0) /* t was available: it is decided now */
    avail -= g->load[t], avail_w -= d->w[t];
  for (int branch = 0; branch < 2 && !d->stopped; branch++) {
    if ((branch == 0) == join_first) {
      if (!ready)
        continue;
      double pays = 0, adds = 0; /* t joins: it pays for successors that cannot join this stage */
      for (int j = g->succ_off[t]; j < g->succ_off[t + 1]; j++) {
        int v = d->succ_dst[j];
        d->unplaced_preds[v]--; /* t is placed below */
        if (d->first[v] > s)
          pays += d->succ_c[j];
        else if (pend) { /* a later candidate: it joins or is paid for */
          /* a blocked one is paid for whole: its term is pend[v] (block) */
          double lv = d->dead_preds[(size_t)s * d->n + v] ? HUGE_VAL : g->load[v], before = lesser(pend[v], lv);
          pend[v] += d->succ_c[j];
          adds += lesser(pend[v], lv) - before;
        }
      }
      d->stage[t] = s;
      d->placed[t >> 6] |= (uint64_t)1 << (t & 63);
      int found = choose(d, s, k + 1, load + g->load[t], sure + pays, look + adds, wsum + d->w[t], size + 1, avail,
                         avail_w);
      if (found)
        return 1;
      for (int j = g->succ_off[t]; j < g->succ_off[t + 1]; j++) {
        int v = d->succ_dst[j];
        d->unplaced_preds[v]++;
        if (pend && d->first[v] <= s)
          pend[v] -= d->succ_c[j];
      }
      d->stage[t] = -1;
      d->placed[t >> 6] &= ~((uint64_t)1 << (t & 63));
    } else {
      if (!may_leave)
        continue; /* t must be in this stage */
      double paid = 0; /* t stays out: its predecessors in this stage pay for it */
      for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++)
        if (d->stage[d->pred_src[j]] == s)
          paid += d->pred_c[j];
      if (d->dead_preds && ready) { /* t left out: its successors cannot join this stage either */
        double gone_load = 0, gone_w = 0, more_look = 0;
        int doomed = 0;
        size_t mark = d->undo_len;
        int log = undo_room(d);
        block(d, s, t, log, &gone_load, &gone_w, &more_look, &doomed);
        int found = !doomed && choose(d, s, k + 1, load, sure + paid, look + more_look, wsum, size,
                                      avail - gone_load, avail_w - gone_w);
        if (log)
          unblock_logged(d, s, mark);
        else
          unblock(d, s, t);
        if (found)
          return 1;
      } else if (choose(d, s, k + 1, load, sure + paid, look, wsum, size, avail, avail_w))
        return 1;
    }
  }
  return 0;
}

static int stage_search(dfs *d, int s) {
  if (s == d->N)
    return d->placed_count == d->n;
  if (d->n - d->placed_count < d->N - s)
    return 0; /* a stage would stay empty */
  int *cand = d->cand + (size_t)s * d->n, nc = 0, from = s > 0 ? d->scan_from[s - 1] : 0;
  while (from < d->n && d->stage[d->topo[from]] >= 0)
    from++;
  d->scan_from[s] = from;
  for (int k = from; k < d->scan_end[s]; k++) {
    int t = d->topo[k];
    if (d->stage[t] < 0 && d->first[t] <= s)
      cand[nc++] = t;
  }
  d->n_cand[s] = nc;
  double *sl = d->suffix_load + (size_t)s * (d->n + 1), *sf = d->suffix_forced + (size_t)s * (d->n + 1);
  double *sw = d->suffix_w + (size_t)s * (d->n + 1);
  sl[nc] = sf[nc] = sw[nc] = 0;
  for (int k = nc - 1; k >= 0; k--) {
    sl[k] = sl[k + 1] + d->g->load[cand[k]];
    sw[k] = sw[k + 1] + d->w[cand[k]];
    sf[k] = sf[k + 1] + (d->last[cand[k]] <= s ? d->g->load[cand[k]] : 0);
  }
  uint64_t h = exact_memo_hash(d->placed, d->words, s);
  if (exact_memo_failed(d->mem, d->placed, d->words, s, h, d->T))
    return 0; /* failed before, at this period or a higher one */
  double avail = 0, avail_w = 0;
  if (d->pend) { /* nothing sent to the candidates yet; those with a predecessor that cannot join are blocked */
    double *pend = d->pend + (size_t)s * d->n;
    int *dead = d->dead_preds + (size_t)s * d->n;
    for (int k = 0; k < nc; k++) {
      int v = cand[k];
      pend[v] = 0;
      dead[v] = 0;
      for (int j = d->g->pred_off[v]; j < d->g->pred_off[v + 1]; j++) {
        int u = d->pred_src[j];
        dead[v] += d->stage[u] < 0 && (d->first[u] > s || dead[u] > 0);
      }
      if (dead[v] == 0)
        avail += d->g->load[v], avail_w += d->w[v];
    }
  }
  int found = choose(d, s, 0, 0, 0, 0, 0, 0, avail, avail_w);
  if (!found && !d->stopped) /* the set is as it was: every task choose() placed has left again */
    exact_memo_store(d->mem, d->placed, d->words, s, h, d->T);
  return found;
}

int exact_search_decide(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                        const int *last, const int *guide, double deadline_s, long max_nodes, partition *out,
                        exact_answer *answer, long *nodes_used, gn_error *err) {
  return exact_search_decide_kept(g, n_stages, comm_factor, T, first, last, guide, deadline_s, max_nodes, NULL, out,
                                  answer, nodes_used, err);
}

int exact_search_decide_kept(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                             const int *last, const int *guide, double deadline_s, long max_nodes, exact_memory *mem,
                             partition *out, exact_answer *answer, long *nodes_used, gn_error *err) {
  return exact_search_decide_ordered(g, n_stages, comm_factor, T, first, last, guide, NULL, deadline_s, max_nodes,
                                     mem, out, answer, nodes_used, err);
}

int exact_search_decide_ordered(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                                const int *last, const int *guide, const int *topo, double deadline_s, long max_nodes,
                                exact_memory *mem, partition *out, exact_answer *answer, long *nodes_used,
                                gn_error *err) {
  int n = g->n_tasks;
  exact_memory *own = mem ? NULL : exact_memory_new();
  dfs d = {.g = g, .n = n, .N = n_stages, .cf = comm_factor, .T = T, .tol = 1e-9 * (T > 1 ? T : 1),
           .first = first, .last = last, .guide = guide, .topo = topo ? topo : g->topo,
           .words = ((size_t)n + 63) / 64, .max_nodes = max_nodes, .deadline_s = deadline_s, .mem = mem ? mem : own};
  for (int t = 0; t < n; t++)
    d.total += g->load[t];
  d.stage = malloc((size_t)n * sizeof *d.stage);
  d.cand = malloc((size_t)n * (size_t)n_stages * sizeof *d.cand);
  d.suffix_load = malloc(((size_t)n + 1) * (size_t)n_stages * sizeof *d.suffix_load);
  d.suffix_forced = malloc(((size_t)n + 1) * (size_t)n_stages * sizeof *d.suffix_forced);
  d.suffix_w = malloc(((size_t)n + 1) * (size_t)n_stages * sizeof *d.suffix_w);
  d.w = malloc(((size_t)n + 1) * sizeof *d.w);
  d.out_comm = calloc((size_t)n + 1, sizeof *d.out_comm);
  d.n_cand = malloc((size_t)n_stages * sizeof *d.n_cand);
  d.placed = malloc(d.words * 8);
  d.succ_dst = malloc(((size_t)g->n_edges + 1) * sizeof *d.succ_dst);
  d.pred_src = malloc(((size_t)g->n_edges + 1) * sizeof *d.pred_src);
  d.succ_c = malloc(((size_t)g->n_edges + 1) * sizeof *d.succ_c);
  d.pred_c = malloc(((size_t)g->n_edges + 1) * sizeof *d.pred_c);
  d.unplaced_preds = malloc(((size_t)n + 1) * sizeof *d.unplaced_preds);
  d.scan_from = malloc(((size_t)n_stages + 1) * sizeof *d.scan_from);
  d.scan_end = calloc((size_t)n_stages + 1, sizeof *d.scan_end);
  /* a memory kept for another graph, stage count or cost of communication starts empty */
  int memo_ok = d.mem && exact_memo_prepare(d.mem, n, n_stages, comm_factor);
  int rc = GN_OK;
  if (!d.stage || !d.cand || !d.suffix_load || !d.suffix_forced || !d.suffix_w || !d.w || !d.out_comm || !d.n_cand ||
      !d.placed || !d.succ_dst || !d.pred_src || !d.succ_c || !d.pred_c || !d.unplaced_preds || !d.scan_from ||
      !d.scan_end || !memo_ok || mapper_forced_payments(g, comm_factor, T, d.w) != GN_OK ||
      (comm_factor > 0 && (long)n * (n + g->n_edges) <= EXACT_SEARCH_PAY_SIZE &&
       exact_search_raise_payments(g, comm_factor, T, d.w) != GN_OK))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory (exact search)");
  else {
    int fits = 1;
    for (int t = 0; t < n; t++) {
      fits &= d.w[t] >= 0; /* a task that fits in no stage: no partition at all */
      d.w[t] += g->load[t];
      d.total_w += d.w[t];
    }
    memset(d.placed, 0, d.words * 8);
    for (int k = 0; k < n; k++) /* a task's window begins at first[t] (or past the last stage) */
      if (first[d.topo[k]] < n_stages)
        d.scan_end[first[d.topo[k]] < 0 ? 0 : first[d.topo[k]]] = k + 1;
    for (int s = 1; s < n_stages; s++)
      if (d.scan_end[s] < d.scan_end[s - 1])
        d.scan_end[s] = d.scan_end[s - 1];
    for (int t = 0; t < n; t++) {
      d.stage[t] = -1;
      d.unplaced_preds[t] = g->pred_off[t + 1] - g->pred_off[t];
      for (int j = g->succ_off[t]; j < g->succ_off[t + 1]; j++) {
        d.succ_dst[j] = g->edge[g->succ_edge[j]].dst;
        d.succ_c[j] = comm_factor * g->edge[g->succ_edge[j]].volume;
      }
      for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++) {
        d.pred_src[j] = g->edge[g->pred_edge[j]].src;
        d.pred_c[j] = comm_factor * g->edge[g->pred_edge[j]].volume;
      }
    }
    for (int e = 0; e < g->n_edges; e++) {
      d.out_comm[g->edge[e].src] += comm_factor * g->edge[e].volume;
      d.maximal |= comm_factor * g->edge[e].volume > 0;
    }
    if (d.maximal) {
      d.pend = malloc((size_t)n * (size_t)n_stages * sizeof *d.pend);
      d.dead_preds = malloc((size_t)n * (size_t)n_stages * sizeof *d.dead_preds);
    }
    int found = 0;
    if (d.maximal && (!d.pend || !d.dead_preds))
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory (exact search)");
    else
      found = fits && stage_search(&d, 0);
    *answer = found ? EXACT_YES : d.stopped ? EXACT_UNKNOWN : EXACT_NO;
    if (found)
      memcpy(out->stage, d.stage, (size_t)n * sizeof *d.stage);
  }
  *nodes_used = d.nodes;
  exact_memory_free(own); /* a memory of this question alone (none when mem was given) */
  free(d.stage);
  free(d.cand);
  free(d.suffix_load);
  free(d.suffix_forced);
  free(d.suffix_w);
  free(d.w);
  free(d.out_comm);
  free(d.pend);
  free(d.dead_preds);
  free(d.n_cand);
  free(d.placed);
  free(d.succ_dst);
  free(d.pred_src);
  free(d.succ_c);
  free(d.pred_c);
  free(d.unplaced_preds);
  free(d.scan_from);
  free(d.scan_end);
  free(d.undo);
  return rc;
}
