/* gn_child: fork, exec or call, output through a pipe, wait (EINTR-safe). */
#include "gn_child.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child being waited for, for gn_child_kill_running (a signal handler). */
static volatile pid_t running;

void gn_child_kill_running(void) {
  pid_t pid = running;
  if (pid > 0) {
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
      ;
  }
}

void gn_block_ending_signals(sigset_t *old) {
  sigset_t ending;
  sigemptyset(&ending);
  sigaddset(&ending, SIGINT);
  sigaddset(&ending, SIGTERM);
  sigaddset(&ending, SIGHUP);
  sigaddset(&ending, SIGPIPE);
  sigprocmask(SIG_BLOCK, &ending, old);
}

int gn_child_run(const char *const *argv, int (*fn)(void *ctx), void *ctx, strbuf *msg, size_t max) {
  int fds[2];
  if (pipe(fds)) {
    strbuf_addf(msg, "pipe: %s", strerror(errno));
    return -1;
  }
  fflush(NULL); /* the child must not write the parent's buffered output a second time */
  /* No signal between the fork and noting the child: a handler must find every child it has to stop. */
  sigset_t old;
  gn_block_ending_signals(&old);
  pid_t pid = fork();
  if (pid > 0)
    running = pid;
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (pid < 0) {
    strbuf_addf(msg, "fork: %s", strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return -1;
  }
  if (pid == 0) {
    running = 0;
    close(fds[0]);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    if (argv) {
      execvp(argv[0], (char *const *)argv);
      fprintf(stderr, "cannot run %s: %s", argv[0], strerror(errno));
      _exit(127);
    }
    int status = fn(ctx);
    fflush(NULL);
    _exit(status);
  }
  close(fds[1]);
  char buf[1024];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0 && msg->len < max)
      strbuf_addn(msg, buf, (size_t)n);
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  running = 0;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
