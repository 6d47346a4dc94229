/* noc_saturation_replay: the time-averaged shares of flows that always send, under a rule whose rates depend on
 * when each message started (`oldest`).
 *
 * Under such a rule a set of flows that are always active has no fixed shares: the message served first ends,
 * its flow's next message is then the youngest, and the service moves on. So the flows are run message after
 * message, as a cycle-level simulator injects: each flow sends messages of one size back to back (a message
 * takes 1 s alone on a mesh link; the shares do not depend on the size, all being scaled alike), a new one
 * starting the instant the last ends; between two ends the rates are the rule's, constant. A flow's share is the
 * bytes it moved in the measured window over the window's length. The first tenth of the run is left out (the
 * start, where every message is the same age, is not the steady state); the window then holds at least
 * 0.9 × SAT_ROUNDS rounds of service (a round serves every flow once; it is shorter where flows overlap), so a
 * share is off by at most about one round's bytes over the window: 6e-4 of the rate. */
#include "noc_saturation.h"

#include <math.h>
#include <stdlib.h>

#define SAT_ROUNDS 2000 /* messages per flow, about, in the run */
#define SAT_WARMUP 0.1  /* fraction of the run left out */

int noc_saturation_replay(const noc_chip *chip, noc_share_flow *flows, int n, const noc_share_rule *rule,
                          double *rate, gn_error *err) {
  double *left = malloc(((size_t)n + 1) * sizeof *left), *moved = calloc((size_t)n + 1, sizeof *moved);
  if (!left || !moved) {
    free(left), free(moved);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  double size = chip->link_bw_Bps, now = 0;
  /* A round serves every flow once, through its narrowest link at worst: n messages over the slowest link. */
  double slowest = chip->link_bw_Bps < chip->port_bw_Bps || !chip->ports ? chip->link_bw_Bps : chip->port_bw_Bps;
  double end = SAT_ROUNDS * n * size / slowest, warm = SAT_WARMUP * end;
  for (int f = 0; f < n; f++) {
    left[f] = size;
    flows[f].start_s = 0;
  }
  int rc = GN_OK;
  while (rc == GN_OK && now < end) {
    rc = rule->rates(chip, flows, n, rate, err);
    double dt = end - now;
    for (int f = 0; rc == GN_OK && f < n; f++)
      if (rate[f] > 0 && left[f] / rate[f] < dt)
        dt = left[f] / rate[f];
    double measured = now + dt > warm ? now + dt - (now > warm ? now : warm) : 0;
    for (int f = 0; rc == GN_OK && f < n; f++) {
      left[f] -= rate[f] * dt;
      moved[f] += rate[f] * measured;
      if (left[f] <= size * 1e-12) { /* ended (to rounding): the flow's next message starts now */
        left[f] = size;
        flows[f].start_s = now + dt;
      }
    }
    now += dt;
  }
  for (int f = 0; rc == GN_OK && f < n; f++)
    rate[f] = moved[f] / (end - warm);
  for (int f = 0; f < n; f++)
    flows[f].start_s = 0;
  free(left), free(moved);
  return rc;
}
