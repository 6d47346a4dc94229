/* ring: ring order, capability apportionment, m-redundant placement, failed-queue formulas. */
#include "ring.h"

#include <math.h>
#include <stdlib.h>

typedef struct ranked {
  double key;
  int index;
} ranked;

/* Descending key, ascending index: qsort is not stable, so the index makes the order total. */
static int ranked_cmp(const void *a, const void *b) {
  const ranked *x = a, *y = b;
  if (x->key > y->key)
    return -1;
  if (x->key < y->key)
    return 1;
  return (x->index > y->index) - (x->index < y->index);
}

static ranked *ranked_sort(const double *key, int n) {
  ranked *r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
  if (!r)
    return NULL;
  for (int i = 0; i < n; i++)
    r[i] = (ranked){key[i], i};
  qsort(r, (size_t)n, sizeof *r, ranked_cmp);
  return r;
}

int ring_order(const double *cp, int n, int *order, gn_error *err) {
  ranked *r = ranked_sort(cp, n);
  if (!r)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < n; i++)
    order[i] = r[i].index;
  free(r);
  return GN_OK;
}

int ring_apportion(const double *weights, int n, long total, long *shares, gn_error *err) {
  if (n <= 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "apportionment over no members");
  double top = 0, sum = 0;
  for (int i = 0; i < n; i++) {
    if (!(weights[i] >= 0) || isinf(weights[i]))
      return gn_error_set(err, GN_EINPUT, NULL, 0, "negative, infinite or NaN weight %g at %d", weights[i], i);
    top = weights[i] > top ? weights[i] : top;
    sum += weights[i];
  }
  if (total < 0 || (double)total >= 0x1p62)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "apportionment of %ld units", total);
  /* Shares depend on the weights' proportions only. Huge weights (three of 1e308: the sum, or total x weight, is
   * inf and the quotas NaN) are taken relative to the largest; ordinary ones as they are (the same rounding). */
  double scale = isfinite(sum) && isfinite((double)total * top) ? 1.0 : top;
  if (scale != 1.0) {
    sum = 0;
    for (int i = 0; i < n; i++)
      sum += weights[i] / scale;
  }
  double *frac = malloc((size_t)n * sizeof *frac);
  if (!frac)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  long given = 0;
  for (int i = 0; i < n; i++) {
    double quota = sum > 0 ? (double)total * (weights[i] / scale) / sum : (double)total / n;
    if (quota > (double)total) /* float error never gives one member more than everything */
      quota = (double)total;
    shares[i] = (long)floor(quota);
    frac[i] = quota - (double)shares[i];
    given += shares[i];
  }
  ranked *r = ranked_sort(frac, n);
  free(frac);
  if (!r)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  /* Rounding can leave given off by one unit either way only through float error; the loop covers both. */
  for (long k = 0; given < total; k++, given++)
    shares[r[k % n].index]++;
  for (long k = n - 1; given > total; k--, given--)
    shares[r[((k % n) + n) % n].index]--;
  free(r);
  return GN_OK;
}

int ring_place(const double *cp_in_ring_order, int p, long units, int m, int *primary, int *replica, gn_error *err) {
  long *share = malloc((size_t)(p > 0 ? p : 1) * sizeof *share);
  if (!share)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int rc = ring_apportion(cp_in_ring_order, p, units, share, err);
  if (rc) {
    free(share);
    return rc;
  }
  if (m > p - 1)
    m = p - 1;
  long u = 0;
  for (int j = 0; j < p; j++) {
    long parts[64];
    double equal[64];
    int mm = m < 64 ? m : 64;
    for (int s = 0; s < mm; s++)
      equal[s] = 1.0;
    if (mm > 0 && (rc = ring_apportion(equal, mm, share[j], parts, err))) {
      free(share);
      return rc;
    }
    int s = 0;
    long left = mm > 0 ? parts[0] : 0;
    for (long k = 0; k < share[j]; k++, u++) {
      primary[u] = j;
      if (mm == 0) {
        replica[u] = -1;
        continue;
      }
      while (left == 0 && s + 1 < mm)
        left = parts[++s];
      replica[u] = (j + 1 + s) % p;
      left--;
    }
  }
  free(share);
  return GN_OK;
}

double ring_failed_queue_series(double T, int m, double q) {
  double sum = 0, qk = q * q;
  for (int k = 1; k <= m - 1; k++, qk *= q)
    sum += k * qk;
  return T / ((double)m * m) * sum;
}

double ring_failed_queue_closed(double T, int m, double q) {
  return T / ((double)m * m * (1 - q) * (1 - q)) - (T / m) * pow(q, m + 1) / (1 - q);
}

int ring_addresses(const grid *g, const unsigned char *usable, ring_address *addr, gn_error *err) {
  double *ccp = calloc((size_t)g->n_clusters, sizeof *ccp);
  int *corder = malloc((size_t)g->n_clusters * sizeof *corder);
  double *cp = malloc((size_t)(g->n_nodes > 0 ? g->n_nodes : 1) * sizeof *cp);
  int *norder = malloc((size_t)(g->n_nodes > 0 ? g->n_nodes : 1) * sizeof *norder);
  int rc = ccp && corder && cp && norder ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; !rc && i < g->n_nodes; i++) {
    addr[i] = (ring_address){0, 0};
    if (!usable || usable[i])
      ccp[g->nodes[i].cluster] += g->nodes[i].cp;
  }
  if (!rc)
    rc = ring_order(ccp, g->n_clusters, corder, err);
  for (int r = 0, pos = 0; !rc && pos < g->n_clusters; pos++) {
    const grid_cluster *cl = &g->clusters[corder[pos]];
    int n = 0;
    for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++)
      cp[i - cl->first_node] = !usable || usable[i] ? g->nodes[i].cp : -1;
    if ((rc = ring_order(cp, cl->n_nodes, norder, err)))
      break;
    for (int j = 0; j < cl->n_nodes; j++)
      if (cp[norder[j]] >= 0)
        addr[cl->first_node + norder[j]] = (ring_address){r + 1, ++n};
    r += n > 0;
  }
  free(ccp);
  free(corder);
  free(cp);
  free(norder);
  return rc;
}
