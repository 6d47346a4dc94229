/* gn_text: "did you mean" suggestions — edit distance and the closest known name — for every registry and reader. */
#ifndef GN_TEXT_H
#define GN_TEXT_H

#include <stddef.h>

/* Levenshtein distance between the first la bytes of a and the first lb bytes of b (1000 past 63 bytes). */
int gn_edit_distance(const char *a, size_t la, const char *b, size_t lb);

/* The candidate closest to word, or NULL when none is close (distance > max(2, strlen(word) / 3)). */
const char *gn_closest(const char *word, const char *const *candidates, int n);

#endif
