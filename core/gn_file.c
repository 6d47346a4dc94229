/* gn_file: whole-file I/O that refuses what is not a file, never replaces a device, never leaves a partial output. */
#include "gn_file.h"

#include "gn_child.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "what it is" for a file that is not a regular one, for the message. */
static const char *file_kind(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "a device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "a special file";
}

/* The files this command has read as inputs (device, inode: a link or another spelling of the path is the same
 * file), so an output that names one is refused instead of destroying it. A count per file: a file read back as
 * the command's own output (gn_file_forget_input) may also have been read as a real input. */
typedef struct {
  dev_t dev;
  ino_t ino;
  int reads;
} input_id;
static input_id *inputs;
static size_t ninputs, inputs_cap;
static int protecting;

void gn_file_protect_inputs(void) {
  protecting = 1;
}

static void remember_input(const struct stat *st) {
  if (!protecting)
    return;
  for (size_t i = 0; i < ninputs; i++)
    if (inputs[i].dev == st->st_dev && inputs[i].ino == st->st_ino) {
      inputs[i].reads++;
      return;
    }
  if (ninputs == inputs_cap) {
    size_t cap = inputs_cap ? 2 * inputs_cap : 16;
    input_id *grown = realloc(inputs, cap * sizeof *grown);
    if (!grown)
      return; /* only the protection of this one file is lost */
    inputs = grown;
    inputs_cap = cap;
  }
  inputs[ninputs++] = (input_id){st->st_dev, st->st_ino, 1};
}

static input_id *find_input(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return NULL;
  for (size_t i = 0; i < ninputs; i++)
    if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino && inputs[i].reads > 0)
      return &inputs[i];
  return NULL;
}

void gn_file_forget_input(const char *path) {
  input_id *in = path ? find_input(path) : NULL;
  if (in)
    in->reads--;
}

static int check_regular(const char *path, const struct stat *st, size_t max_bytes, gn_error *err) {
  if (!S_ISREG(st->st_mode))
    return gn_error_set(err, GN_EINPUT, path, 0, "not a regular file (%s)", file_kind(st->st_mode));
  if ((unsigned long long)st->st_size > max_bytes)
    return gn_error_set(err, GN_EINPUT, path, 0, "file of %lld bytes is larger than the limit of %zu bytes",
                        (long long)st->st_size, max_bytes);
  return GN_OK;
}

int gn_file_check_input(const char *path, size_t max_bytes, gn_error *err) {
  if (max_bytes == 0 || max_bytes > GN_FILE_INPUT_MAX)
    max_bytes = GN_FILE_INPUT_MAX;
  if (!path || !*path)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "an empty input file name");
  struct stat st;
  if (stat(path, &st) != 0)
    return gn_error_set(err, GN_EINPUT, path, 0, "cannot open: %s", strerror(errno));
  return check_regular(path, &st, max_bytes, err);
}

/* Read fd to its end into a malloc'ed buffer; more than max_bytes is an error (after reading max_bytes + 1). */
static int read_fd(int fd, const char *path, size_t max_bytes, char **data, size_t *len, gn_error *err) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (!buf)
    return gn_error_set(err, GN_ENOMEM, path, 0, "out of memory");
  for (;;) {
    if (cap - n < 2) {
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        return gn_error_set(err, GN_ENOMEM, path, 0, "out of memory");
      }
      buf = nb;
      cap *= 2;
    }
    size_t want = cap - n - 1;
    if (want > max_bytes + 1 - n)
      want = max_bytes + 1 - n;
    ssize_t got = read(fd, buf + n, want);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      int e = errno;
      free(buf);
      return gn_error_set(err, GN_EINPUT, path, 0, "read error: %s", strerror(e));
    }
    n += (size_t)got;
    if (n > max_bytes) {
      free(buf);
      return gn_error_set(err, GN_EINPUT, path, 0, "larger than the limit of %zu bytes", max_bytes);
    }
    if (got == 0)
      break;
  }
  buf[n] = '\0';
  /* A UTF-8 byte-order mark (some editors write one) is not part of the text. */
  if (n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
    memmove(buf, buf + 3, n - 2);
    n -= 3;
  }
  *data = buf;
  if (len)
    *len = n;
  return GN_OK;
}

/* Open an input for reading: checked first (a FIFO or device is refused before open() could wait on it), opened
 * with O_NONBLOCK (if it was swapped for a FIFO since the check, open must not wait for a writer), checked again
 * on the descriptor, then made blocking again for ordinary reads. */
static int open_input(const char *path, size_t max_bytes, struct stat *st, int *out_fd, gn_error *err) {
  *out_fd = -1;
  int rc = gn_file_check_input(path, max_bytes, err);
  if (rc)
    return rc;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return gn_error_set(err, GN_EINPUT, path, 0, "cannot open: %s", strerror(errno));
  rc = fstat(fd, st) != 0 ? gn_error_set(err, GN_EINPUT, path, 0, "cannot open: %s", strerror(errno))
                          : check_regular(path, st, max_bytes, err);
  if (rc) {
    close(fd);
    return rc;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0)
    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  *out_fd = fd;
  return GN_OK;
}

FILE *gn_file_open_input(const char *path, size_t max_bytes, gn_error *err) {
  if (max_bytes == 0 || max_bytes > GN_FILE_INPUT_MAX)
    max_bytes = GN_FILE_INPUT_MAX;
  struct stat st;
  int fd;
  if (open_input(path, max_bytes, &st, &fd, err))
    return NULL;
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    gn_error_set(err, GN_ENOMEM, path, 0, "cannot open: %s", strerror(errno));
    close(fd);
    return NULL;
  }
  remember_input(&st);
  return f;
}

int gn_file_read_all(const char *path, size_t max_bytes, char **data, size_t *len, gn_error *err) {
  if (max_bytes == 0 || max_bytes > GN_FILE_INPUT_MAX)
    max_bytes = GN_FILE_INPUT_MAX;
  if (path && strcmp(path, "-") == 0)
    return read_fd(STDIN_FILENO, "stdin", max_bytes, data, len, err);
  struct stat st;
  int fd, rc = open_input(path, max_bytes, &st, &fd, err);
  if (rc)
    return rc;
  rc = read_fd(fd, path, max_bytes, data, len, err);
  if (!rc)
    remember_input(&st);
  close(fd);
  return rc;
}

int gn_file_check_output_name(const char *path, gn_error *err) {
  if (!path || !*path)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "an empty output file name");
  if (strcmp(path, "-") == 0)
    return GN_OK;
  size_t len = strlen(path);
  if (path[len - 1] == '/')
    return gn_error_set(err, GN_EINPUT, path, 0, "names a directory, not an output file");
  const char *base = strrchr(path, '/');
  if (strlen(base ? base + 1 : path) > NAME_MAX || len >= PATH_MAX)
    return gn_error_set(err, GN_EINPUT, path, 0, "cannot write: %s", strerror(ENAMETOOLONG));
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return gn_error_set(err, GN_EINPUT, path, 0, "is a directory, not an output file");
  if (find_input(path))
    return gn_error_set(err, GN_EINPUT, path, 0, "is also an input of this command: not overwritten");
  return GN_OK;
}

int gn_file_check_output(const char *path, gn_error *err) {
  int rc = gn_file_check_output_name(path, err);
  struct stat st;
  if (rc || strcmp(path, "-") == 0 || stat(path, &st) == 0)
    return rc;
  /* A new file: its folder must exist and be writable. */
  char *dir = strdup(path);
  if (!dir)
    return gn_error_set(err, GN_ENOMEM, path, 0, "out of memory");
  char *slash = strrchr(dir, '/');
  const char *folder = !slash ? "." : slash == dir ? "/" : (*slash = '\0', dir);
  if (stat(folder, &st) != 0)
    rc = gn_error_set(err, GN_EINPUT, path, 0, "cannot write: %s", strerror(errno));
  else if (!S_ISDIR(st.st_mode))
    rc = gn_error_set(err, GN_EINPUT, path, 0, "cannot write: %s", strerror(ENOTDIR));
  else if (access(folder, W_OK | X_OK) != 0)
    rc = gn_error_set(err, GN_EINPUT, path, 0, "cannot write: %s", strerror(errno));
  free(dir);
  return rc;
}

void gn_file_remove_output(const char *path) {
  struct stat st;
  if (path && strcmp(path, "-") != 0 && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
    unlink(path);
}

static int write_all_fd(int fd, const char *data, size_t len) {
  size_t off = 0;
  while (off < len) {
    ssize_t w = write(fd, data + off, len - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    off += (size_t)w;
  }
  return 0;
}

/* An existing non-regular output (device, FIFO, terminal, pipe behind /dev/stdout): write into it in place. */
static int write_through(const char *path, const char *data, size_t len, gn_error *err) {
  int fd = strcmp(path, "-") == 0 ? STDOUT_FILENO : open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return gn_error_set(err, GN_EFAIL, path, 0, "cannot write: %s", errno == ENXIO ? "no process reads this FIFO"
                                                                                  : strerror(errno));
  if (fd != STDOUT_FILENO) {
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
      fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  } else {
    fflush(stdout);
  }
  int rc = write_all_fd(fd, data, len) ? gn_error_set(err, GN_EFAIL, path, 0, "cannot write: %s", strerror(errno))
                                       : GN_OK;
  if (fd != STDOUT_FILENO && close(fd) != 0 && !rc)
    rc = gn_error_set(err, GN_EFAIL, path, 0, "cannot write: %s", strerror(errno));
  return rc;
}

static int write_atomic_to(const char *path, const char *shown, const char *data, size_t len, gn_error *err);
static int write_atomic_fd(int fd, const char *tmp, const char *path, const char *shown, const char *data, size_t len,
                           gn_error *err);

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
  int rc = gn_file_check_output(path, err);
  if (rc)
    return rc;
  struct stat st;
  if (strcmp(path, "-") == 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode)))
    return write_through(path, data, len, err);
  char *target = write_target(path);
  if (!target)
    return gn_error_set(err, GN_ENOMEM, path, 0, "out of memory");
  rc = write_atomic_to(target, path, data, len, err);
  free(target);
  return rc;
}

/* The temporaries not yet renamed, for gn_file_remove_temporaries (a signal handler): a few at a time at most. */
enum { MAX_TEMPS = 8 };
static const char *volatile temps[MAX_TEMPS];

static void temp_add(const char *tmp) {
  for (int i = 0; i < MAX_TEMPS; i++)
    if (!temps[i]) {
      temps[i] = tmp;
      return;
    }
}

void gn_file_temp_done(const char *tmp) {
  for (int i = 0; i < MAX_TEMPS; i++)
    if (temps[i] == tmp)
      temps[i] = NULL;
}

void gn_file_remove_temporaries(void) {
  for (int i = 0; i < MAX_TEMPS; i++)
    if (temps[i])
      unlink(temps[i]);
}

/* mkstemp, and the new file noted for gn_file_remove_temporaries, with no ending signal in between: a signal
 * landing while the file is being created (the open can take long on a busy disk, and the signal is taken as it
 * returns) would otherwise find the file not yet noted and leave it behind. */
static int temp_create(char *tmp) {
  sigset_t old;
  gn_block_ending_signals(&old);
  int fd = mkstemp(tmp);
  int e = errno;
  if (fd >= 0)
    temp_add(tmp);
  sigprocmask(SIG_SETMASK, &old, NULL);
  errno = e;
  return fd;
}

int gn_file_temp_beside(const char *path, char *tmp, size_t tmp_size, gn_error *err) {
  if ((size_t)snprintf(tmp, tmp_size, "%s.tmpXXXXXX", path) >= tmp_size)
    return gn_error_set(err, GN_EINPUT, path, 0, "path too long");
  int fd = temp_create(tmp);
  if (fd < 0)
    return gn_error_set(err, GN_EFAIL, path, 0, "cannot write: %s", strerror(errno));
  close(fd);
  /* mkstemp creates 0600; output files are ordinary user files (the child writes in place, keeping the mode). */
  mode_t mask = umask(0);
  umask(mask);
  chmod(tmp, 0666 & ~mask);
  return GN_OK;
}

/* Write to a temp file beside target, then rename it over target; messages name `shown` (the user's path). */
static int write_atomic_to(const char *path, const char *shown, const char *data, size_t len, gn_error *err) {
  size_t plen = strlen(path);
  char *tmp = malloc(plen + 16);
  if (!tmp)
    return gn_error_set(err, GN_ENOMEM, shown, 0, "out of memory");
  snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);
  int fd = temp_create(tmp);
  if (fd < 0) {
    int e = errno;
    free(tmp);
    return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
  }
  int rc = write_atomic_fd(fd, tmp, path, shown, data, len, err);
  gn_file_temp_done(tmp);
  free(tmp);
  return rc;
}

/* write_atomic_to's body once the temporary exists: it is gone when this returns (renamed or unlinked). */
static int write_atomic_fd(int fd, const char *tmp, const char *path, const char *shown, const char *data, size_t len,
                           gn_error *err) {
  if (write_all_fd(fd, data, len) != 0) {
    int e = errno;
    close(fd);
    unlink(tmp);
    return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    int e = errno;
    unlink(tmp);
    return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
  }
  /* mkstemp creates 0600; output files are ordinary user files. */
  mode_t mask = umask(0);
  umask(mask);
  chmod(tmp, 0666 & ~mask);
  if (rename(tmp, path) != 0) {
    int e = errno;
    unlink(tmp);
    return gn_error_set(err, GN_EFAIL, shown, 0, "cannot write: %s", strerror(e));
  }
  return GN_OK;
}
