/* platform_probe: a forked child loads the platform into SimGrid and walks the routes; the parent reads how far it
 * got and SimGrid's last complaint. */
#define _GNU_SOURCE
#include "platform_probe.h"

#include "sgwrap.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child's inputs (SimGrid actors take only argc/argv) and its progress file. */
static struct {
  const char *const *src, *const *dst;
  int n, progress;
  int report; /* write each route's links too (platform_probe_route) */
} probe;

static void probe_actor(int argc, char **argv) {
  (void)argc;
  (void)argv;
  xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
  for (int i = 0; i < probe.n; i++) {
    dprintf(probe.progress, "pair %d\n", i);
    sg_host_t a = sg_host_by_name(probe.src[i]), b = sg_host_by_name(probe.dst[i]);
    if (!a || !b) {
      dprintf(probe.progress, "nohost %d\n", i);
      _exit(3);
    }
    xbt_dynar_reset(links);
    sg_host_get_route(a, b, links);
    /* SimGrid's network model refuses to send over an empty route of zero latency ("no connecting path"). */
    if (a != b && xbt_dynar_length(links) == 0 && sg_host_get_route_latency(a, b) <= 0) {
      dprintf(probe.progress, "noroute %d\n", i);
      _exit(4);
    }
    for (unsigned long k = 0; probe.report && k < xbt_dynar_length(links); k++) {
      sg_link_t l = xbt_dynar_get_as(links, k, sg_link_t);
      dprintf(probe.progress, "link\t%s\t%.17g\t%.17g\n", sg_link_get_name(l), sg_link_get_bandwidth(l),
              sg_link_get_latency(l));
    }
  }
  xbt_dynar_free(&links);
  dprintf(probe.progress, "done\n");
}

static void child(const char *xml, size_t len, int errfd) {
  dup2(errfd, 2);
  gn_error e = {0};
  gn_sim_init(NULL);
  if (gn_sim_load_platform_xml(xml, len, &e) != GN_OK)
    _exit(2);
  dprintf(probe.progress, "loaded\n");
  sg_host_t host = probe.n > 0 ? sg_host_by_name(probe.src[0]) : NULL;
  if (probe.n > 0 && !host) {
    dprintf(probe.progress, "nohost 0\n");
    _exit(3);
  }
  if (host) {
    char name[] = "probe";
    sg_actor_create(name, host, probe_actor, 0, NULL);
    gn_sim_run(&e); /* a SimGrid complaint is in the log already, where the parent reads it */
  }
  _exit(0);
}

/* The whole content of a memfd, NUL-terminated (malloc'ed; NULL when out of memory). */
static char *slurp(int fd) {
  off_t size = lseek(fd, 0, SEEK_END);
  char *s = malloc(size > 0 ? (size_t)size + 1 : 1);
  if (!s)
    return NULL;
  ssize_t got = size > 0 ? pread(fd, s, (size_t)size, 0) : 0;
  s[got > 0 ? got : 0] = '\0';
  return s;
}

/* SimGrid's reason: the first line sgwrap routed ("gridnoc: simgrid: ..."), or (SimGrid's own format, with
 * GN_SIMGRID_LOG) the first CRITICAL or ERROR line that is not "Exiting now.", after its "[...] " prefixes,
 * with the memfd's name replaced by nothing (the caller names the file). */
static void simgrid_reason(const char *log, char *out, size_t size) {
  snprintf(out, size, "no message");
  for (const char *line = log; line && *line;) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
    const char *routed = strncmp(buf, "gridnoc: simgrid: ", 18) == 0 ? buf + 18 : NULL; /* sgwrap's one line */
    if (routed || ((strstr(buf, "CRITICAL]") || strstr(buf, "ERROR]")) && !strstr(buf, "Exiting now"))) {
      const char *msg = routed ? routed : strrchr(buf, ']');
      msg = msg ? msg + (routed ? 0 : 1) : buf;
      msg += strspn(msg, " ");
      const char *fd = strstr(msg, "/proc/self/fd/");
      if (fd) { /* "Parse error at /proc/self/fd/3:8: ..." -> "Parse error at line 8: ..." */
        const char *colon = strchr(fd, ':');
        snprintf(out, size, "%.*sline %s", (int)(fd - msg), msg, colon ? colon + 1 : "");
      } else
        snprintf(out, size, "%s", msg);
      return;
    }
    line = end ? end + 1 : NULL;
  }
}

/* Run the child; on success *steps holds its progress lines (malloc'ed). */
static int probe_run(const char *path, const char *xml, size_t len, const char *const *src, const char *const *dst,
                     int n, int report, char **steps_out, gn_error *err) {
  *steps_out = NULL;
  int errfd = memfd_create("gridnoc-probe-err", MFD_CLOEXEC), progress = memfd_create("gridnoc-probe", MFD_CLOEXEC);
  if (errfd < 0 || progress < 0) {
    if (errfd >= 0)
      close(errfd);
    if (progress >= 0)
      close(progress);
    return gn_error_set(err, GN_EFAIL, NULL, 0, "memfd_create: %s", strerror(errno));
  }
  probe.src = src;
  probe.dst = dst;
  probe.n = n;
  probe.progress = progress;
  probe.report = report;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0)
    child(xml, len, errfd);
  int status = 0, rc = GN_OK;
  if (pid < 0)
    rc = gn_error_set(err, GN_EFAIL, NULL, 0, "fork: %s", strerror(errno));
  else
    waitpid(pid, &status, 0);
  char *steps = rc ? NULL : slurp(progress), *log = rc ? NULL : slurp(errfd);
  if (rc == GN_OK && (!steps || !log))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory checking %s", path);
  int ok = rc == GN_OK && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
           strstr(steps, n > 0 ? "done\n" : "loaded\n") != NULL;
  if (rc == GN_OK && !ok) {
    char reason[300];
    simgrid_reason(log, reason, sizeof reason);
    const char *last = NULL;
    for (const char *s = strstr(steps, "pair "); s; s = strstr(s + 1, "pair "))
      last = s;
    int i = last ? atoi(last + 5) : -1;
    if (!strstr(steps, "loaded\n"))
      rc = gn_error_set(err, GN_EINPUT, path, 0, "SimGrid cannot load this platform: %s", reason);
    else if (i >= 0 && strstr(steps, "nohost"))
      rc = gn_error_set(err, GN_EINPUT, path, 0, "SimGrid does not know host '%s' or '%s'", src[i], dst[i]);
    else if (i >= 0 && strstr(steps, "noroute"))
      rc = gn_error_set(err, GN_EINPUT, path, 0,
                        "no route from %s to %s (SimGrid would stop at their first message): add a <route> or a "
                        "<zoneRoute> joining them",
                        src[i], dst[i]);
    else if (i >= 0)
      rc = gn_error_set(err, GN_EINPUT, path, 0, "SimGrid cannot route from %s to %s: %s", src[i], dst[i], reason);
    else
      rc = gn_error_set(err, GN_EINPUT, path, 0, "SimGrid stopped on this platform: %s", reason);
  }
  if (rc == GN_OK)
    *steps_out = steps;
  else
    free(steps);
  free(log);
  close(errfd);
  close(progress);
  return rc;
}

int platform_probe(const char *path, const char *xml, size_t len, const char *const *src, const char *const *dst, int n,
                   gn_error *err) {
  char *steps;
  int rc = probe_run(path, xml, len, src, dst, n, 0, &steps, err);
  free(steps);
  return rc;
}

int platform_probe_route(const char *path, const char *xml, size_t len, const char *src, const char *dst,
                         platform_route_link **links, int *n, gn_error *err) {
  *links = NULL;
  *n = 0;
  char *steps;
  int rc = probe_run(path, xml, len, &src, &dst, 1, 1, &steps, err);
  /* Lines "link\tNAME\tBW\tLAT" (a name may itself end in "link": match whole lines, which follow "loaded"). */
  for (const char *s = steps; rc == GN_OK && (s = strstr(s, "\nlink\t")) != NULL; s++) {
    platform_route_link *grown = realloc(*links, (size_t)(*n + 1) * sizeof **links);
    if (!grown) {
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory reading the route %s -> %s", src, dst);
      break;
    }
    *links = grown;
    platform_route_link *l = &grown[(*n)++];
    const char *name = s + 6, *tab = strchr(name, '\t');
    snprintf(l->name, sizeof l->name, "%.*s", tab ? (int)(tab - name) : 0, name);
    l->bandwidth_Bps = tab ? strtod(tab + 1, (char **)&tab) : 0;
    l->latency_s = tab ? strtod(tab + 1, NULL) : 0;
  }
  free(steps);
  if (rc) {
    free(*links);
    *links = NULL;
    *n = 0;
  }
  return rc;
}
