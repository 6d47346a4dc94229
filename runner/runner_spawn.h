/* runner_spawn: pre-forked start-up workers, so the runner's own process does not pay a fork per run. Each
 * worker is forked once from the already-initialised runner and starts a run's child on request with
 * clone(CLONE_PARENT): the child is the runner's own child (waitpid, kill and exit status work as with fork),
 * but the page-table copy happens in the worker, in parallel with the other jobs. */
#ifndef RUNNER_SPAWN_H
#define RUNNER_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/* What a run's child does (never returns): run `index`, write its result to fd_res, its output to fd_log. */
typedef void (*runner_child_fn)(void *ctx, size_t index, int fd_res, int fd_log);

typedef struct runner_spawner runner_spawner;

/* Fork `workers` workers (one per job). NULL when they cannot be started, or when GN_RUNNER_FORK is set (to
 * measure the old way side by side): the caller forks itself then. */
runner_spawner *runner_spawner_start(int workers, runner_child_fn fn, void *ctx);

/* Start run `index` through worker w (0 <= w < workers) with the write ends of its pipes (passed to the worker;
 * the caller still closes its own copies): the child's pid, or -1 with errno set (the caller may fork itself). */
pid_t runner_spawner_run(runner_spawner *sp, int w, size_t index, int fd_res, int fd_log);

/* Stop and reap the workers. */
void runner_spawner_stop(runner_spawner *sp);

#endif
