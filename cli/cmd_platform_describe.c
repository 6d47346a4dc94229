/* cmd_platform_describe: `gridnoc platform describe FILE.xml [--route A B]`: what gridnoc sees in a platform. */
#include "cli.h"
#include "grid.h"
#include "platform_grid.h"
#include "platform_noc.h"
#include "platform_noc_describe.h"
#include "platform_prepare.h"
#include "cmd_platform_describe.h"
#include "platform_probe.h"
#include "platform_profile.h"
#include "platform_read.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_host(const platform_host *h) {
  printf("    %s: %.10g flop/s x %d core(s) = %.10g cpu units", h->id, h->speed_flops, h->cores,
         h->speed_flops * h->cores / GRID_CPU_UNIT_FLOPS);
  if (h->mem_mb >= 0)
    printf(", mem %.10g MB", h->mem_mb);
  if (h->io_mbps >= 0)
    printf(", io %.10g MB/s", h->io_mbps);
  if (h->x >= 0 || h->y >= 0)
    printf(", at x=%d y=%d", h->x, h->y);
  if (h->cluster)
    printf(", gridnoc.cluster=%s", h->cluster);
  if (h->role)
    printf(", role %s", h->role);
  printf("\n");
}

static void print_zones(const platform_desc *p) {
  printf("platform %s: %d zone(s), %d host(s), %d link(s), %d route(s), %d trace connection(s)\n", p->path,
         p->n_zones, p->n_hosts, p->n_links, p->n_routes, p->n_traces);
  for (int z = 0; z < p->n_zones; z++) {
    const platform_zone *zone = &p->zones[z];
    printf("%s %s (routing %s, line %d%s%s): %d host(s)%s\n", zone->is_cluster ? "cluster" : "zone", zone->id,
           zone->routing, zone->line, zone->parent >= 0 ? ", in " : "",
           zone->parent >= 0 ? p->zones[zone->parent].id : "", zone->n_hosts,
           zone->n_children == 0 && zone->n_hosts > 0 ? " (leaf: one grid cluster)" : "");
    for (int h = 0; h < p->n_hosts; h++)
      if (p->hosts[h].zone == z)
        print_host(&p->hosts[h]);
  }
}

/* The grid `gridnoc grid --platform` would simulate (docs/grids.md "Your own platform"): clusters, their
 * masters, the grid master and the injector; a file that cannot be a grid is still described, with the reason. */
static void print_grid(const platform_desc *p) {
  grid g;
  platform_grid_hosts hosts;
  gn_error err = {0};
  if (platform_grid_layout(p, 0, &g, &hosts, &err)) {
    printf("as a grid: not usable: %s\n", err.msg);
    return;
  }
  double total = 0;
  for (int c = 0; c < g.n_clusters; c++)
    total += g.clusters[c].ccp;
  printf("as a grid: %d cluster(s), %d node(s), %d node class(es); capability in cpu units, share = its capability / "
         "the grid's\n",
         g.n_clusters, g.n_nodes, g.n_classes);
  for (int c = 0; c < g.n_clusters; c++) {
    const grid_cluster *cl = &g.clusters[c];
    const platform_host *first = &p->hosts[hosts.node[cl->first_node]];
    printf("  cluster %s: master %s, %d node(s) (", first->cluster ? first->cluster : p->zones[first->zone].id,
           p->hosts[hosts.cluster_master[c]].id, cl->n_nodes);
    for (int i = 0; i < cl->n_nodes; i++)
      printf("%s%s", i ? " " : "", p->hosts[hosts.node[cl->first_node + i]].id);
    printf("), capability %.10g, share %.10g\n", cl->ccp, total > 0 ? cl->ccp / total : 0);
  }
  printf("  grid master %s, failure injector %s, port bandwidth %.10g B/s (the narrowest link in the file)\n",
         p->hosts[hosts.grid_master].id, p->hosts[hosts.injector].id, g.port_bw_bps);
  platform_grid_hosts_free(&hosts);
  grid_free(&g);
}

/* The chip `gridnoc pipeline --platform` would simulate (docs/noc.md "Your own platform"). */
static void print_chip(const platform_desc *p) {
  strbuf text = STRBUF_INIT;
  gn_error err = {0};
  if (platform_noc_describe(p, &text, &err))
    printf("as a chip: not usable: %s\n", err.msg);
  else
    printf("%s", strbuf_str(&text));
  strbuf_free(&text);
}

static const char *const trace_kind_names[] = {"state", "speed", "bandwidth", "latency"};

/* Profiles attached to hosts and links, and what the simulations do with them (docs/platforms.md). */
static void print_profiles(const platform_desc *p) {
  if (p->n_uses == 0)
    return;
  printf("profiles: %d attached\n", p->n_uses);
  for (int i = 0; i < p->n_uses; i++) {
    const platform_trace_use *u = &p->uses[i];
    const platform_profile *pr = &p->profiles[u->profile];
    const char *what = u->host >= 0 ? "host" : "link";
    const char *name = u->host >= 0 ? p->hosts[u->host].id : p->links[u->link].id;
    const char *effect = u->kind != PLATFORM_TRACE_STATE ? "applied by SimGrid"
                         : u->host >= 0 ? "replayed as host failures by gridnoc's injector"
                                        : "refused by the simulations (link failures are not modelled)";
    printf("  %s %s %s (line %d): profile %s%s%s, %s\n", trace_kind_names[u->kind], what, name, u->line, pr->id,
           pr->source ? " from " : "", pr->source ? pr->source : "", effect);
  }
}

static int print_route(const platform_desc *p, const char *src, const char *dst, gn_error *err) {
  for (int i = 0; i < 2; i++) {
    const char *name = i ? dst : src;
    if (platform_find_host(p, name) < 0)
      return gn_error_set(err, GN_EINPUT, p->path, 0, "no host '%s' in the platform (see the list above)", name);
  }
  char *xml = NULL;
  size_t len = 0;
  platform_route_link *links = NULL;
  int n = 0;
  /* What the simulations load: the file as SimGrid must see it (platform_prepare.h). */
  int rc = platform_prepare_xml(p, NULL, &xml, &len, err);
  /* In a child: SimGrid ends the process on a route it cannot find (platform_probe.h). */
  if (rc == GN_OK)
    rc = platform_probe_route(p->path, xml, len, src, dst, &links, &n, err);
  if (rc == GN_OK) {
    double lat = 0, bw = 0;
    printf("route %s -> %s: %d link(s)\n", src, dst, n);
    for (int i = 0; i < n; i++) {
      printf("  %s: %.10g B/s, %.10g s\n", links[i].name, links[i].bandwidth_Bps, links[i].latency_s);
      lat += links[i].latency_s;
      bw = i == 0 || links[i].bandwidth_Bps < bw ? links[i].bandwidth_Bps : bw;
    }
    printf("  total latency %.10g s, narrowest link %.10g B/s\n", lat, bw);
  }
  free(links);
  free(xml);
  return rc;
}

int platform_describe_command(int argc, char **argv) {
  const char *file = NULL, *src = NULL, *dst = NULL;
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printf("usage: gridnoc platform describe FILE.xml [--route HOST_A HOST_B]\n"
             "Lists the zones, clusters and hosts (speed, cores, capability, properties) gridnoc reads from a\n"
             "SimGrid platform file, and with --route the links SimGrid puts between two hosts.\n");
      return 0;
    }
    if (strcmp(argv[i], "--route") == 0) {
      if (i + 2 >= argc)
        return cli_usage_error("platform describe", "--route needs two host names");
      gn_error err = {0};
      if (cli_option_once(&seen, "--route", "--route", argv[i + 1], &err))
        return cli_usage_error("platform describe", "%s", err.msg);
      src = argv[++i];
      dst = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1])
      return cli_unknown_option("platform describe", argv[i], (const char *const[]){"--route", "--help", NULL});
    else if (file)
      return cli_usage_error("platform describe", "one platform file only ('%s' and '%s')", file, argv[i]);
    else
      file = argv[i];
  }
  if (!file)
    return cli_usage_error("platform describe", "a platform file is required");
  platform_desc p;
  gn_error err = {0};
  if (platform_read(file, &p, &err))
    return cli_report(&err);
  if (platform_profiles_check(&p, &err)) {
    platform_free(&p);
    return cli_report(&err);
  }
  print_zones(&p);
  print_profiles(&p);
  print_grid(&p);
  print_chip(&p);
  int rc = src ? print_route(&p, src, dst, &err) : GN_OK;
  platform_free(&p);
  fflush(stdout);
  return rc ? cli_report(&err) : 0;
}
