/* noc_platform: SimGrid XML for a mesh chip: hosts, directed links, generated XY routes (Full routing). */
#include "noc_platform.h"

#include "noc_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void emit_route(noc_text *b, const noc_chip *chip, int src, int dst, int *links) {
  char a[32], c[32], l[32];
  noc_core_name(chip, src, a, sizeof a);
  noc_core_name(chip, dst, c, sizeof c);
  noc_text_printf(b, "  <route src=\"%s\" dst=\"%s\" symmetrical=\"NO\">", a, c);
  int n = noc_xy_route(chip, src, dst, links);
  for (int i = 0; i < n; i++) {
    noc_link_name(chip, links[i], l, sizeof l);
    noc_text_printf(b, "<link_ctn id=\"%s\"/>", l);
  }
  noc_text_printf(b, "</route>\n");
}

int noc_platform_xml(const noc_chip *chip, char **xml, size_t *len, gn_error *err) {
  noc_text b = NOC_TEXT_INIT;
  int *links = malloc((size_t)(chip->width + chip->height) * sizeof *links);
  if (!links)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int n = noc_core_count(chip), broken = 0;
  for (int c = 0; c < n; c++)
    broken += chip->broken[c];
  noc_text_printf(&b,
                  "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                  "<!-- gridnoc chip %s: %dx%d mesh, XY routing; %d broken core(s) have no host (their routers still "
                  "forward) -->\n<platform version=\"4.1\">\n"
                  "<config><prop id=\"network/model\" value=\"CM02\"/></config>\n<zone id=\"chip\" routing=\"Full\">\n",
                  chip->name, chip->width, chip->height, broken);
  char name[32];
  for (int c = 0; c < n; c++)
    if (!chip->broken[c]) {
      noc_core_name(chip, c, name, sizeof name);
      noc_text_printf(&b, "  <host id=\"%s\" speed=\"%.17gf\"/>\n", name, chip->speed_flops[c]);
    }
  noc_text_printf(&b, "  <host id=\"%s\" speed=\"1e9f\"/>\n", NOC_SUPERVISOR_HOST);
  /* Every hop enters one router, so the router delay is folded into the link it leads to. */
  double hop_lat = chip->link_lat_s + chip->router_delay_s;
  for (int l = 0; l < noc_link_id_count(chip); l++) {
    if (noc_link_target(chip, l) < 0)
      continue;
    noc_link_name(chip, l, name, sizeof name);
    noc_text_printf(&b, "  <link id=\"%s\" bandwidth=\"%.17gBps\" latency=\"%.17gs\"/>\n", name, chip->link_bw_Bps,
                    hop_lat);
  }
  /* The supervisor's own links (one per core, FATPIPE) keep heartbeats off the mesh. */
  for (int c = 0; c < n; c++)
    if (!chip->broken[c]) {
      noc_core_name(chip, c, name, sizeof name);
      noc_text_printf(&b,
                      "  <link id=\"sup_%s\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" sharing_policy=\"FATPIPE\"/>\n",
                      name, chip->link_bw_Bps, hop_lat);
    }
  for (int s = 0; s < n; s++) {
    if (chip->broken[s])
      continue;
    noc_core_name(chip, s, name, sizeof name);
    noc_text_printf(&b, "  <route src=\"%s\" dst=\"%s\"><link_ctn id=\"sup_%s\"/></route>\n", name, NOC_SUPERVISOR_HOST,
                    name);
    for (int d = 0; d < n; d++)
      if (d != s && !chip->broken[d])
        emit_route(&b, chip, s, d, links);
  }
  noc_text_printf(&b, "</zone>\n</platform>\n");
  free(links);
  if (b.oom) {
    noc_text_free(&b);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory writing the platform of chip %s", chip->name);
  }
  *xml = b.data;
  *len = b.len;
  return GN_OK;
}
