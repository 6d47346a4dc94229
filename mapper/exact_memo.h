/* exact_memo: the memory of failed sets (exact_search.h's exact_memory), shared by the stage search from the
 * sources' side (exact_search.c) and the one from the sinks' side (exact_search_sink.c). Each side keeps its own
 * memory: a set is a placed set and a stage, and the two sides place different sets (downsets against upsets). */
#ifndef EXACT_MEMO_H
#define EXACT_MEMO_H

#include "exact_search.h"

#include <stddef.h>
#include <stdint.h>

/* Make mem ready for questions about a graph of n tasks, N stages and this cost of communication: a memory kept
 * for another one starts empty. 0 when there is no memory for the first table. */
int exact_memo_prepare(exact_memory *mem, int n, int N, double comm_factor);

/* The key of (set, s): set is a bit set of `words` words. */
uint64_t exact_memo_hash(const uint64_t *set, size_t words, int s);

/* 1 when (set, s) failed before at a period >= T. */
int exact_memo_failed(const exact_memory *mem, const uint64_t *set, size_t words, int s, uint64_t h, double T);

/* (set, s) failed at T: stored (or its period raised), unless the memory is full (then it stops growing: the
 * search stays correct, only slower). */
void exact_memo_store(exact_memory *mem, const uint64_t *set, size_t words, int s, uint64_t h, double T);

/* Room in a growing log of ints (*log, capacity *cap) for `need` entries in all; 0 when there is no memory. */
int exact_log_reserve(int **log, size_t *cap, size_t need);

/* Free every set and the table (the memory itself stays). */
void exact_memo_release(exact_memory *mem);

#endif
