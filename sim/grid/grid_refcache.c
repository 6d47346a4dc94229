/* grid_refcache: fault-free reference makespans shared by the runs of one sweep, one small file per key. */
#define _GNU_SOURCE
#include "grid_refcache.h"

#include "sgwrap.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void grid_refcache_key(const gn_kvlist *params, const char *scheduler, const char *variant, uint64_t seed,
                       strbuf *key) {
  strbuf_addf(key, "gridnoc %s reference %s seed %" PRIu64 "\n", GN_VERSION, variant, seed);
  for (size_t i = 0; i < params->n; i++)
    strbuf_addf(key, "%s=%s\n", params->items[i].key,
                strcmp(params->items[i].key, "scheduler") ? params->items[i].value : scheduler);
  for (int i = 0; gn_sim_cfg_user(i); i++) /* SimGrid settings can change a makespan too */
    strbuf_addf(key, "%s\n", gn_sim_cfg_user(i));
}

/* FNV-1a, 64 bits: the file's name; the file holds the whole key, so a collision is a miss, never a wrong value. */
static void entry_path(const char *dir, const char *key, strbuf *path) {
  uint64_t h = 14695981039346656037ull;
  for (const unsigned char *c = (const unsigned char *)key; *c; c++)
    h = (h ^ *c) * 1099511628211ull;
  strbuf_addf(path, "%s/%016" PRIx64, dir, h);
}

/* The names entry_path and grid_refcache_put write (see grid_refcache.h). */
int grid_refcache_is_entry(const char *name) {
  if (strspn(name, "0123456789abcdef") != 16)
    return 0;
  const char *rest = name + 16;
  if (!*rest)
    return 1;
  if (*rest++ != '.' || !strspn(rest, "0123456789"))
    return 0;
  return strcmp(rest + strspn(rest, "0123456789"), ".tmp") == 0;
}

int grid_refcache_get(const char *dir, const char *key, double *makespan_s) {
  strbuf path = STRBUF_INIT;
  entry_path(dir, key, &path);
  /* Only a regular file, never through a link, and never blocking on a FIFO someone put in the folder. */
  int fd = path.oom ? -1 : open(strbuf_str(&path), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  strbuf_free(&path);
  struct stat st;
  FILE *f = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
  if (!f) {
    if (fd >= 0)
      close(fd);
    return 0;
  }
  size_t klen = strlen(key);
  char *text = malloc(klen + 64);
  size_t got = text ? fread(text, 1, klen + 63, f) : 0;
  fclose(f);
  int hit = 0;
  if (text && got > klen && memcmp(text, key, klen) == 0) {
    text[got] = '\0';
    char *end;
    double v = strtod(text + klen, &end); /* written with %a: read back bit for bit */
    hit = end != text + klen && *end == '\n';
    if (hit)
      *makespan_s = v;
  }
  free(text);
  return hit;
}

void grid_refcache_put(const char *dir, const char *key, double makespan_s) {
  strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
  entry_path(dir, key, &path);
  strbuf_addf(&tmp, "%s.%ld.tmp", strbuf_str(&path), (long)getpid());
  /* A new file of our own: a link or anything else already under the temporary name is not written through. */
  int fd = path.oom || tmp.oom ? -1
                                : open(strbuf_str(&tmp), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f && fd >= 0) {
    close(fd);
    unlink(strbuf_str(&tmp));
  }
  if (f) {
    int bad = fprintf(f, "%s%a\n", key, makespan_s) < 0;
    bad |= fclose(f) != 0;
    if (bad || rename(strbuf_str(&tmp), strbuf_str(&path)) != 0)
      unlink(strbuf_str(&tmp));
  }
  strbuf_free(&path);
  strbuf_free(&tmp);
}
