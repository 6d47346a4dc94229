/* experiment_param: the command-line spelling of a kind's parameters, derived from their one declaration. */
#include "experiment_param.h"

#include <stdio.h>
#include <string.h>

const char *experiment_param_option(const experiment_param *p, char *buf, unsigned long size) {
  if (p->option) {
    snprintf(buf, size, "%s", p->option);
    return buf;
  }
  snprintf(buf, size, "--%s", p->key);
  for (char *c = buf + 2; *c; c++)
    if (*c == '_')
      *c = '-';
  return buf;
}

const experiment_param *experiment_param_by_option(const experiment_param *params, const char *opt) {
  char buf[64];
  for (const experiment_param *p = params; p->key; p++)
    if (!(p->flags & EXP_POSITIONAL) &&
        (strcmp(experiment_param_option(p, buf, sizeof buf), opt) == 0 || (p->alias && strcmp(p->alias, opt) == 0)))
      return p;
  return NULL;
}

int experiment_param_options(const experiment_param *params, const experiment_param **out, int max) {
  int n = 0, top = 0;
  for (const experiment_param *p = params; p->key; p++)
    if (p->rank > top)
      top = p->rank;
  for (int rank = 1; rank <= top; rank++)
    for (const experiment_param *p = params; p->key && n < max; p++)
      if (p->rank == rank && !(p->flags & EXP_POSITIONAL))
        out[n++] = p;
  for (const experiment_param *p = params; p->key && n < max; p++)
    if (p->rank == 0 && !(p->flags & EXP_POSITIONAL))
      out[n++] = p;
  return n;
}
