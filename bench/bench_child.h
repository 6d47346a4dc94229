/* bench_child: what the raw-reference benches share — run a program in a child and take its CPU time and output,
 * and find this bench's own path and the gridnoc beside it. Header-only: each bench_*.c is its own program. */
#ifndef BENCH_CHILD_H
#define BENCH_CHILD_H

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run argv in a child; its CPU time (user + system) and its standard output (NUL-terminated, truncated to
 * size - 1). 0 when it exited with status 0. */
static int bench_child_cpu(char *const *argv, double *cpu_s, char *out, size_t size) {
  int fd[2];
  if (pipe(fd))
    return 1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], 1);
    close(fd[0]);
    execv(argv[0], argv);
    _exit(127);
  }
  close(fd[1]);
  size_t got = 0;
  ssize_t k;
  while ((k = read(fd[0], out + got, size - 1 - got)) > 0)
    got += (size_t)k;
  out[got] = '\0';
  close(fd[0]);
  int status;
  struct rusage ru;
  wait4(pid, &status, 0, &ru);
  *cpu_s = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* This program's path, and gridnoc's: the given one, else BUILD/gridnoc for BUILD/bench/this. */
static int bench_paths(const char *given, char *self, char *gridnoc, size_t size) {
  ssize_t sl = readlink("/proc/self/exe", self, size - 1);
  if (sl <= 0)
    return 1;
  self[sl] = '\0';
  if (given) {
    snprintf(gridnoc, size, "%s", given);
    return 0;
  }
  snprintf(gridnoc, size, "%s", self);
  char *slash = strrchr(gridnoc, '/');
  *slash = '\0';
  slash = strrchr(gridnoc, '/');
  snprintf(slash ? slash + 1 : gridnoc, size - (size_t)(slash ? slash + 1 - gridnoc : 0), "gridnoc");
  return 0;
}

#endif
