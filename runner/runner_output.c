/* runner_output: the sweep's result CSV opened for appending (resumed, repaired, or started with its header;
 * --fresh discards only a result CSV), whole writes, and file names as one-line messages show them. */
#include "runner_output.h"

#include "runner_csv.h"

#include "gn_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int runner_write_all(int fd, const char *data, size_t len) {
  while (len) {
    ssize_t n = write(fd, data, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return -1;
    data += n;
    len -= (size_t)n;
  }
  return 0;
}

/* A file name as a one-line message shows it (control characters as '?'). */
runner_shown_name runner_shown(const char *path) {
  runner_shown_name n;
  snprintf(n.s, sizeof n.s, "%s", path);
  gn_error_sanitise(n.s);
  return n;
}

/* --fresh discards only what a sweep could have written: nothing, an empty file or a CSV whose header starts with
 * the run column (never a scenario, a graph or any other file given as --output by mistake). */
static int looks_like_result_csv(const char *path) {
  char head[4];
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return 1;
  ssize_t n = read(fd, head, sizeof head);
  close(fd);
  return n <= 0 || (n == 4 && memcmp(head, "run,", 4) == 0);
}

int runner_open_output(const scenario *sc, const runner_options *opt, unsigned char *done, long *max_index,
                       int *out_fd, gn_error *err) {
  int repaired = 0, rc = GN_OK;
  if (opt->fresh && !looks_like_result_csv(opt->output))
    return gn_error_set(err, GN_EINPUT, opt->output, 1, "exists and is not a result CSV (no 'run,' header): not "
                        "discarded by --fresh; remove it or choose another --output");
  if (opt->fresh && unlink(opt->output) != 0 && errno != ENOENT)
    rc = gn_error_set(err, GN_EFAIL, opt->output, 0, "cannot remove: %s", strerror(errno));
  if (!rc)
    rc = runner_resume_scan(sc, opt->output, 1, done, max_index, &repaired, err);
  if (rc)
    return rc;
  if (repaired)
    fprintf(stderr, "gridnoc: %s: removed a cut-short last line (an interrupted write); that run is redone\n",
            runner_shown(opt->output).s);
  int fd = open(opt->output, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return gn_error_set(err, GN_EFAIL, opt->output, 0, "cannot open for appending: %s", strerror(errno));
  struct stat st;
  int empty = fstat(fd, &st) == 0 && st.st_size == 0;
  if (empty) {
    strbuf h = STRBUF_INIT;
    runner_header(sc, &h);
    strbuf_add(&h, "\n");
    if (h.oom || runner_write_all(fd, strbuf_str(&h), h.len) || fdatasync(fd))
      rc = gn_error_set(err, GN_EFAIL, opt->output, 0, "cannot write the header: %s", strerror(errno));
    strbuf_free(&h);
  }
  if (rc) {
    close(fd);
    if (empty) /* a full disk must not leave an empty or cut-short CSV */
      gn_file_remove_output(opt->output);
  }
  else
    *out_fd = fd;
  return rc;
}
