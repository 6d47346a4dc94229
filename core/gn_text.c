/* gn_text: edit distance and closest-name look-up for "did you mean" messages. */
#include "gn_text.h"

#include <string.h>

int gn_edit_distance(const char *a, size_t la, const char *b, size_t lb) {
  if (la > 63 || lb > 63)
    return 1000;
  int d[64][64];
  for (size_t i = 0; i <= la; i++)
    d[i][0] = (int)i;
  for (size_t j = 0; j <= lb; j++)
    d[0][j] = (int)j;
  for (size_t i = 1; i <= la; i++)
    for (size_t j = 1; j <= lb; j++) {
      int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      if (d[i - 1][j] + 1 < best)
        best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best)
        best = d[i][j - 1] + 1;
      d[i][j] = best;
    }
  return d[la][lb];
}

const char *gn_closest(const char *word, const char *const *candidates, int n) {
  const char *best = NULL;
  int best_d = 1 << 30;
  size_t lw = strlen(word);
  for (int i = 0; i < n; i++) {
    int d = gn_edit_distance(word, lw, candidates[i], strlen(candidates[i]));
    if (d < best_d) {
      best_d = d;
      best = candidates[i];
    }
  }
  int limit = (int)lw / 3;
  if (limit < 2)
    limit = 2;
  return best_d <= limit ? best : NULL;
}
