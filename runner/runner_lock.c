/* runner_lock: one writer per result CSV. A POSIX record lock on OUTPUT.lock (holding "pid host"): the kernel
 * drops it when its holder dies, so a run killed with -9 never blocks the next one, and NFS carries it to
 * other machines (lockd). A second writer is refused at once, naming the holder; a file system that cannot
 * lock is an error — writing without the lock could interleave two writers' rows. */
#include "runner_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Who holds the lock, from the lock file ("pid host"), as text for the message. */
static void describe_holder(int fd, const char *path, char *out, size_t size) {
  char buf[300] = "";
  ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  long pid = 0;
  char host[256] = "";
  if (n > 0)
    buf[n] = '\0';
  if (n > 0 && sscanf(buf, "%ld %255s", &pid, host) >= 1 && pid > 0)
    snprintf(out, size, "pid %ld%s%s", pid, host[0] ? " on " : "", host);
  else {
    /* The lock is held but its holder has not written its name yet: ask the kernel (same machine only). */
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK && fl.l_pid > 0)
      snprintf(out, size, "pid %ld", (long)fl.l_pid);
    else
      snprintf(out, size, "another process (see %s)", path);
  }
}

static int lock_error(int e, const char *output, const char *path, gn_error *err) {
  return gn_error_set(err, GN_EFAIL, output, 0,
                      "cannot lock %s: %s; the file system does not support locks (NFS without lockd?), and writing "
                      "without one could mix two writers' rows: use an output on a local disk",
                      path, strerror(e));
}

int runner_lock_acquire(const char *output, runner_lock *lk, gn_error *err) {
  lk->fd = -1;
  size_t n = strlen(output) + 6;
  lk->path = malloc(n);
  if (!lk->path)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  snprintf(lk->path, n, "%s.lock", output);
  /* The holder removes the lock file when it is done: a file opened just before that removal is another
   * inode than the one at the path now, so the lock is taken again on whatever the path names. */
  for (int attempt = 0; attempt < 100; attempt++) {
    /* Never through a link: a symbolic link (O_NOFOLLOW), a hard link (st_nlink), a FIFO or a device at the
     * lock's path would make "pid host" overwrite, and the release remove, a file that is not ours. */
    int fd = open(lk->path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
    struct stat held, now;
    if (fd < 0 || fstat(fd, &held) != 0 || !S_ISREG(held.st_mode) || held.st_nlink != 1) {
      int e = errno, rc = fd >= 0 || e == ELOOP || e == EISDIR || e == ENXIO || e == EMLINK
                              ? gn_error_set(err, GN_EINPUT, lk->path, 0,
                                             "is not a regular file of one link (a symbolic or hard link, a FIFO, "
                                             "a device?): not used as a lock; remove it")
                              : gn_error_set(err, e == ENOENT || e == ENOTDIR ? GN_EINPUT : GN_EFAIL, lk->path, 0,
                                             "cannot create the lock file: %s", strerror(e));
      if (fd >= 0)
        close(fd);
      free(lk->path);
      lk->path = NULL;
      return rc;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fd, F_SETLK, &fl) != 0) {
      int e = errno, rc;
      if (e == EAGAIN || e == EACCES) {
        char who[320];
        describe_holder(fd, lk->path, who, sizeof who);
        rc = gn_error_set(err, GN_EFAIL, output, 0,
                          "is being written by %s (lock %s): wait for it to finish, or write to another --output",
                          who, lk->path);
      } else
        rc = lock_error(e, output, lk->path, err);
      close(fd);
      free(lk->path);
      lk->path = NULL;
      return rc;
    }
    if (lstat(lk->path, &now) == 0 && held.st_ino == now.st_ino && held.st_dev == now.st_dev) {
      char host[256] = "", line[320];
      gethostname(host, sizeof host - 1);
      int len = snprintf(line, sizeof line, "%ld %s\n", (long)getpid(), host[0] ? host : "?");
      if (ftruncate(fd, 0) != 0 || pwrite(fd, line, (size_t)len, 0) != len) {
        int e = errno;
        unlink(lk->path); /* ours (locked, one link): an empty lock file is not left behind */
        close(fd);
        gn_error_set(err, GN_EFAIL, lk->path, 0, "cannot write the lock file: %s", strerror(e));
        free(lk->path);
        lk->path = NULL;
        return GN_EFAIL;
      }
      lk->fd = fd;
      return GN_OK;
    }
    close(fd); /* removed or replaced while we locked it: try the path again */
  }
  free(lk->path);
  lk->path = NULL;
  return gn_error_set(err, GN_EFAIL, output, 0, "cannot lock: its lock file keeps being replaced");
}

void runner_lock_release(runner_lock *lk) {
  if (lk->fd >= 0) {
    /* Remove while still holding it, so nobody can lock the old inode and believe the path is theirs. */
    unlink(lk->path);
    close(lk->fd);
  }
  free(lk->path);
  lk->path = NULL;
  lk->fd = -1;
}
