/* noc: a many-core chip as data: a W×H mesh of cores, its links and routers, broken cores, XY routes. */
#ifndef NOC_H
#define NOC_H

#include "gn_error.h"

#include <stddef.h>
#include <stdint.h>

/* Physical core id = y * width + x; (0,0) is the top-left corner, x grows east, y grows south.
 * Links are directed (a NoC link is two one-way channels): the link leaving core c towards direction d has
 * id c * 4 + d (ids leaving the mesh are unused); then each core's local ports: its injection port (core ->
 * its router) has id 4 × cores + c, its ejection port (router -> core) 5 × cores + c. So the id space has
 * 6 × cores entries. */
enum { NOC_EAST = 0, NOC_WEST = 1, NOC_SOUTH = 2, NOC_NORTH = 3 };

/* The Full-routed platform holds cores² routes: 10x10 is 2.3 MB of XML, 16x16 22 MB and ~1 s to load, 32x32
 * 640 MB and 50 s (measured, docs/benchmarks.md). So sides stop at 16. */
#define NOC_MAX_SIDE 16

typedef struct noc_chip {
  char name[32];
  int width, height;
  double core_speed_flops; /* nominal speed: one time unit of load is defined against it (see noc_pipeline) */
  double *speed_flops;     /* [width*height]: per-core speed (all nominal unless made heterogeneous) */
  double link_bw_Bps;      /* bandwidth of one directed link, bytes/s */
  double link_lat_s;       /* wire latency of one link */
  double router_delay_s;   /* delay of the router a packet enters on each hop */
  double clock_hz;         /* the router clock (presets: their figure; 0 = unknown, a user's platform file) */
  int ports;               /* 1: a message crosses its source's injection and its target's ejection port */
  double port_bw_Bps;      /* bandwidth of a local port (default: the mesh link's) */
  double port_lat_s;       /* latency of a local port (default 0: the per-hop router delay holds the pipeline) */
  unsigned char *broken;   /* [width*height]: 1 = the core is broken at manufacture (its router still forwards) */
} noc_chip;

/* A chip with every core healthy and at the nominal speed. NULL and err filled on bad sizes or OOM. */
noc_chip *noc_chip_new(const char *name, int width, int height, double core_speed_flops, double link_bw_Bps,
                       double link_lat_s, double router_delay_s, gn_error *err);
void noc_chip_free(noc_chip *chip);

/* A named chip (noc_presets.c): its public figures, and where they come from. */
typedef struct noc_preset {
  const char *name;
  const char *summary; /* one line: the chip and the source of its figures */
  int width, height;
  double core_speed_flops, link_bw_Bps, link_lat_s, router_delay_s;
  const char *source; /* where the figures come from (written into the preset's platform XML) */
  double clock_hz;    /* router clock: router_delay_s is a whole or half number of its cycles */
} noc_preset;

/* The preset a chip was built from (by name), or NULL for a "WxH" chip. */
const noc_preset *noc_preset_find(const char *name);

/* NULL-terminated table of presets. */
extern const noc_preset *const noc_presets[];

/* A chip from a preset name or "WxH" (e.g. "6x4", with the generic figures of the paper's meshes). On a miss,
 * GN_EINPUT naming the presets. */
int noc_chip_from_spec(const char *spec, noc_chip **out, gn_error *err);

/* Mark cores broken from "x:y,x:y,..." (empty = none). GN_EINPUT naming the bad item. */
int noc_chip_set_broken_list(noc_chip *chip, const char *list, gn_error *err);

/* Heterogeneous speeds: each core's speed = nominal × U(1 - spread, 1 + spread), drawn from seed (0 <= spread < 1). */
int noc_chip_spread_speeds(noc_chip *chip, double spread, uint64_t seed, gn_error *err);

static inline int noc_core_count(const noc_chip *chip) { return chip->width * chip->height; }
static inline int noc_core_x(const noc_chip *chip, int core) { return core % chip->width; }
static inline int noc_core_y(const noc_chip *chip, int core) { return core / chip->width; }

/* Hop count between two cores under XY routing = Manhattan distance. */
int noc_hops(const noc_chip *chip, int src, int dst);

/* The XY route src -> dst (all X hops first, then all Y hops) as link ids into links[] (room for
 * width + height entries); returns the number of links (= noc_hops). */
int noc_xy_route(const noc_chip *chip, int src, int dst, int *links);

/* The route a message takes from core src to core dst: src's injection port (when chip->ports), the XY route,
 * dst's ejection port; links[] needs room for width + height entries (at most 2 × (side - 1) hops + 2 ports).
 * Returns the number of links. */
int noc_flow_route(const noc_chip *chip, int src, int dst, int *links);

/* Size of the link id space (6 × cores) and a link's name ("l_X_Y_D", D in E/W/S/N; "inj_X_Y", "ej_X_Y" for
 * the ports) and end points. */
static inline int noc_link_id_count(const noc_chip *chip) { return 6 * noc_core_count(chip); }
static inline int noc_inject_port(const noc_chip *chip, int core) { return 4 * noc_core_count(chip) + core; }
static inline int noc_eject_port(const noc_chip *chip, int core) { return 5 * noc_core_count(chip) + core; }
static inline int noc_link_is_port(const noc_chip *chip, int link) { return link >= 4 * noc_core_count(chip); }
/* A link's bandwidth: the port's for a port id, else the mesh link's. */
static inline double noc_link_bw(const noc_chip *chip, int link) {
  return noc_link_is_port(chip, link) ? chip->port_bw_Bps : chip->link_bw_Bps;
}
void noc_link_name(const noc_chip *chip, int link, char *buf, size_t size);
/* The core a link leads to (a port: its own core), or -1 for an id leaving the mesh (no such link) or a port
 * of a chip without ports. */
int noc_link_target(const noc_chip *chip, int link);

/* A core's host name in the platform ("core_X_Y"). */
void noc_core_name(const noc_chip *chip, int core, char *buf, size_t size);

/* Logical processors (DPMA paper, Fig. 4, step 1): the usable cores (not broken, and not in `dead` when given) in
 * boustrophedon order (row 0 west to east, row 1 east to west, ...), so consecutive logical cores P1, P2, ...
 * are neighbours on the mesh wherever no core is missing. logical[i] = physical id of P(i+1); returns k. */
int noc_logical_cores(const noc_chip *chip, const unsigned char *dead, int *logical);
/* A pipeline of n_stages needs one logical core each: GN_EINPUT naming both counts when the chip (its broken
 * cores left out) has fewer. */
int noc_check_stages_fit(const noc_chip *chip, int n_stages, gn_error *err);

#endif
