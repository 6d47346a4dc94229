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
  /* SimGrid reserves 8 MiB (its default, in KiB) of stack per actor: a 10,000-node grid would reserve 80 GB
   * and abort under an address-space limit. Actors here are shallow (no recursion): 256 KiB is plenty. */
  static char stack_size[64];
  snprintf(stack_size, sizeof stack_size, "--cfg=contexts/stack-size:%d", GN_SIM_STACK_KIB);
  char *argv[7] = {prog, log_default, stack_size, NULL, NULL, NULL, NULL};
  int argc = 3;
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
