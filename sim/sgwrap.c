/* sgwrap: SimGrid start-up (configuration, logging, context factory) and in-memory platform loading. */
#define _GNU_SOURCE
#include "sgwrap.h"

#include "gn_num.h"

#include <simgrid/engine.h>
#include <xbt/log.h>

#include <errno.h>
#include <malloc.h>
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

/* Settings SimGrid accepts but cannot run with (found by trying them): a timing or solver precision of 0 loops
 * forever, a negative one crashes, 1e300 ends in "The Impossible Did Happen" or a period of 1e304; a stack of
 * a few KiB overflows at the first actor (a SIGSEGV with SimGrid's own multi-line report). Each is bounded here. */
static const struct {
  const char *key;
  double lo, hi;
  const char *what;
} cfg_bounds[] = {
    {"surf/precision", 1e-15, 1e-3, "a timing precision (seconds)"},
    {"maxmin/precision", 1e-15, 1e-3, "a solver precision"},
    {"contexts/stack-size", 64, 1048576, "an actor stack (KiB)"},
};

static int cfg_check_bounds(const char *key_value, size_t key_len, gn_error *err) {
  for (size_t i = 0; i < sizeof cfg_bounds / sizeof cfg_bounds[0]; i++)
    if (strlen(cfg_bounds[i].key) == key_len && strncmp(key_value, cfg_bounds[i].key, key_len) == 0) {
      double v;
      if (gn_num_real(key_value + key_len + 1, cfg_bounds[i].lo, cfg_bounds[i].hi, &v) != GN_NUM_OK)
        return gn_error_set(err, GN_EINPUT, NULL, 0, "--cfg %s: %s must be a number in %.15g..%.15g", key_value,
                            cfg_bounds[i].what, cfg_bounds[i].lo, cfg_bounds[i].hi);
    }
  return GN_OK;
}

int gn_sim_cfg_add(const char *key_value, gn_error *err) {
  const char *colon = strchr(key_value, ':');
  if (!colon || colon == key_value || strchr(key_value, ' '))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "--cfg: '%s' is not KEY:VALUE (a SimGrid setting, e.g. tracing:yes)",
                        key_value);
  if (cfg_check_bounds(key_value, (size_t)(colon - key_value), err))
    return err->code;
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

/* SimGrid's own messages during a run. Its default appender prints "[time] file:line: [cat/PRIO] text" lines, a
 * backtrace after a failed assertion, and a deadlock report as one line per actor. Instead every message above the
 * threshold reaches log_write below as "PRIO<US>text<RS>" (a stream appender over a cookie stream), and becomes one
 * line "gridnoc: simgrid: text": a CRITICAL one is fatal (xbt_die, a failed xbt_assert or an uncaught exception
 * abort right after logging it), so it is printed and the process exits at once; an ERROR, or a CRITICAL that
 * SimGrid survives (its "Oops! Deadlock detected" report), is kept and returned by gn_sim_run as the run's error. */
#define LOG_FIELD '\x1f'
#define LOG_END '\x1e'
static char log_event[1024];
static size_t log_len;
static char complaint[400]; /* the first non-fatal message of this process, "" when none */

/* SimGrid dies only of what it was given: a user's --cfg setting makes it the input's fault (exit 2), otherwise
 * gridnoc handed SimGrid something wrong itself (exit 1). */
static int complaint_code(void) {
  return n_user_cfg > 0 ? GN_EINPUT : GN_EFAIL;
}

static void log_message(char *event) {
  char *text = strchr(event, LOG_FIELD);
  text = text ? text + 1 : event;
  gn_error_sanitise(text);
  text += strspn(text, " ");
  int fatal = strncmp(event, "CRITICAL", 8) == 0;
  if (strstr(text, "Deadlock detected")) {
    /* SimGrid lists the blocked actors at INFO level, below the threshold: one line says what happened. */
    text = "deadlock: every remaining actor waits for something that never comes";
    fatal = 0;
  } else if (strncmp(text, "Oops!", 5) == 0)
    fatal = 0;
  if (fatal) {
    fprintf(stderr, "gridnoc: simgrid: %.300s%s\n", text, n_user_cfg ? " (after a --cfg setting)" : "");
    fflush(stderr);
    _exit(gn_exit_status(complaint_code()));
  }
  if (!complaint[0])
    snprintf(complaint, sizeof complaint, "%.300s", text);
}

static ssize_t log_write(void *cookie, const char *buf, size_t n) {
  (void)cookie;
  for (size_t i = 0; i < n; i++) {
    if (buf[i] == LOG_END) {
      log_event[log_len] = '\0';
      log_message(log_event);
      log_len = 0;
    } else if (log_len + 1 < sizeof log_event)
      log_event[log_len++] = buf[i];
  }
  return (ssize_t)n;
}

static void route_simgrid_log(void) {
  cookie_io_functions_t io = {.write = log_write};
  FILE *f = fopencookie(NULL, "w", io);
  if (!f)
    return; /* SimGrid's own appender stays: multi-line, but nothing is lost */
  setvbuf(f, NULL, _IONBF, 0);
  static const char layout[] = {'%', 'p', LOG_FIELD, '%', 'm', LOG_END, '\0'};
  xbt_log_layout_set(&_XBT_LOGV(XBT_LOG_ROOT_CAT), xbt_log_layout_format_new(layout));
  xbt_log_appender_set(&_XBT_LOGV(XBT_LOG_ROOT_CAT), xbt_log_appender_stream(f));
}

int gn_sim_run(gn_error *err) {
  simgrid_run();
  if (!complaint[0])
    return GN_OK;
  int rc = gn_error_set(err, complaint_code(), NULL, 0, "simgrid: %s%s", complaint,
                        n_user_cfg ? " (after a --cfg setting)" : "");
  complaint[0] = '\0';
  return rc;
}

int gn_sim_exception(const char *what, gn_error *err) {
  return gn_error_set(err, complaint_code(), NULL, 0, "simgrid: %.300s%s", what,
                      n_user_cfg ? " (after a --cfg setting)" : "");
}

void gn_sim_init(const char *network_model) {
  static char prog[] = "gridnoc";
  /* no_loc: no backtrace after a failed xbt_assert (the routed message is the whole story). */
  static char log_default[] = "--log=root.thresh:error", no_loc[] = "--log=no_loc";
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
  if (user && *user) { /* debugging SimGrid: its own format, every line */
    snprintf(log_user, sizeof log_user, "--log=%s", user);
    argv[argc++] = log_user;
  } else
    argv[argc++] = no_loc;
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
  /* Actor stacks (GN_SIM_STACK_KIB each, one per actor) come from the heap rather than one mmap each: glibc maps
   * any block above 128 KiB on its own until a larger mapped block is freed, then raises that threshold (and the
   * trim threshold to twice it). Loading a big platform XML used to free such a block (the XML text) by chance;
   * a grid built through SimGrid's API frees none, and its stacks mapped one by one cost a 10,000-node grid 30 MB
   * more resident memory and a third more system time. The same rule, set here for every simulation. */
  mallopt(M_MMAP_THRESHOLD, 4 * GN_SIM_STACK_KIB * 1024);
  mallopt(M_TRIM_THRESHOLD, 8 * GN_SIM_STACK_KIB * 1024);
  simgrid_init(&argc, argv);
  if (!(user && *user))
    route_simgrid_log();
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
