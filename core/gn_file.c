/* gn_file: whole-file I/O that never leaves a partial output behind. */
#include "gn_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int gn_file_read_all(const char *path, size_t max_bytes, char **data, size_t *len, gn_error *err) {
  if (max_bytes == 0)
    max_bytes = (size_t)1 << 30;
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return gn_error_set(err, GN_EINPUT, path, 0, "cannot open: %s", strerror(errno));
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (!buf) {
    if (f != stdin)
      fclose(f);
    return gn_error_set(err, GN_ENOMEM, path, 0, "out of memory");
  }
  for (;;) {
    if (cap - n < 2) {
      if (cap >= max_bytes + 2) {
        free(buf);
        if (f != stdin)
          fclose(f);
        return gn_error_set(err, GN_ENOMEM, path, 0, "file larger than the limit of %zu bytes", max_bytes);
      }
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) {
        free(buf);
        if (f != stdin)
          fclose(f);
        return gn_error_set(err, GN_ENOMEM, path, 0, "out of memory");
      }
      buf = nb;
    }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0)
      break;
  }
  int failed = ferror(f);
  if (f != stdin)
    fclose(f);
  if (failed) {
    free(buf);
    return gn_error_set(err, GN_EINPUT, path, 0, "read error");
  }
  if (n > max_bytes) {
    free(buf);
    return gn_error_set(err, GN_ENOMEM, path, 0, "file larger than the limit of %zu bytes", max_bytes);
  }
  buf[n] = '\0';
  *data = buf;
  if (len)
    *len = n;
  return GN_OK;
}

static int write_atomic_to(const char *path, const char *shown, const char *data, size_t len, gn_error *err);

/* Where a write to path really lands: a symbolic link is followed (the file it points to is replaced, the
 * link stays), as a plain open-and-write would. Returns a malloc'ed path (a copy of path if not a link). */
static char *write_target(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
    return strdup(path);
  char *real = realpath(path, NULL);
  if (real)
    return real;
  /* A dangling link: write where it points (relative to the link's own folder). */
  char link[4096];
  ssize_t n = readlink(path, link, sizeof link - 1);
  if (n <= 0)
    return strdup(path);
  link[n] = '\0';
  if (link[0] == '/')
    return strdup(link);
  const char *slash = strrchr(path, '/');
  size_t dirlen = slash ? (size_t)(slash - path + 1) : 0;
  char *joined = malloc(dirlen + (size_t)n + 1);
  if (joined) {
    memcpy(joined, path, dirlen);
    memcpy(joined + dirlen, link, (size_t)n + 1);
  }
  return joined;
}

int gn_file_write_atomic(const char *path, const char *data, size_t len, gn_error *err) {
  char *target = write_target(path);
  if (!target)
    return gn_error_set(err, GN_ENOMEM, path, 0, "out of memory");
  int rc = write_atomic_to(target, path, data, len, err);
  free(target);
  return rc;
}

/* Write to a temp file beside target, then rename it over target; messages name `shown` (the user's path). */
static int write_atomic_to(const char *path, const char *shown, const char *data, size_t len, gn_error *err) {
  size_t plen = strlen(path);
  char *tmp = malloc(plen + 16);
  if (!tmp)
    return gn_error_set(err, GN_ENOMEM, shown, 0, "out of memory");
  snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    int e = errno;
    free(tmp);
    return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
  }
  size_t off = 0;
  while (off < len) {
    ssize_t w = write(fd, data + off, len - off);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      int e = errno;
      close(fd);
      unlink(tmp);
      free(tmp);
      return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
    }
    off += (size_t)w;
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    int e = errno;
    unlink(tmp);
    free(tmp);
    return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
  }
  /* mkstemp creates 0600; output files are ordinary user files. */
  mode_t mask = umask(0);
  umask(mask);
  chmod(tmp, 0666 & ~mask);
  if (rename(tmp, path) != 0) {
    int e = errno;
    unlink(tmp);
    free(tmp);
    return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
  }
  free(tmp);
  return GN_OK;
}
