/* exact_memo: the memory of failed sets (exact_memo.h). The whole set is stored: a hash collision can never turn
 * into a false proof. */
#include "exact_memo.h"

#include <stdlib.h>
#include <string.h>

typedef struct memo_entry {
  uint64_t hash;
  int stage;
  double T;      /* the highest period at which the set failed: it fails at every period up to T */
  uint64_t *set; /* NULL = free slot */
} memo_entry;

/* The table grows by doubling, kept at most half full (a question that fails few sets clears a small table, not
 * 2^21 slots: most questions are quick). */
struct exact_memory {
  int n, N;
  double cf;
  memo_entry *memo;
  size_t used, slots;
};

uint64_t exact_memo_hash(const uint64_t *set, size_t words, int s) {
  uint64_t h = 1469598103934665603u ^ (uint64_t)s;
  for (size_t w = 0; w < words; w++)
    h = (h ^ set[w]) * 1099511628211u;
  return h ^ (h >> 29);
}

/* Slot of (set, s), or of the free slot where it would go. */
static memo_entry *memo_slot(const exact_memory *mem, const uint64_t *set, size_t words, uint64_t h, int s) {
  memo_entry *memo = mem->memo;
  size_t mask = mem->slots - 1, i = (size_t)h & mask;
  while (memo[i].set && !(memo[i].hash == h && memo[i].stage == s && memcmp(memo[i].set, set, words * 8) == 0))
    i = (i + 1) & mask;
  return &memo[i];
}

/* Double the table (rehashing the sets it holds); 0 when there is no memory (the memo then stops growing). */
static int memo_grow(exact_memory *mem) {
  size_t slots = mem->slots * 2;
  memo_entry *old = mem->memo, *m = calloc(slots, sizeof *m);
  if (!m)
    return 0;
  for (size_t k = 0; k < mem->slots; k++)
    if (old[k].set) {
      size_t i = (size_t)old[k].hash & (slots - 1);
      while (m[i].set)
        i = (i + 1) & (slots - 1);
      m[i] = old[k];
    }
  mem->memo = m;
  mem->slots = slots;
  free(old);
  return 1;
}

void exact_memo_release(exact_memory *mem) {
  for (size_t i = 0; mem->memo && i < mem->slots; i++)
    free(mem->memo[i].set);
  free(mem->memo);
  mem->memo = NULL;
}

int exact_memo_prepare(exact_memory *mem, int n, int N, double comm_factor) {
  if (mem->memo && mem->n == n && mem->N == N && mem->cf == comm_factor)
    return 1;
  exact_memo_release(mem);
  mem->used = 0;
  mem->slots = 1024;
  mem->memo = calloc(mem->slots, sizeof *mem->memo);
  mem->n = n;
  mem->N = N;
  mem->cf = comm_factor;
  return mem->memo != NULL;
}

int exact_memo_failed(const exact_memory *mem, const uint64_t *set, size_t words, int s, uint64_t h, double T) {
  const memo_entry *m = memo_slot(mem, set, words, h, s);
  return m->set && m->T >= T;
}

void exact_memo_store(exact_memory *mem, const uint64_t *set, size_t words, int s, uint64_t h, double T) {
  memo_entry *m = memo_slot(mem, set, words, h, s);
  if (m->set) { /* known to fail at a lower period only: now it fails up to this one */
    if (m->T < T)
      m->T = T;
  } else if (mem->used < EXACT_SEARCH_MEMO && (long)((mem->used + 1) * words * 8) <= EXACT_SEARCH_MEMO_BYTES &&
             (2 * (mem->used + 1) <= mem->slots || memo_grow(mem))) {
    m = memo_slot(mem, set, words, h, s);
    m->set = malloc(words * 8);
    if (m->set) {
      memcpy(m->set, set, words * 8);
      m->hash = h;
      m->stage = s;
      m->T = T;
      mem->used++;
    }
  }
}

int exact_log_reserve(int **log, size_t *cap, size_t need) {
  if (need <= *cap)
    return 1;
  size_t more = 2 * *cap > need ? 2 * *cap : need;
  int *grown = realloc(*log, more * sizeof *grown);
  if (!grown)
    return 0;
  *log = grown;
  *cap = more;
  return 1;
}

exact_memory *exact_memory_new(void) { return calloc(1, sizeof(exact_memory)); }

void exact_memory_free(exact_memory *mem) {
  if (!mem)
    return;
  exact_memo_release(mem);
  free(mem);
}
