/* platform_desc: lookups on a read platform, and its release. */
#include "platform_desc.h"

#include <libxml/xmlmemory.h>
#include <stdlib.h>
#include <string.h>

int platform_find_host(const platform_desc *p, const char *id) {
  for (int i = 0; i < p->n_hosts; i++)
    if (strcmp(p->hosts[i].id, id) == 0)
      return i;
  return -1;
}

int platform_find_link(const platform_desc *p, const char *id) {
  for (int i = 0; i < p->n_links; i++)
    if (strcmp(p->links[i].id, id) == 0)
      return i;
  return -1;
}

void platform_free(platform_desc *p) {
  for (int i = 0; i < p->n_zones; i++) {
    free(p->zones[i].id);
    free(p->zones[i].routing);
    free(p->zones[i].topology);
    xmlFree(p->zones[i].topo_parameters);
  }
  for (int i = 0; i < p->n_links; i++)
    free(p->links[i].id);
  for (int i = 0; i < p->n_routes; i++)
    free(p->routes[i].hops);
  for (int i = 0; i < p->n_profiles; i++) {
    free(p->profiles[i].id);
    xmlFree(p->profiles[i].text);
    free(p->profiles[i].source);
  }
  free(p->links);
  free(p->routes);
  free(p->profiles);
  free(p->uses);
  for (int i = 0; i < p->n_hosts; i++) {
    free(p->hosts[i].id);
    free(p->hosts[i].cluster);
    free(p->hosts[i].role);
  }
  free(p->zones);
  free(p->hosts);
  free(p->path);
  memset(p, 0, sizeof *p);
}
