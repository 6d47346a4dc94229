/* exact_search_sink: the decision "a partition with period <= T?" searched from the sinks' side — the last stage
 * first, then the one before it, ... (exact_search.h: exact_search_decide_sinks). The placed set U is an upset
 * (every successor of a placed task placed), and the next stage S (stage s, below those placed) is a set of
 * unplaced tasks whose successors are all placed or in S, chosen by deciding its candidates (unplaced tasks whose
 * window reaches down to s) in a reversed topological order: a task may join when every unplaced successor joined;
 * one whose window begins at s must join. With the sender paying, what S costs is known exactly as it grows: a task
 * t that joins adds load(t) + what it sends to the stages placed before (its successors in S cost nothing, and it
 * has no predecessor in S). What S's tasks are sent by unplaced tasks is paid later, by those tasks.
 *
 * Pruning, each removing only branches that hold no partition with period <= T (brute force in
 * tests/unit/test_mapper_bruteforce.c):
 * - the stage's cost plus what its undecided must-join candidates add is at most T;
 * - what the stages still to come (s of them) cost is at least, per task u they hold, r(u) = the larger of w(u)
 *   (load + the least payment for its edges at T, as on the sources' side) and load(u) + what u sends to the tasks
 *   placed so far (U and S: it is surely paid, u being below them); the tasks that cannot be in S (not candidates,
 *   left out, or with a successor that cannot join) sum to at most s T;
 * - maximal stages, as on the sources' side but in the other direction: of the partitions completing U, take the
 *   one whose suffix sizes (|stage N-1|, |stages N-2..N-1|, ...) are lexicographically largest. A candidate t left
 *   out of S while ready (its successors placed or in S) and fitting (cost(S) + load(t) + what t sends to U <= T)
 *   whose load and outgoing edges weigh at least its incoming ones (load(t) + out(t) >= in(t)) is alone in its
 *   stage X there: moving t from X into S keeps S within T, and X loses load(t) and out(t) and gains at most in(t)
 *   (what X's tasks send t), so it stays within T; every other stage pays what it paid; X stays non-empty unless
 *   X = {t}; and the suffix sizes grow. So S is only followed up when every such t can be a stage of its own and
 *   the rest fits into the stages left beside them. A set that fails under the test has no completion at all: the
 *   memory stays sound.
 * - the memory of failed sets: a placed set (an upset) and the stage below it (exact_memo.h), the sinks' own. */
#include "exact_search.h"

#include "exact_memo.h"
#include "mapper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct sink_dfs {
  const taskgraph *g;
  int n, N;
  double T, tol;
  const int *first, *last, *guide;
  int *stage;            /* -1 = not placed */
  int *order;            /* a reversed topological order: every task after its successors */
  int *cand, *n_cand;    /* per stage: the candidates, in `order`'s order (n per stage) */
  double *base;          /* per stage, per unplaced task: load + what it sends to the tasks placed before the stage */
  double *pend;          /* per stage, per unplaced task: what it sends to the stage's tasks so far */
  double *suffix_forced; /* per stage: from candidate k on, the sum of base over those that must join (n + 1) */
  int *dead;             /* per stage, per candidate: how many of its unplaced successors cannot be in the stage */
  char *out;             /* per stage, per unplaced task: counted in the stage's `rest` (cannot be, or is not, in S) */
  double *w;             /* per task: load + the least it pays for its edges at period T */
  double *in_c, *out_c;  /* per task: comm_factor x the volume it receives / sends */
  int *succ_dst, *pred_src;
  double *succ_c, *pred_c;
  int *undo; /* the tasks block() counted, in order */
  size_t undo_len, undo_cap;
  int placed_count;
  size_t words;
  uint64_t *placed;
  exact_memory *mem;
  long nodes, max_nodes, clock_tick;
  double deadline_s;
  int stopped, oom;
} sink_dfs;

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

static int sink_stage(sink_dfs *d, int s);

/* What u costs in any stage below the tasks placed so far, with `pend` sent to the stage being built. */
static double least(const sink_dfs *d, int s, int u) {
  double sure = d->base[(size_t)s * d->n + u] + d->pend[(size_t)s * d->n + u];
  return sure > d->w[u] ? sure : d->w[u];
}

/* Candidate v of stage s can no longer join it (a successor left out or blocked): neither can its predecessors
 * among the candidates. Each one newly blocked moves into the rest (adding its least cost to *rest); *doomed when
 * one must join. The counts raised are logged for unblock(). */
static void block(sink_dfs *d, int s, int v, double *rest, double *gone, int *doomed) {
  const taskgraph *g = d->g;
  int *dead = d->dead + (size_t)s * d->n;
  char *out = d->out + (size_t)s * d->n;
  for (int j = g->pred_off[v]; j < g->pred_off[v + 1]; j++) {
    int x = d->pred_src[j];
    if (d->stage[x] >= 0 || d->last[x] < s)
      continue; /* placed, or not a candidate (already in the rest) */
    d->undo[d->undo_len++] = x;
    if (dead[x]++ == 0) {
      out[x] = 1;
      *rest += least(d, s, x);
      *gone += d->base[(size_t)s * d->n + x];
      *doomed |= d->first[x] >= s;
      block(d, s, x, rest, gone, doomed);
    }
  }
}

/* Room in the undo log for one block() (one count per edge at most: a candidate is blocked once a stage); 0 when
 * there is no memory for it. */
static int undo_room(sink_dfs *d) {
  return exact_log_reserve(&d->undo, &d->undo_cap, d->undo_len + (size_t)d->g->n_edges);
}

static void unblock(sink_dfs *d, int s, size_t mark) {
  int *dead = d->dead + (size_t)s * d->n;
  char *out = d->out + (size_t)s * d->n;
  while (d->undo_len > mark) {
    int x = d->undo[--d->undo_len];
    if (--dead[x] == 0)
      out[x] = 0;
  }
}

/* The maximal-stage test (header comment) for the complete stage s of cost `cost` holding `size` tasks, `rest` the
 * least the tasks below it cost: 0 when no completion can follow it. */
static int sink_stage_is_maximal(sink_dfs *d, int s, double cost, double rest, int size) {
  if (s == 0)
    return 1;
  const int *cand = d->cand + (size_t)s * d->n;
  const int *dead = d->dead + (size_t)s * d->n;
  double cap = d->T + d->tol;
  int later = s, left = d->n - d->placed_count - size;
  for (int k = 0; k < d->n_cand[s]; k++) {
    int t = cand[k];
    if (d->stage[t] >= 0 || dead[t] > 0 || d->g->load[t] + d->out_c[t] < d->in_c[t] ||
        cost + d->base[(size_t)s * d->n + t] > cap)
      continue;
    /* t fits beside the stage: in the completion above it is a stage of its own */
    if (d->g->load[t] + d->out_c[t] > cap || --later < 0)
      return 0;
    rest -= least(d, s, t);
    left--;
  }
  return left >= later && (later > 0 || left == 0) && rest <= later * cap + d->tol;
}

/* Deciding candidates k.. of stage s; cost: the stage's cost so far (exact); rest: the least the tasks that will
 * not be in the stage cost below it; undecided: what the undecided candidates that may still join add at least,
 * wherever they go (joining, base; below, at least as much). */
static int sink_choose(sink_dfs *d, int s, int k, double cost, double rest, double undecided, int size) {
  if ((d->max_nodes > 0 && ++d->nodes > d->max_nodes) || (++d->clock_tick % 4096 == 0 && cpu_s() > d->deadline_s))
    d->stopped = 1;
  if (d->stopped)
    return 0;
  const double *sf = d->suffix_forced + (size_t)s * (d->n + 1);
  if (cost + sf[k] > d->T + d->tol || rest > s * d->T + d->tol || cost + rest + undecided > (s + 1) * d->T + d->tol)
    return 0;
  const taskgraph *g = d->g;
  if (k == d->n_cand[s]) {
    int left = d->n - d->placed_count - size;
    if (size == 0 || left < s || (s == 0 && left > 0) || !sink_stage_is_maximal(d, s, cost, rest, size))
      return 0;
    d->placed_count += size;
    if (sink_stage(d, s - 1))
      return 1;
    d->placed_count -= size;
    return 0;
  }
  int t = d->cand[(size_t)s * d->n + k];
  int *dead = d->dead + (size_t)s * d->n;
  char *out = d->out + (size_t)s * d->n;
  double *pend = d->pend + (size_t)s * d->n;
  if (dead[t] > 0) /* blocked: it stays out, already in the rest */
    return sink_choose(d, s, k + 1, cost, rest, undecided, size);
  undecided -= d->base[(size_t)s * d->n + t]; /* t is decided now */
  int join_first = !d->guide || d->guide[t] >= s;
  for (int branch = 0; branch < 2 && !d->stopped; branch++) {
    if ((branch == 0) == join_first) {
      /* t joins: its predecessors send to the stage; those in the rest now cost more below */
      double more = 0;
      for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++) {
        int p = d->pred_src[j];
        double before = least(d, s, p);
        pend[p] += d->pred_c[j];
        if (out[p])
          more += least(d, s, p) - before;
      }
      d->stage[t] = s;
      d->placed[t >> 6] |= (uint64_t)1 << (t & 63);
      int found = sink_choose(d, s, k + 1, cost + d->base[(size_t)s * d->n + t], rest + more, undecided,
                              size + 1);
      if (found)
        return 1;
      for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++)
        pend[d->pred_src[j]] -= d->pred_c[j];
      d->stage[t] = -1;
      d->placed[t >> 6] &= ~((uint64_t)1 << (t & 63));
    } else {
      if (d->first[t] >= s)
        continue; /* t must be in this stage */
      if (!undo_room(d)) {
        d->stopped = d->oom = 1;
        break;
      }
      double more = least(d, s, t), gone = 0;
      int doomed = 0;
      size_t mark = d->undo_len;
      out[t] = 1;
      block(d, s, t, &more, &gone, &doomed);
      int found = !doomed && sink_choose(d, s, k + 1, cost, rest + more, undecided - gone, size);
      unblock(d, s, mark);
      out[t] = 0;
      if (found)
        return 1;
    }
  }
  return 0;
}

static int sink_stage(sink_dfs *d, int s) {
  if (s < 0)
    return d->placed_count == d->n;
  if (d->n - d->placed_count < s + 1)
    return 0; /* a stage would stay empty */
  uint64_t h = exact_memo_hash(d->placed, d->words, s);
  if (exact_memo_failed(d->mem, d->placed, d->words, s, h, d->T))
    return 0; /* failed before, at this period or a higher one */
  const taskgraph *g = d->g;
  size_t off = (size_t)s * d->n;
  int *cand = d->cand + off, *dead = d->dead + off, nc = 0;
  double *base = d->base + off, *pend = d->pend + off, rest = 0, undecided = 0;
  char *out = d->out + off;
  int doomed = 0; /* a task that must join this stage cannot */
  for (int k = 0; k < d->n; k++) {
    int t = d->order[k];
    if (d->stage[t] >= 0)
      continue;
    base[t] = g->load[t];
    pend[t] = 0;
    dead[t] = 0;
    for (int j = g->succ_off[t]; j < g->succ_off[t + 1]; j++) {
      int x = d->succ_dst[j];
      if (d->stage[x] >= 0)
        base[t] += d->succ_c[j];
      else
        dead[t] += dead[x] > 0; /* x precedes t in `order`: its count is known */
    }
    out[t] = d->last[t] < s || dead[t] > 0; /* not a candidate, or blocked: it goes below, in the rest */
    if (d->last[t] < s)
      dead[t] = 1;
    else
      cand[nc++] = t;
    if (!out[t])
      undecided += base[t];
    else {
      rest += least(d, s, t);
      doomed |= d->first[t] >= s;
    }
  }
  d->n_cand[s] = nc;
  double *sf = d->suffix_forced + (size_t)s * (d->n + 1);
  sf[nc] = 0;
  for (int k = nc - 1; k >= 0; k--)
    sf[k] = sf[k + 1] + (d->first[cand[k]] >= s ? base[cand[k]] : 0);
  int found = !doomed && sink_choose(d, s, 0, 0, rest, undecided, 0);
  if (!found && !d->stopped) /* the set is as it was: every task placed below has left again */
    exact_memo_store(d->mem, d->placed, d->words, s, h, d->T);
  return found;
}

int exact_search_decide_sinks(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                              const int *last, const int *guide, double deadline_s, long max_nodes, exact_memory *mem,
                              partition *out, exact_answer *answer, long *nodes_used, gn_error *err) {
  int n = g->n_tasks;
  size_t cells = (size_t)n * (size_t)n_stages;
  exact_memory *own = mem ? NULL : exact_memory_new();
  sink_dfs d = {.g = g, .n = n, .N = n_stages, .T = T, .tol = 1e-9 * (T > 1 ? T : 1), .first = first, .last = last,
                .guide = guide, .words = ((size_t)n + 63) / 64, .max_nodes = max_nodes, .deadline_s = deadline_s,
                .mem = mem ? mem : own};
  d.stage = malloc(((size_t)n + 1) * sizeof *d.stage);
  d.order = malloc(((size_t)n + 1) * sizeof *d.order);
  d.cand = malloc((cells + 1) * sizeof *d.cand);
  d.n_cand = malloc(((size_t)n_stages + 1) * sizeof *d.n_cand);
  d.base = malloc((cells + 1) * sizeof *d.base);
  d.pend = malloc((cells + 1) * sizeof *d.pend);
  d.suffix_forced = malloc(((size_t)n + 1) * (size_t)n_stages * sizeof *d.suffix_forced);
  d.dead = malloc((cells + 1) * sizeof *d.dead);
  d.out = malloc(cells + 1);
  d.w = malloc(((size_t)n + 1) * sizeof *d.w);
  d.in_c = calloc((size_t)n + 1, sizeof *d.in_c);
  d.out_c = calloc((size_t)n + 1, sizeof *d.out_c);
  d.succ_dst = malloc(((size_t)g->n_edges + 1) * sizeof *d.succ_dst);
  d.pred_src = malloc(((size_t)g->n_edges + 1) * sizeof *d.pred_src);
  d.succ_c = malloc(((size_t)g->n_edges + 1) * sizeof *d.succ_c);
  d.pred_c = malloc(((size_t)g->n_edges + 1) * sizeof *d.pred_c);
  d.placed = calloc(d.words + 1, 8);
  int rc = GN_OK;
  if (!d.mem || !exact_memo_prepare(d.mem, n, n_stages, comm_factor) || !d.stage || !d.order || !d.cand ||
      !d.n_cand || !d.base || !d.pend || !d.suffix_forced || !d.dead || !d.out || !d.w || !d.in_c || !d.out_c ||
      !d.succ_dst || !d.pred_src || !d.succ_c || !d.pred_c || !d.placed ||
      mapper_forced_payments(g, comm_factor, T, d.w) != GN_OK ||
      (comm_factor > 0 && (long)n * (n + g->n_edges) <= EXACT_SEARCH_PAY_SIZE &&
       exact_search_raise_payments(g, comm_factor, T, d.w) != GN_OK))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory (exact search)");
  else {
    int fits = n_stages > 0;
    for (int t = 0; t < n; t++) {
      fits &= d.w[t] >= 0; /* a task that fits in no stage: no partition at all */
      d.w[t] += g->load[t];
      d.stage[t] = -1;
      d.order[t] = g->topo[n - 1 - t];
      for (int j = g->succ_off[t]; j < g->succ_off[t + 1]; j++) {
        d.succ_dst[j] = g->edge[g->succ_edge[j]].dst;
        d.succ_c[j] = comm_factor * g->edge[g->succ_edge[j]].volume;
        d.out_c[t] += d.succ_c[j];
      }
      for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++) {
        d.pred_src[j] = g->edge[g->pred_edge[j]].src;
        d.pred_c[j] = comm_factor * g->edge[g->pred_edge[j]].volume;
        d.in_c[t] += d.pred_c[j];
      }
    }
    int found = fits && sink_stage(&d, n_stages - 1);
    if (d.oom)
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory (exact search)");
    *answer = found ? EXACT_YES : d.stopped ? EXACT_UNKNOWN : EXACT_NO;
    if (found)
      memcpy(out->stage, d.stage, (size_t)n * sizeof *d.stage);
  }
  *nodes_used = d.nodes;
  exact_memory_free(own);
  free(d.stage);
  free(d.order);
  free(d.cand);
  free(d.n_cand);
  free(d.base);
  free(d.pend);
  free(d.suffix_forced);
  free(d.dead);
  free(d.out);
  free(d.w);
  free(d.in_c);
  free(d.out_c);
  free(d.succ_dst);
  free(d.pred_src);
  free(d.succ_c);
  free(d.pred_c);
  free(d.undo);
  free(d.placed);
  return rc;
}
