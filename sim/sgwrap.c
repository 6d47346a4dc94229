/* sgwrap: SimGrid start-up (configuration, logging, context factory) and in-memory platform loading. */
#define _GNU_SOURCE
#include "sgwrap.h"

#include <simgrid/engine.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void gn_sim_init(const char *network_model) {
  static char prog[] = "gridnoc";
  static char log_default[] = "--log=root.thresh:error";
  static char log_user[512], model[128];
  /* The context factory must be chosen before SimGrid starts its maestro: pass it on the command line. */
  static char thread_factory[] = "--cfg=contexts/factory:thread";
  char *argv[6] = {prog, log_default, NULL, NULL, NULL, NULL};
  int argc = 2;
  const char *user = getenv("GN_SIMGRID_LOG");
  if (user && *user) {
    snprintf(log_user, sizeof log_user, "--log=%s", user);
    argv[argc++] = log_user;
  }
  if (network_model) {
    snprintf(model, sizeof model, "--cfg=network/model:%s", network_model);
    argv[argc++] = model;
  }
#ifdef GN_SANITIZE
  argv[argc++] = thread_factory;
#else
  (void)thread_factory;
#endif
  simgrid_init(&argc, argv);
}

int gn_sim_load_platform_xml(const char *xml, size_t len, gn_error *err) {
  int fd = memfd_create("gridnoc-platform", MFD_CLOEXEC);
  if (fd < 0)
    return gn_error_set(err, GN_EFAIL, NULL, 0, "memfd_create: %s", strerror(errno));
  size_t off = 0;
  while (off < len) {
    ssize_t w = write(fd, xml + off, len - off);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      close(fd);
      return gn_error_set(err, GN_EFAIL, NULL, 0, "writing the platform: %s", strerror(errno));
    }
    off += (size_t)w;
  }
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  simgrid_load_platform(path);
  close(fd);
  return GN_OK;
}
