/* runner_lock: the exclusive lock every writer of a result CSV (run, merge, emitted jobs) takes first. */
#ifndef RUNNER_LOCK_H
#define RUNNER_LOCK_H

#include "gn_error.h"

typedef struct runner_lock {
  int fd;     /* the locked OUTPUT.lock, -1 when not held */
  char *path; /* OUTPUT.lock */
} runner_lock;

/* Lock `output` for writing (through OUTPUT.lock, whose directory must exist). A lock held by a live process
 * is refused at once: "OUTPUT: is being written by pid P on HOST (lock ...)". A lock left by a dead process
 * does not count. A file system without locks is an error, never a silent unlocked write. */
int runner_lock_acquire(const char *output, runner_lock *lk, gn_error *err);
/* Remove the lock file and drop the lock (safe on a lock never acquired). */
void runner_lock_release(runner_lock *lk);

#endif
