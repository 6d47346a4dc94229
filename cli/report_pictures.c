/* report_pictures: re-run one run of a scenario in a forked child (SimGrid: one simulation per process), write
 * its pictures, and convert each to PNG with rsvg-convert (librsvg2-bin). */
#include "report_pictures.h"

#include "grid_job.h"
#include "grid_svg.h"
#include "grid_trace_json.h"
#include "noc_run.h"
#include "gn_child.h"
#include "gn_file.h"
#include "noc_svg.h"
#include "noc_trace_json.h"
#include "strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { TRACE_ITEMS = 6 }; /* items drawn per mapping on the timeline, as `gridnoc pipeline --trace-items` */

/* The child's work: simulate and write the SVG files. */
static int draw_run(const scenario *sc, const scenario_picture *pic, const scenario_run *run, const char *base,
                    gn_error *err) {
  char path[4300], stem[4250];
  int rc;
  if (strcmp(sc->kind->name, "grid") == 0) {
    grid_job job;
    memset(&job, 0, sizeof job);
    rc = grid_job_execute_traced(&run->params, run->seed, pic->ring, &job, err);
    scenario_picture_stem(base, DRAW_RING, stem, sizeof stem);
    snprintf(path, sizeof path, "%s.svg", stem);
    if (!rc && pic->ring)
      rc = grid_svg_write(path, &job.g, &job.res.picture, err);
    snprintf(path, sizeof path, "%s-trace.json", base); /* the run's events for a trace viewer */
    if (!rc && pic->ring)
      rc = grid_trace_json_write(path, &job, err);
    grid_job_free(&job);
    return rc;
  }
  noc_run nr;
  rc = noc_run_execute(&run->params, run->seed, pic->timeline ? TRACE_ITEMS : 0, &nr, err);
  scenario_picture_stem(base, DRAW_CHIP, stem, sizeof stem);
  snprintf(path, sizeof path, "%s.svg", stem);
  if (!rc && pic->chip)
    rc = noc_svg_chip_write(path, nr.chip, nr.g, &nr.rep, err);
  scenario_picture_stem(base, DRAW_TIMELINE, stem, sizeof stem);
  snprintf(path, sizeof path, "%s.svg", stem);
  if (!rc && pic->timeline)
    rc = noc_svg_timeline_write(path, nr.chip, &nr.rep, err);
  snprintf(path, sizeof path, "%s-trace.json", base); /* the timeline's events for a trace viewer */
  if (!rc && pic->timeline)
    rc = noc_trace_json_write(path, nr.chip, &nr.rep, err);
  noc_run_free(&nr);
  return rc;
}

typedef struct picture_job {
  const scenario *sc;
  const scenario_picture *pic;
  const scenario_run *run;
  const char *base;
} picture_job;

/* In the child: the simulation and its SVG files; the error text on stderr, for the parent. */
static int draw_in_child(void *ctx) {
  const picture_job *job = ctx;
  gn_error e = {0};
  if (draw_run(job->sc, job->pic, job->run, job->base, &e) == GN_OK)
    return 0;
  fprintf(stderr, "%s", e.msg);
  return 1;
}

/* Run `argv`, or the job's simulation, in a child; its messages become the error text. */
static int in_child(const char *const *argv, picture_job *job, const char *what, gn_error *err) {
  strbuf msg = STRBUF_INIT;
  int status = gn_child_run(argv, argv ? NULL : draw_in_child, job, &msg, 2000), rc = GN_OK;
  if (status != 0)
    rc = gn_error_set(err, GN_EFAIL, job->sc->path, job->pic->line, "picture %s (run %zu): %s failed: %.600s%s",
                      job->pic->name, job->pic->run, what, msg.len ? strbuf_str(&msg) : "killed",
                      status == 127 && argv ? " (install librsvg2-bin)" : "");
  strbuf_free(&msg);
  return rc;
}

/* STEM.svg -> STEM.png through a temporary file renamed on success. */
static int to_png(picture_job *job, int drawing, gn_error *err) {
  char stem[4250], svg[4300], png[4300], tmp[4400];
  scenario_picture_stem(job->base, drawing, stem, sizeof stem);
  snprintf(svg, sizeof svg, "%s.svg", stem);
  snprintf(png, sizeof png, "%s.png", stem);
  /* A fresh file of our own, not a fixed name a planted link could stand at (rsvg-convert follows it). */
  int rc = gn_file_temp_beside(png, tmp, sizeof tmp, err);
  if (rc)
    return rc;
  const char *argv[] = {"rsvg-convert", "--background-color", "white", "-o", tmp, svg, NULL};
  rc = in_child(argv, job, "rsvg-convert", err);
  if (!rc && rename(tmp, png))
    rc = gn_error_set(err, GN_EFAIL, png, 0, "cannot rename the finished picture: %s", strerror(errno));
  if (rc)
    unlink(tmp);
  gn_file_temp_done(tmp);
  if (!rc)
    printf("%s %s\n", svg, png);
  return rc;
}

int report_picture(const scenario *sc, const scenario_picture *pic, const char *dir, gn_error *err) {
  scenario_run run;
  int rc = scenario_run_at(sc, pic->run, &run, err);
  if (rc)
    return rc;
  char base[4200];
  snprintf(base, sizeof base, "%s/%s", dir, pic->name);
  picture_job job = {sc, pic, &run, base};
  rc = in_child(NULL, &job, "the simulation", err);
  for (int d = 0; d < SCENARIO_DRAWINGS && !rc; d++)
    if (scenario_picture_draws(pic, d))
      rc = to_png(&job, d, err);
  scenario_run_free(&run);
  return rc;
}
