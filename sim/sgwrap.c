/* sgwrap: SimGrid start-up (configuration, logging, context factory) and in-memory platform loading. */
#define _GNU_SOURCE
#include "sgwrap.h"

#include "gn_file.h"
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
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The user's --cfg KEY:VALUE settings (and a scenario's simgrid_cfg), passed on after gridnoc's own so they win. */
#define MAX_USER_CFG 64
static char *user_cfg[MAX_USER_CFG];
static int n_user_cfg;

/* SimGrid aborts the process on an unknown key, a bad value or a bad --log setting: try the argument in a child
 * first and turn its complaint ("Bad config key: x", "... is not a valid boolean") into one line "what: why". */
static int try_in_child(const char *arg, const char *what, gn_error *err) {
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
  /* Read to the end (a verbose --log setting writes much more than is kept: the child must never block). */
  char text[8192], rest[4096];
  size_t len = 0;
  ssize_t n;
  while ((n = len + 1 < sizeof text ? read(fds[0], text + len, sizeof text - 1 - len) : read(fds[0], rest, sizeof rest)) >
             0 ||
         (n < 0 && errno == EINTR))
    if (n > 0 && len + 1 < sizeof text)
      len += (size_t)n;
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
  return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: %.*s (SimGrid's keys: 'Configuring SimGrid' in its manual)", what,
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

/* Keys refused outright (a prefix ending in '/' names a family): settings that stop the process (a SIGTRAP at a
 * given time), that gridnoc sets itself (the model a result is labelled with, the context factory its actors and
 * the sanitizer build rely on: `raw` under ASan overflows a stack), or that belong to tools gridnoc does not run. */
static const struct {
  const char *key, *why;
} cfg_refused[] = {
    {"debug/breakpoint", "stops the process with SIGTRAP"},
    {"network/model", "gridnoc sets it (grid: --network; the chip runs CM02), and a result is labelled with it"},
    {"contexts/factory", "gridnoc chooses the context factory (the sanitizer build needs threads)"},
    {"model-check/", "gridnoc does not run the model checker"},
    {"smpi/", "gridnoc runs no MPI application"},
    {"tracing/comment-file", "a file SimGrid reads unchecked: use tracing/comment"},
};

/* Keys whose value names a file SimGrid writes: checked as gridnoc's own outputs are (gn_file_check_output),
 * and never through a link, a FIFO or a device (SimGrid truncates in place what it opens). */
static const char *const cfg_output_files[] = {"tracing/filename"};

static int key_is(const char *key_value, size_t key_len, const char *key) {
  size_t kl = strlen(key);
  return key[kl - 1] == '/' ? key_len >= kl && strncmp(key_value, key, kl) == 0
                            : key_len == kl && strncmp(key_value, key, kl) == 0;
}

static char *sim_outputs[MAX_USER_CFG];
static int n_sim_outputs;

static int check_sim_output(const char *path, gn_error *err) {
  struct stat st;
  int rc = gn_file_check_output(path, err);
  if (!rc && strcmp(path, "-") == 0)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "a SimGrid trace cannot go to standard output ('-')");
  if (!rc && lstat(path, &st) == 0 && (!S_ISREG(st.st_mode) || st.st_nlink != 1))
    rc = gn_error_set(err, GN_EINPUT, path, 0,
                      "is not a regular file of one link (a symbolic or hard link, a FIFO, a device?): SimGrid "
                      "would write through it; name a new file");
  return rc;
}

static int cfg_check_key(const char *key_value, size_t key_len, const char *origin, gn_error *err) {
  const char *value = key_value + key_len + 1;
  for (size_t i = 0; i < sizeof cfg_refused / sizeof cfg_refused[0]; i++)
    if (key_is(key_value, key_len, cfg_refused[i].key))
      return gn_error_set(err, GN_EINPUT, NULL, 0, "%s %.*s: not accepted: %s", origin, (int)key_len, key_value,
                          cfg_refused[i].why);
  for (size_t i = 0; i < sizeof cfg_bounds / sizeof cfg_bounds[0]; i++)
    if (key_is(key_value, key_len, cfg_bounds[i].key)) {
      double v;
      if (gn_num_real(value, cfg_bounds[i].lo, cfg_bounds[i].hi, &v) != GN_NUM_OK)
        return gn_error_set(err, GN_EINPUT, NULL, 0, "%s %s: %s must be a number in %.15g..%.15g", origin, key_value,
                            cfg_bounds[i].what, cfg_bounds[i].lo, cfg_bounds[i].hi);
    }
  for (size_t i = 0; i < sizeof cfg_output_files / sizeof cfg_output_files[0]; i++)
    if (key_is(key_value, key_len, cfg_output_files[i])) {
      if (check_sim_output(value, err))
        return gn_error_prefix(err, "%s %.*s: ", origin, (int)key_len, key_value), err->code;
      if (n_sim_outputs < MAX_USER_CFG && !(sim_outputs[n_sim_outputs] = strdup(value)))
        return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
      n_sim_outputs++;
    }
  return GN_OK;
}

int gn_sim_cfg_add_from(const char *origin, const char *key_value, gn_error *err) {
  const char *colon = strchr(key_value, ':');
  if (!colon || colon == key_value || strchr(key_value, ' '))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: '%s' is not KEY:VALUE (a SimGrid setting, e.g. tracing:yes)",
                        origin, key_value);
  if (n_user_cfg >= MAX_USER_CFG)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: at most %d settings", origin, MAX_USER_CFG);
  if (cfg_check_key(key_value, (size_t)(colon - key_value), origin, err))
    return err->code;
  size_t n = strlen(key_value) + 7;
  char *arg = malloc(n);
  if (!arg)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  snprintf(arg, n, "--cfg=%s", key_value);
  char what[400];
  snprintf(what, sizeof what, "%s %.300s", origin, key_value);
  int rc = try_in_child(arg, what, err);
  if (rc) {
    free(arg);
    return rc;
  }
  user_cfg[n_user_cfg++] = arg;
  return GN_OK;
}

int gn_sim_cfg_add(const char *key_value, gn_error *err) {
  return gn_sim_cfg_add_from("--cfg", key_value, err);
}

const char *gn_sim_cfg_user(int i) {
  return i >= 0 && i < n_user_cfg ? user_cfg[i] : NULL;
}

int gn_sim_env_check(gn_error *err) {
  const char *user = getenv("GN_SIMGRID_LOG");
  if (!user || !*user)
    return GN_OK;
  char what[400];
  snprintf(what, sizeof what, "GN_SIMGRID_LOG=%.300s", user);
  gn_error_sanitise(what);
  if (strlen(user) > 400 || strpbrk(user, " \t\n\r"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: one SimGrid --log setting of at most 400 characters, no spaces "
                        "(e.g. root.thresh:info)", what);
  char arg[420];
  snprintf(arg, sizeof arg, "--log=%s", user);
  return try_in_child(arg, what, err);
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

void gn_sim_init(const char *network_model) { gn_sim_init_cfg(network_model, NULL); }

void gn_sim_init_cfg(const char *network_model, const char *const *settings) {
  static char prog[] = "gridnoc";
  /* no_loc: no backtrace after a failed xbt_assert (the routed message is the whole story). */
  static char log_default[] = "--log=root.thresh:error", no_loc[] = "--log=no_loc";
  static char log_user[512], model[128], own[GN_SIM_OWN_CFG][128];
  /* The context factory must be chosen before SimGrid starts its maestro: pass it on the command line. */
  static char thread_factory[] = "--cfg=contexts/factory:thread";
  /* SimGrid reserves 8 MiB (its default, in KiB) of stack per actor: a 10,000-node grid would reserve 80 GB
   * and abort under an address-space limit. Actors here are shallow (no recursion): 256 KiB is plenty. */
  static char stack_size[64];
  snprintf(stack_size, sizeof stack_size, "--cfg=contexts/stack-size:%d", GN_SIM_STACK_KIB);
  char *argv[8 + GN_SIM_OWN_CFG + MAX_USER_CFG] = {prog, log_default, stack_size, NULL};
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
  for (int i = 0; settings && settings[i] && i < GN_SIM_OWN_CFG; i++) {
    snprintf(own[i], sizeof own[i], "--cfg=%s", settings[i]);
    argv[argc++] = own[i];
  }
#ifdef GN_SANITIZE
  argv[argc++] = thread_factory;
#else
  (void)thread_factory;
#endif
  for (int i = 0; i < n_user_cfg; i++)
    argv[argc++] = user_cfg[i];
  /* The trace paths again: the command's inputs are read by now (a hard link to one was not known at --cfg). */
  for (int i = 0; i < n_sim_outputs && i < MAX_USER_CFG; i++) {
    gn_error err = {0};
    if (check_sim_output(sim_outputs[i], &err)) {
      fprintf(stderr, "gridnoc: %s (tracing/filename)\n", err.msg);
      fflush(stderr);
      _exit(gn_exit_status(GN_EINPUT));
    }
  }
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
