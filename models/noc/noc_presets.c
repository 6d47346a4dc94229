/* noc_presets: named chips with their public figures (sources and assumptions next to each number). */
#include "noc.h"

#include "gn_num.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The DPMA paper partitions onto 20, 50 and 100 cores but its chip figures were lost. These
 * generic meshes assume a 1 GHz core retiring one operation per cycle (1e9 flop/s), 64-bit links clocked at
 * 1 GHz (8 GB/s per direction), one cycle of wire per link (1 ns) and a 2-cycle router pipeline (2 ns), which
 * are typical figures for a simple pipelined 2-D mesh router (Dally & Towles, "Principles and Practices of
 * Interconnection Networks"). "WxH" specs use the same figures. */
#define GENERIC_SPEED 1e9
#define GENERIC_BW 8e9
#define GENERIC_LAT 1e-9
#define GENERIC_ROUTER 2e-9
#define GENERIC_SOURCE                                                                                              \
  "DPMA paper core counts; its chip figures were lost, so generic ones are assumed: 1 GHz core, one "  \
  "operation per cycle, 64-bit links at 1 GHz, 1 cycle of wire and a 2-cycle router per hop (Dally and Towles, "   \
  "Principles and Practices of Interconnection Networks)"

static const noc_preset mesh20 = {"mesh20",
                                  "4x5 mesh, the paper's 20-core size (generic 1 GHz figures)",
                                  4,
                                  5,
                                  GENERIC_SPEED,
                                  GENERIC_BW,
                                  GENERIC_LAT,
                                  GENERIC_ROUTER,
                                  GENERIC_SOURCE,
                                  1e9};
static const noc_preset mesh50 = {"mesh50",
                                  "5x10 mesh, the paper's 50-core size (generic 1 GHz figures)",
                                  5,
                                  10,
                                  GENERIC_SPEED,
                                  GENERIC_BW,
                                  GENERIC_LAT,
                                  GENERIC_ROUTER,
                                  GENERIC_SOURCE,
                                  1e9};
static const noc_preset mesh100 = {"mesh100",
                                   "10x10 mesh, the paper's 100-core size (generic 1 GHz figures)",
                                   10,
                                   10,
                                   GENERIC_SPEED,
                                   GENERIC_BW,
                                   GENERIC_LAT,
                                   GENERIC_ROUTER,
                                  GENERIC_SOURCE,
                                  1e9};

/* Tilera TILE64 (Wentzlaff et al., "On-chip interconnection architecture of the Tile Processor", IEEE Micro
 * 27(5), 2007; Bell et al., ISSCC 2008): 8x8 tiles at 600-900 MHz (750 MHz taken); each iMesh dynamic network
 * moves 32 bits per cycle per direction (4 B × 750 MHz = 3 GB/s) with one cycle per hop, counted here as the
 * router delay (1 / 750 MHz) with no extra wire delay. Assumption: one operation per cycle for the scalar
 * pipeline code a mapped task runs (the 3-issue VLIW peak is not reached by such code). */
static const noc_preset tile64 = {
    "tile64", "Tilera TILE64: 8x8 tiles, 750 MHz, 3 GB/s iMesh links, 1 cycle/hop", 8, 8, 750e6, 3e9, 0, 1.0 / 750e6,
    "Wentzlaff et al., On-chip interconnection architecture of the Tile Processor, IEEE Micro 27(5), 2007; Bell "
    "et al., ISSCC 2008: 750 MHz taken from 600-900 MHz, 32-bit iMesh links, 1 cycle per hop; one operation per "
    "cycle assumed for scalar pipeline code",
    750e6};

/* Adapteva Epiphany-III E16G301 (its datasheet; Olofsson et al., "Kickstarting high-performance
 * energy-efficient manycore architectures with Epiphany", 2014): 4x4 cores at 1 GHz, 2 flops/cycle (fused
 * multiply-add, 32 GFLOPS peak for the chip); on-chip cMesh writes carry 8 bytes per cycle per link (8 GB/s)
 * at 1.5 cycles of latency per routing hop. */
static const noc_preset epiphany16 = {
    "epiphany16", "Adapteva Epiphany-III E16: 4x4 cores, 2 GFLOP/s each, 8 GB/s cMesh, 1.5 ns/hop", 4, 4, 2e9, 8e9, 0,
    1.5e-9,
    "Epiphany-III E16G301 datasheet; Olofsson et al., Kickstarting high-performance energy-efficient manycore "
    "architectures with Epiphany, 2014: 1 GHz, fused multiply-add, 8 bytes per cycle per cMesh link, 1.5 cycles "
    "per hop",
    1e9};

const noc_preset *const noc_presets[] = {&mesh20, &mesh50, &mesh100, &tile64, &epiphany16, NULL};

const noc_preset *noc_preset_find(const char *name) {
  for (int i = 0; noc_presets[i]; i++)
    if (strcasecmp(noc_presets[i]->name, name) == 0) /* names are case-insensitive */
      return noc_presets[i];
  return NULL;
}

/* "WxH", both whole numbers in the shared syntax (gn_num.h). */
static int parse_size(const char *spec, int *w, int *h) {
  size_t nw = gn_num_int_span(spec);
  long long a, b;
  if (!nw || spec[nw] != 'x' || gn_num_int_n(spec, nw, 0, INT_MAX, &a) != GN_NUM_OK ||
      gn_num_int(spec + nw + 1, 0, INT_MAX, &b) != GN_NUM_OK)
    return -1;
  *w = (int)a;
  *h = (int)b;
  return 0;
}

int noc_chip_from_spec(const char *spec, noc_chip **out, gn_error *err) {
  *out = NULL;
  const noc_preset *p = noc_preset_find(spec);
  if (p) {
    *out = noc_chip_new(p->name, p->width, p->height, p->core_speed_flops, p->link_bw_Bps, p->link_lat_s,
                        p->router_delay_s, err);
    if (*out)
      (*out)->clock_hz = p->clock_hz;
    return *out ? GN_OK : (err ? err->code : GN_EINPUT);
  }
  int w, h;
  if (parse_size(spec, &w, &h) == 0) {
    *out = noc_chip_new(spec, w, h, GENERIC_SPEED, GENERIC_BW, GENERIC_LAT, GENERIC_ROUTER, err);
    if (*out)
      (*out)->clock_hz = 1e9; /* the generic meshes' 1 GHz */
    return *out ? GN_OK : (err ? err->code : GN_EINPUT);
  }
  char names[256] = "";
  size_t used = 0;
  for (int i = 0; noc_presets[i] && used < sizeof names; i++)
    used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", noc_presets[i]->name);
  return gn_error_set(err, GN_EINPUT, NULL, 0, "unknown chip '%s' (presets: %s; or WxH such as 6x4)", spec, names);
}
