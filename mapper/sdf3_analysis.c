/* sdf3_analysis: an SDF3 graph's balance equations (repetition vector), its symbolic liveness check and the DAG
 * of one iteration gridnoc maps. */
#include "sdf3_priv.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* num/den := num/den * mul/div, reduced; 0 on success, 1 on 64-bit overflow. */
static int scale_fraction(int64_t *num, int64_t *den, int64_t mul, int64_t div) {
  int64_t g1 = gcd64(*num, div), g2 = gcd64(mul, *den);
  int64_t n, d;
  if (__builtin_mul_overflow(*num / g1, mul / g2, &n) || __builtin_mul_overflow(*den / g2, div / g1, &d))
    return 1;
  int64_t g = gcd64(n, d);
  *num = n / g;
  *den = d / g;
  return 0;
}

/* Rational propagation over each connected component (BFS along channels both ways), a consistency check on
 * every channel, then scaling each component by the lcm of its denominators and dividing by the gcd. */
int sdf3_repetition_vector(sdf_graph *s) {
  int na = s->n_actors, nc = s->n_channels;
  int64_t *num = calloc((size_t)na, sizeof *num), *den = calloc((size_t)na, sizeof *den);
  int *comp = malloc((size_t)na * sizeof *comp), *queue = malloc((size_t)na * sizeof *queue);
  int rc = GN_OK;
  if (!num || !den || !comp || !queue) {
    rc = sdf3_oom(s);
    goto done;
  }
  for (int a = 0; a < na; a++)
    comp[a] = -1;
  for (int start = 0; start < na && rc == GN_OK; start++) {
    if (comp[start] >= 0)
      continue;
    int head = 0, tail = 0;
    queue[tail++] = start;
    comp[start] = start;
    num[start] = den[start] = 1;
    while (head < tail && rc == GN_OK) {
      int a = queue[head++];
      for (int c = 0; c < nc && rc == GN_OK; c++) {
        const sdf_channel *ch = &s->channel[c];
        if (ch->src != a && ch->dst != a)
          continue;
        /* q(dst) = q(src) * prod / cons */
        int other = ch->src == a ? ch->dst : ch->src;
        int64_t n = num[a], d = den[a];
        int over = ch->src == a ? scale_fraction(&n, &d, ch->prod, ch->cons)
                                : scale_fraction(&n, &d, ch->cons, ch->prod);
        if (over)
          rc = sdf3_fail(s, ch->line, "repetition vector overflows 64-bit integers at channel '%s'", ch->name);
        else if (comp[other] < 0) {
          comp[other] = start;
          num[other] = n;
          den[other] = d;
          queue[tail++] = other;
        } else if (num[other] != n || den[other] != d)
          rc = sdf3_fail(s, ch->line,
                    "inconsistent rates at channel '%s' (%s produces %lld, %s consumes %lld): the balance "
                    "equations have no solution",
                    ch->name, s->actor[ch->src].name, (long long)ch->prod, s->actor[ch->dst].name,
                    (long long)ch->cons);
      }
    }
    int64_t lcm = 1;
    for (int i = 0; i < tail && rc == GN_OK; i++) {
      int64_t d = den[queue[i]];
      if (__builtin_mul_overflow(lcm / gcd64(lcm, d), d, &lcm))
        rc = sdf3_fail(s, s->actor[queue[i]].line, "repetition vector overflows 64-bit integers at actor '%s'",
                  s->actor[queue[i]].name);
    }
    int64_t g = 0;
    for (int i = 0; i < tail && rc == GN_OK; i++) {
      int a = queue[i];
      if (__builtin_mul_overflow(num[a], lcm / den[a], &s->q[a]))
        rc = sdf3_fail(s, s->actor[a].line, "repetition vector overflows 64-bit integers at actor '%s'", s->actor[a].name);
      g = gcd64(g, s->q[a]);
    }
    for (int i = 0; i < tail && rc == GN_OK; i++)
      s->q[queue[i]] /= g;
  }
done:
  free(num);
  free(den);
  free(comp);
  free(queue);
  return rc;
}

/* ---- liveness: fire one iteration symbolically ---- */

/* Tokens produced on every channel in one iteration (q(src) x prod), overflow-checked. */
static int tokens_per_iteration(sdf_graph *s, int64_t *per_iter) {
  for (int c = 0; c < s->n_channels; c++) {
    const sdf_channel *ch = &s->channel[c];
    int64_t total;
    if (__builtin_mul_overflow(s->q[ch->src], ch->prod, &per_iter[c]) ||
        __builtin_add_overflow(per_iter[c], ch->tokens, &total))
      return sdf3_fail(s, ch->line, "tokens per iteration on channel '%s' overflow 64-bit integers", ch->name);
  }
  return GN_OK;
}

/* Fire every actor as often as its input tokens allow (in batches), until each has fired q times or nothing
 * can fire. A batch of k firings is a valid firing sequence: its inputs hold k x cons tokens beforehand (for a
 * self-loop that is conservative: the next round continues). */
static int check_liveness(sdf_graph *s) {
  int na = s->n_actors, nc = s->n_channels;
  int64_t *tokens = malloc((size_t)(nc ? nc : 1) * sizeof *tokens);
  int64_t *left = malloc((size_t)na * sizeof *left);
  if (!tokens || !left) {
    free(tokens);
    free(left);
    return sdf3_oom(s);
  }
  for (int c = 0; c < nc; c++)
    tokens[c] = s->channel[c].tokens;
  memcpy(left, s->q, (size_t)na * sizeof *left);
  /* Each round costs na x nc steps; a cycle with few tokens and a huge repetition vector could need ~q rounds,
   * so the simulation is bounded (about 10^9 steps) and says so instead of running for hours. */
  long max_rounds = 1000000000L / ((long)na * (nc + 1)) + 1;
  long rounds = 0;
  for (int progress = 1; progress; rounds++) {
    if (rounds == max_rounds) {
      free(tokens);
      free(left);
      return sdf3_fail(s, s->actor[0].line,
                  "liveness check stopped after %ld firing rounds: the repetition vector is too large for the "
                  "symbolic simulation of one iteration", rounds);
    }
    progress = 0;
    for (int a = 0; a < na; a++) {
      int64_t k = left[a];
      for (int c = 0; c < nc && k > 0; c++)
        if (s->channel[c].dst == a && tokens[c] / s->channel[c].cons < k)
          k = tokens[c] / s->channel[c].cons;
      if (k == 0)
        continue;
      progress = 1;
      left[a] -= k;
      for (int c = 0; c < nc; c++) {
        if (s->channel[c].dst == a)
          tokens[c] -= k * s->channel[c].cons;
        if (s->channel[c].src == a)
          tokens[c] += k * s->channel[c].prod; /* bounded by the checked tokens per iteration + initial */
      }
    }
  }
  int rc = GN_OK;
  for (int a = 0; a < na && rc == GN_OK; a++) {
    if (left[a] == 0)
      continue;
    const sdf_channel *starved = NULL;
    for (int c = 0; c < nc && !starved; c++)
      if (s->channel[c].dst == a && tokens[c] < s->channel[c].cons)
        starved = &s->channel[c];
    rc = sdf3_fail(s, s->actor[a].line,
              "the graph deadlocks: actor '%s' can fire only %lld of its %lld firings per iteration (channel '%s' "
              "holds %lld tokens, it needs %lld)",
              s->actor[a].name, (long long)(s->q[a] - left[a]), (long long)s->q[a], starved ? starved->name : "?",
              starved ? (long long)tokens[starved - s->channel] : 0LL, starved ? (long long)starved->cons : 0LL);
  }
  free(tokens);
  free(left);
  return rc;
}

/* ---- one iteration as a DAG ---- */

/* Is `to` reachable from `from` along the kept channels? (iterative DFS; `seen` and `stack` hold na ints) */
static int reaches(const sdf_graph *s, const char *kept, int from, int to, char *seen, int *stack) {
  memset(seen, 0, (size_t)s->n_actors);
  int top = 0;
  stack[top++] = from;
  seen[from] = 1;
  while (top > 0) {
    int a = stack[--top];
    if (a == to)
      return 1;
    for (int c = 0; c < s->n_channels; c++)
      if (kept[c] && s->channel[c].src == a && !seen[s->channel[c].dst]) {
        seen[s->channel[c].dst] = 1;
        stack[top++] = s->channel[c].dst;
      }
  }
  return 0;
}

/* Channels without initial tokens are all kept (liveness made them acyclic); a channel with initial tokens is
 * kept unless it is a self-loop or would close a cycle with the channels kept so far (file order). */
static int choose_dag_channels(const sdf_graph *s, char *kept) {
  char *seen = malloc((size_t)s->n_actors);
  int *stack = malloc((size_t)s->n_actors * sizeof *stack);
  if (!seen || !stack) {
    free(seen);
    free(stack);
    return GN_ENOMEM;
  }
  for (int c = 0; c < s->n_channels; c++)
    kept[c] = s->channel[c].tokens == 0 && s->channel[c].src != s->channel[c].dst;
  for (int c = 0; c < s->n_channels; c++)
    if (s->channel[c].tokens > 0 && s->channel[c].src != s->channel[c].dst)
      kept[c] = !reaches(s, kept, s->channel[c].dst, s->channel[c].src, seen, stack);
  free(seen);
  free(stack);
  return GN_OK;
}

static char *describe_repetitions(const sdf_graph *s, const char *graph_name) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  if (!f)
    return NULL;
  fprintf(f, "# SDF3 graph %s, one iteration\n# repetitions:", graph_name ? graph_name : "?");
  for (int a = 0; a < s->n_actors; a++)
    fprintf(f, " %s=%lld", s->actor[a].name, (long long)s->q[a]);
  if (fclose(f)) {
    free(buf);
    return NULL;
  }
  return buf;
}

int sdf3_build_dag(sdf_graph *s, const sdf3_options *opt, const char *graph_name, taskgraph **out) {
  int64_t *per_iter = malloc((size_t)(s->n_channels ? s->n_channels : 1) * sizeof *per_iter);
  char *kept = calloc((size_t)(s->n_channels ? s->n_channels : 1), 1);
  taskgraph *g = taskgraph_new();
  int rc = per_iter && kept && g ? tokens_per_iteration(s, per_iter) : sdf3_oom(s);
  if (rc == GN_OK)
    rc = check_liveness(s);
  if (rc == GN_OK && choose_dag_channels(s, kept))
    rc = sdf3_oom(s);
  for (int a = 0; a < s->n_actors && rc == GN_OK; a++)
    if (taskgraph_add_task(g, s->actor[a].name, (double)s->q[a] * s->actor[a].exec_time, s->err) < 0)
      rc = gn_error_prefix(s->err, "%s:%ld: ", s->where, s->actor[a].line);
  /* Parallel channels between the same two actors merge into one edge carrying both volumes. */
  for (int c = 0; c < s->n_channels && rc == GN_OK; c++) {
    if (!kept[c])
      continue;
    double volume = 0;
    for (int d = c; d < s->n_channels; d++)
      if (kept[d] && s->channel[d].src == s->channel[c].src && s->channel[d].dst == s->channel[c].dst) {
        volume += (double)per_iter[d] * opt->token_bytes;
        kept[d] = d == c;
      }
    if (taskgraph_add_edge(g, s->channel[c].src, s->channel[c].dst, volume, s->err))
      rc = gn_error_prefix(s->err, "%s:%ld: ", s->where, s->channel[c].line);
  }
  if (rc == GN_OK)
    rc = taskgraph_finalize(g, s->where, s->err);
  if (rc == GN_OK && !(g->info = describe_repetitions(s, graph_name)))
    rc = sdf3_oom(s);
  if (rc == GN_OK) {
    *out = g;
    g = NULL;
  }
  taskgraph_free(g);
  free(per_iter);
  free(kept);
  return rc;
}
