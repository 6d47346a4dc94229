/* noc_binding_registry: the binding methods by name. */
#include "noc_binding_priv.h"

#include <stdio.h>
#include <string.h>

static const noc_binding_method snake = {"snake", "stage i on logical core Pi (boustrophedon: neighbours in a row)",
                                         noc_bind_snake};
static const noc_binding_method comm = {"comm", "snake, then core moves/swaps lowering hops x volume", noc_bind_comm};
static const noc_binding_method links = {"links", "comm, then core moves/swaps lowering the busiest link's volume",
                                         noc_bind_links};

const noc_binding_method *const noc_binding_methods[] = {&snake, &comm, &links, NULL};

const noc_binding_method *noc_binding_find(const char *name, gn_error *err) {
  char names[128] = "";
  size_t used = 0;
  for (int i = 0; noc_binding_methods[i]; i++) {
    if (strcmp(noc_binding_methods[i]->name, name) == 0)
      return noc_binding_methods[i];
    if (used < sizeof names)
      used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", noc_binding_methods[i]->name);
  }
  gn_error_set(err, GN_EINPUT, NULL, 0, "unknown binding '%s' (known: %s)", name, names);
  return NULL;
}
