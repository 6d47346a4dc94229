/* sgwrap: SimGrid start-up (configuration, logging, context factory) and in-memory platform loading. */
#define _GNU_SOURCE
#include "sgwrap.h"

#include <simgrid/engine.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* The user's --cfg KEY:VALUE settings (and a scenario's simgrid_cfg), passed on after gridnoc's own so they win. */
#define MAX_USER_CFG 64
static char *user_cfg[MAX_USER_CFG];
static int n_user_cfg;

/* SimGrid aborts the process on an unknown key or a bad value: try the setting in a child first and turn its
 * complaint ("Bad config key: x", "... is not a valid boolean") into one line. */
static int cfg_try_in_child(const char *arg, const char *key_value, gn_error *err) {
  int fds[2];
  if (pipe(fds))
    return gn_error_set(err, GN_EFAIL, NULL, 0, "pipe: %s", strerror(errno));
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]), close(fds[1]);
    return gn_error_set(err, GN_EFAIL, NULL, 0, "fork: %s", strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 2);
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0)
      dup2(devnull, 1);
    static char prog[] = "gridnoc", quiet[] = "--log=root.thresh:critical";
    char *argv[] = {prog, quiet, (char *)arg, NULL};
    int argc = 3;
    simgrid_init(&argc, argv);
    _exit(0);
  }
  close(fds[1]);
  char text[8192];
  size_t len = 0;
  ssize_t n;
  while ((n = read(fds[0], text + len, sizeof text - 1 - len)) > 0 || (n < 0 && errno == EINTR))
    len += n > 0 ? (size_t)n : 0;
  close(fds[0]);
  text[len] = '\0';
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return GN_OK;
  /* The reason is the text after "CRITICAL] " on SimGrid's first complaint line. */
  const char *why = strstr(text, "CRITICAL] ");
  why = why ? why + 10 : "SimGrid refused it";
  if (strncmp(why, "Uncaught exception ", 19) == 0 && strstr(why, ": "))
    why = strstr(why, ": ") + 2;
  size_t wl = strcspn(why, "\n");
  return gn_error_set(err, GN_EINPUT, NULL, 0, "--cfg %s: %.*s (SimGrid's keys: 'Configuring SimGrid' in its manual)", key_value,
                      (int)(wl > 300 ? 300 : wl), why);
}

int gn_sim_cfg_add(const char *key_value, gn_error *err) {
  const char *colon = strchr(key_value, ':');
  if (!colon || colon == key_value || strchr(key_value, ' '))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "--cfg: '%s' is not KEY:VALUE (a SimGrid setting, e.g. tracing:yes)",
                        key_value);
  if (n_user_cfg >= MAX_USER_CFG)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--cfg: at most %d settings", MAX_USER_CFG);
  size_t n = strlen(key_value) + 7;
  char *arg = malloc(n);
  if (!arg)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  snprintf(arg, n, "--cfg=%s", key_value);
  int rc = cfg_try_in_child(arg, key_value, err);
  if (rc) {
    free(arg);
    return rc;
  }
  user_cfg[n_user_cfg++] = arg;
  return GN_OK;
}

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
  char *argv[8 + MAX_USER_CFG] = {prog, log_default, stack_size, NULL};
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
  for (int i = 0; i < n_user_cfg; i++)
    argv[argc++] = user_cfg[i];
  argv[argc] = NULL;
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
