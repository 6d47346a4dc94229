/* runner_cache: the sweep's shared folder, made before the first run and removed once the sweep is complete. */
#include "runner_cache.h"

#include "grid_refcache.h"
#include "strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void cache_path(const char *output, strbuf *dir) {
  strbuf_addf(dir, "%s.cache", output);
}

int runner_cache_open(const char *output, int *opened, gn_error *err) {
  strbuf dir = STRBUF_INIT;
  cache_path(output, &dir);
  int rc = GN_OK;
  struct stat st;
  *opened = 0;
  if (dir.oom)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  else if (mkdir(strbuf_str(&dir), 0755) != 0 && errno != EEXIST)
    rc = gn_error_set(err, GN_EFAIL, strbuf_str(&dir), 0, "cannot make the sweep's cache folder: %s",
                      strerror(errno));
  /* Only a real folder of our own naming is used (and later emptied): a file, or a link to somewhere else, that
   * happens to have this name is left alone, and the sweep runs without a cache. */
  else if (lstat(strbuf_str(&dir), &st) == 0 && S_ISDIR(st.st_mode)) {
    if (setenv(GRID_REFCACHE_ENV, strbuf_str(&dir), 1) != 0)
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    else
      *opened = 1;
  }
  strbuf_free(&dir);
  return rc;
}

void runner_cache_close(const char *output, int keep) {
  strbuf dir = STRBUF_INIT;
  cache_path(output, &dir);
  DIR *d = dir.oom || keep ? NULL : opendir(strbuf_str(&dir));
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)))
      if (grid_refcache_is_entry(e->d_name)) {
        strbuf entry = STRBUF_INIT;
        strbuf_addf(&entry, "%s/%s", strbuf_str(&dir), e->d_name);
        if (!entry.oom)
          unlink(strbuf_str(&entry));
        strbuf_free(&entry);
      }
    closedir(d);
  }
  if (!dir.oom)
    rmdir(strbuf_str(&dir)); /* fails, as it should, on a kept folder or one that holds anything not ours */
  unsetenv(GRID_REFCACHE_ENV);
  strbuf_free(&dir);
}
