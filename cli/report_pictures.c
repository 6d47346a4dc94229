/* report_pictures: re-run one run of a scenario in a forked child (SimGrid: one simulation per process), write
 * its pictures, and convert each to PNG with rsvg-convert (librsvg2-bin). */
#include "report_pictures.h"

#include "grid_job.h"
#include "grid_svg.h"
#include "noc_run.h"
#include "noc_svg.h"
#include "strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { TRACE_ITEMS = 6 }; /* items drawn per mapping on the timeline, as `gridnoc pipeline --trace-items` */

/* The child's work: simulate and write the SVG files. */
static int draw_run(const scenario *sc, const scenario_picture *pic, const scenario_run *run, const char *base,
                    gn_error *err) {
  char path[4300];
  int rc;
  if (strcmp(sc->kind->name, "grid") == 0) {
    grid_job job;
    memset(&job, 0, sizeof job);
    rc = grid_job_execute(&run->params, run->seed, &job, err);
    snprintf(path, sizeof path, "%s-ring.svg", base);
    if (!rc && pic->ring)
      rc = grid_svg_write(path, &job.g, &job.res.picture, err);
    grid_job_free(&job);
    return rc;
  }
  noc_run nr;
  rc = noc_run_execute(&run->params, run->seed, pic->timeline ? TRACE_ITEMS : 0, &nr, err);
  snprintf(path, sizeof path, "%s-chip.svg", base);
  if (!rc && pic->chip)
    rc = noc_svg_chip_write(path, nr.chip, nr.g, &nr.rep, err);
  snprintf(path, sizeof path, "%s-timeline.svg", base);
  if (!rc && pic->timeline)
    rc = noc_svg_timeline_write(path, nr.chip, &nr.rep, err);
  noc_run_free(&nr);
  return rc;
}

/* Run `argv` (or, with run != NULL, draw_run) in a child; its messages become the error text. */
static int in_child(const char *const *argv, const scenario *sc, const scenario_picture *pic, const scenario_run *run,
                    const char *base, const char *what, gn_error *err) {
  int fds[2];
  if (pipe(fds))
    return gn_error_set(err, GN_EFAIL, NULL, 0, "pipe: %s", strerror(errno));
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return gn_error_set(err, GN_EFAIL, NULL, 0, "fork: %s", strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 2);
    if (argv) {
      dup2(fds[1], 1);
      execvp(argv[0], (char *const *)argv);
      fprintf(stderr, "cannot run %s: %s (install librsvg2-bin)", argv[0], strerror(errno));
      _exit(127);
    }
    gn_error e = {0};
    if (draw_run(sc, pic, run, base, &e)) {
      fprintf(stderr, "%s", e.msg);
      _exit(1);
    }
    _exit(0);
  }
  close(fds[1]);
  strbuf msg = STRBUF_INIT;
  char buf[1024];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0 && msg.len < 2000)
      strbuf_addn(&msg, buf, (size_t)n);
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  int rc = GN_OK;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    rc = gn_error_set(err, GN_EFAIL, sc->path, pic->line, "picture %s (run %zu): %s failed: %.600s", pic->name,
                      pic->run, what, msg.len ? strbuf_str(&msg) : "killed");
  strbuf_free(&msg);
  return rc;
}

/* base-SUFFIX.svg -> base-SUFFIX.png through a temporary file renamed on success. */
static int to_png(const scenario *sc, const scenario_picture *pic, const char *base, const char *suffix,
                  gn_error *err) {
  char svg[4300], png[4300], tmp[4400];
  snprintf(svg, sizeof svg, "%s-%s.svg", base, suffix);
  snprintf(png, sizeof png, "%s-%s.png", base, suffix);
  snprintf(tmp, sizeof tmp, "%s.tmp", png);
  const char *argv[] = {"rsvg-convert", "--background-color", "white", "-o", tmp, svg, NULL};
  int rc = in_child(argv, sc, pic, NULL, base, "rsvg-convert", err);
  if (rc)
    unlink(tmp);
  else if (rename(tmp, png))
    rc = gn_error_set(err, GN_EFAIL, png, 0, "cannot rename the finished picture: %s", strerror(errno));
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
  rc = in_child(NULL, sc, pic, &run, base, "the simulation", err);
  scenario_run_free(&run);
  if (!rc && pic->chip)
    rc = to_png(sc, pic, base, "chip", err);
  if (!rc && pic->timeline)
    rc = to_png(sc, pic, base, "timeline", err);
  if (!rc && pic->ring)
    rc = to_png(sc, pic, base, "ring", err);
  return rc;
}
