/* lockfail: an LD_PRELOAD shim for the integration tests: fcntl's record locks fail with ENOLCK, as on an NFS
 * mount without a lock daemon; every other fcntl goes through. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>

static long forward(int fd, int cmd, va_list ap) {
  void *arg = va_arg(ap, void *);
  if (cmd == F_SETLK || cmd == F_SETLKW || cmd == F_OFD_SETLK || cmd == F_OFD_SETLKW) {
    errno = ENOLCK;
    return -1;
  }
  return syscall(SYS_fcntl, fd, cmd, arg);
}

int fcntl(int fd, int cmd, ...);
int fcntl64(int fd, int cmd, ...);

int fcntl(int fd, int cmd, ...) {
  va_list ap;
  va_start(ap, cmd);
  long r = forward(fd, cmd, ap);
  va_end(ap);
  return (int)r;
}

int fcntl64(int fd, int cmd, ...) {
  va_list ap;
  va_start(ap, cmd);
  long r = forward(fd, cmd, ap);
  va_end(ap);
  return (int)r;
}
