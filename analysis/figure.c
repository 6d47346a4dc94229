/* figure: run gnuplot (a child process, output captured) on a script, into temp files renamed on success. */
#include "figure.h"

#include "gn_child.h"
#include "gn_file.h"
#include "strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* cairo (before 1.17.2) stamps a PDF with the time it was made: the digits of its CreationDate become the epoch's,
 * same length, so the cross-reference offsets stay valid and the figure is byte-identical run after run. */
static int fix_pdf_date(const char *path, gn_error *err) {
  char *text;
  size_t len;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  gn_file_forget_input(path); /* gnuplot's own output, read back to be rewritten */
  static const char key[] = "/CreationDate (D:", epoch[] = "19700101000000";
  for (size_t i = 0; i + sizeof key + sizeof epoch < len; i++)
    if (memcmp(text + i, key, sizeof key - 1) == 0) {
      memcpy(text + i + sizeof key - 1, epoch, sizeof epoch - 1);
      break;
    }
  rc = gn_file_write_atomic(path, text, len, err);
  free(text);
  return rc;
}

static int run_gnuplot(const char *gp, const char *fmt, const char *out, gn_error *err) {
  char tmp[4120], expr[8300];
  /* A fresh file of our own, not a fixed name: gnuplot opens its output following links, so a link planted
   * at OUT.tmp would have had it overwrite the file it points to. */
  int rc = gn_file_temp_beside(out, tmp, sizeof tmp, err);
  if (rc)
    return rc;
  snprintf(expr, sizeof expr, "fmt='%s'; out='%s'", fmt, tmp);
  const char *argv[] = {"gnuplot", "-e", expr, gp, NULL};
  strbuf msg = STRBUF_INIT;
  int status = gn_child_run(argv, NULL, NULL, &msg, 2000);
  if (status != 0 || msg.len > 0) {
    /* gnuplot reports script errors on stderr, sometimes still exiting 0: any message is a failure. */
    rc = gn_error_set(err, GN_EFAIL, gp, 0, "gnuplot failed: %.600s%s", strbuf_str(&msg),
                      status == 127 ? " (install gnuplot-nox)" : "");
    unlink(tmp);
  } else if (strcmp(fmt, "pdf") == 0 && (rc = fix_pdf_date(tmp, err)) != GN_OK) {
    unlink(tmp);
  } else if (rename(tmp, out) != 0) {
    rc = gn_error_set(err, GN_EFAIL, out, 0, "cannot rename the finished figure: %s", strerror(errno));
    unlink(tmp);
  }
  gn_file_temp_done(tmp);
  strbuf_free(&msg);
  return rc;
}

int figure_render(const char *script, const char *base, gn_error *err) {
  char gp[4096], svg[4096], png[4096], pdf[4096];
  snprintf(gp, sizeof gp, "%s.gp", base);
  snprintf(svg, sizeof svg, "%s.svg", base);
  snprintf(png, sizeof png, "%s.png", base);
  snprintf(pdf, sizeof pdf, "%s.pdf", base);
  int rc = gn_file_write_atomic(gp, script, strlen(script), err);
  if (!rc)
    rc = run_gnuplot(gp, "svg", svg, err);
  if (!rc)
    rc = run_gnuplot(gp, "png", png, err);
  if (!rc)
    rc = run_gnuplot(gp, "pdf", pdf, err);
  if (rc) { /* all four files or none */
    gn_file_remove_output(gp);
    gn_file_remove_output(svg);
    gn_file_remove_output(png);
  }
  return rc;
}
