/* platform_noc_describe: a platform file as a chip in words: size, cores, speeds, links, supervisor, routing and
 * the failures its state profiles give. */
#include "platform_noc_describe.h"

#include "platform_noc.h"
#include "platform_noc_failures.h"

#include <stdlib.h>

int platform_noc_describe(const platform_desc *pd, strbuf *out, gn_error *err) {
  platform_noc pn;
  int rc = platform_noc_from_desc(pd, &pn, err);
  if (rc)
    return rc;
  const noc_chip *chip = pn.chip;
  int n = noc_core_count(chip), holes = 0, at_nominal = 0;
  for (int c = 0; c < n; c++) {
    holes += chip->broken[c];
    at_nominal += !chip->broken[c] && chip->speed_flops[c] == chip->core_speed_flops;
  }
  strbuf_addf(out, "NoC chip: %dx%d mesh in zone '%s', %d cores", chip->width, chip->height, pd->zones[pn.zone].id,
              n - holes);
  if (holes)
    strbuf_addf(out, ", %d position(s) without a host (broken cores)", holes);
  strbuf_addf(out, "\n  core speed: nominal %.10g flop/s (%d of %d cores at it)\n", chip->core_speed_flops, at_nominal,
              n - holes);
  strbuf_addf(out, "  links: %.10g B/s, %.10g s per hop (from %s)\n", chip->link_bw_Bps, chip->link_lat_s,
              pn.link_source);
  if (pn.supervisor >= 0)
    strbuf_addf(out, "  supervisor: %s\n", pd->hosts[pn.supervisor].id);
  else
    strbuf_addf(out, "  supervisor: none (needed only with core failures)\n");
  strbuf_addf(out, "  routing: %s\n", pn.routing_text);
  noc_failure *f = NULL;
  int nf = 0, ups = 0;
  /* Failure times in seconds here: the time unit is a run parameter. */
  rc = platform_noc_profile_failures(pd, &pn, 1, &f, &nf, &ups, err);
  for (int i = 0; rc == GN_OK && i < nf; i++)
    strbuf_addf(out, "  state profile: core %s fails at %.10g s (permanent)\n",
                platform_noc_host_name(pd, &pn, f[i].core), f[i].time);
  if (rc == GN_OK && ups)
    strbuf_addf(out, "  state profiles: %d later up event(s) ignored (NoC core failures are permanent)\n", ups);
  free(f);
  platform_noc_free(&pn);
  if (rc == GN_OK && out->oom)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  return rc;
}
