/* runner_spawn: start-up workers that start the runs' children for the runner (see runner_spawn.h). The request
 * is the run index with the two pipe write ends (SCM_RIGHTS); the answer the child's pid. */
#define _GNU_SOURCE
#include "runner_spawn.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

struct runner_spawner {
  int n;
  pid_t *pid; /* workers */
  int *fd;    /* the runner's end of each worker's socket */
};

static int send_request(int fd, size_t index, int fd_res, int fd_log) {
  char ctl[CMSG_SPACE(2 * sizeof(int))];
  memset(ctl, 0, sizeof ctl);
  struct iovec iov = {&index, sizeof index};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(2 * sizeof(int));
  int fds[2] = {fd_res, fd_log};
  memcpy(CMSG_DATA(c), fds, sizeof fds);
  ssize_t n;
  while ((n = sendmsg(fd, &m, MSG_NOSIGNAL)) < 0 && errno == EINTR)
    ;
  return n == (ssize_t)sizeof index ? 0 : -1;
}

/* 1 with a request, 0 at end of file (the runner is done), -1 on error. */
static int recv_request(int fd, size_t *index, int *fd_res, int *fd_log) {
  char ctl[CMSG_SPACE(2 * sizeof(int))];
  struct iovec iov = {index, sizeof *index};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
  ssize_t n;
  while ((n = recvmsg(fd, &m, 0)) < 0 && errno == EINTR)
    ;
  if (n == 0)
    return 0;
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  if (n != (ssize_t)sizeof *index || !c || c->cmsg_type != SCM_RIGHTS || c->cmsg_len != CMSG_LEN(2 * sizeof(int)))
    return -1;
  int fds[2];
  memcpy(fds, CMSG_DATA(c), sizeof fds);
  *fd_res = fds[0];
  *fd_log = fds[1];
  return 1;
}

/* All of len bytes written (writing) or read, retrying after signals: 0, or -1 (error or end of file). */
static int transfer(int fd, void *data, size_t len, int writing) {
  char *p = data;
  while (len) {
    ssize_t n = writing ? write(fd, p, len) : read(fd, p, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return -1;
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

/* The worker: one child per request. clone(CLONE_PARENT) rather than fork: the child's parent is the runner, so
 * the runner waits for it, kills it on a timeout and reads its exit status as if it had forked it. */
static void worker_main(int fd, runner_child_fn fn, void *ctx) {
  for (;;) {
    size_t index;
    int fd_res, fd_log;
    int got = recv_request(fd, &index, &fd_res, &fd_log);
    if (got <= 0)
      _exit(got == 0 ? 0 : 1);
    pid_t pid = (pid_t)syscall(SYS_clone, CLONE_PARENT | SIGCHLD, NULL, NULL, NULL, 0);
    if (pid == 0) {
      close(fd);
      fn(ctx, index, fd_res, fd_log);
      _exit(1);
    }
    long answer = pid < 0 ? -(long)errno : (long)pid;
    close(fd_res);
    close(fd_log);
    if (transfer(fd, &answer, sizeof answer, 1))
      _exit(1);
  }
}

runner_spawner *runner_spawner_start(int workers, runner_child_fn fn, void *ctx) {
  const char *fork_only = getenv("GN_RUNNER_FORK"); /* the old way, for side-by-side measurements */
  if (fork_only && *fork_only && strcmp(fork_only, "0") != 0)
    return NULL;
  runner_spawner *sp = calloc(1, sizeof *sp);
  if (!sp)
    return NULL;
  sp->pid = calloc((size_t)workers, sizeof *sp->pid);
  sp->fd = calloc((size_t)workers, sizeof *sp->fd);
  if (!sp->pid || !sp->fd) {
    runner_spawner_stop(sp);
    return NULL;
  }
  for (int w = 0; w < workers; w++) {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair)) {
      runner_spawner_stop(sp);
      return NULL;
    }
    pid_t pid = fork();
    if (pid == 0) {
      /* The runner's ends of every socket (earlier workers' too): a worker sees end of file only when the
       * runner closes its own end, so no one else may hold it. */
      for (int k = 0; k < sp->n; k++)
        close(sp->fd[k]);
      close(pair[0]);
      /* The worker (and every run it forks) needs none of the runner's tables: free them here, so memcheck sees
       * no block lost in processes that never return to the runner. */
      free(sp->pid);
      free(sp->fd);
      free(sp);
      worker_main(pair[1], fn, ctx);
    }
    close(pair[1]);
    if (pid < 0) {
      close(pair[0]);
      runner_spawner_stop(sp);
      return NULL;
    }
    sp->pid[sp->n] = pid;
    sp->fd[sp->n++] = pair[0];
  }
  return sp;
}

pid_t runner_spawner_run(runner_spawner *sp, int w, size_t index, int fd_res, int fd_log) {
  long answer;
  if (!sp || w < 0 || w >= sp->n || sp->fd[w] < 0)
    return errno = EINVAL, -1;
  if (send_request(sp->fd[w], index, fd_res, fd_log) || transfer(sp->fd[w], &answer, sizeof answer, 0)) {
    close(sp->fd[w]); /* a dead worker: its slot falls back to fork */
    sp->fd[w] = -1;
    return errno = EPIPE, -1;
  }
  if (answer < 0)
    return errno = (int)-answer, -1;
  return (pid_t)answer;
}

void runner_spawner_stop(runner_spawner *sp) {
  if (!sp)
    return;
  for (int w = 0; w < sp->n; w++)
    if (sp->fd[w] >= 0)
      close(sp->fd[w]);
  for (int w = 0; w < sp->n; w++)
    while (waitpid(sp->pid[w], NULL, 0) < 0 && errno == EINTR)
      ;
  free(sp->pid);
  free(sp->fd);
  free(sp);
}
