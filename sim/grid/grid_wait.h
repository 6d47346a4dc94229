/* grid_wait: one actor waiting for its work and its heartbeat at once. SimGrid 3.32's C API waits for executions
 * or for communications, never for both; its C++ Activity::wait_any_for does, and this is the C entry to it. */
#ifndef GRID_WAIT_H
#define GRID_WAIT_H

#include <simgrid/forward.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a node waits for besides its heartbeat: an execution or a communication (one of the two, or neither). */
typedef struct grid_activity {
  sg_exec_t exec;
  sg_comm_t comm;
} grid_activity;

typedef enum { GRID_WAIT_ACTIVITY, GRID_WAIT_BEAT, GRID_WAIT_TIMEOUT } grid_wait_outcome;

/* Waits until `act` or `beat` (NULL: none) ends, or until the simulated date until_s (< 0: no limit). A timeout
 * cancels nothing (a SimGrid timer, unlike sg_comm_wait_for's timeout, which fails the communication): both
 * activities go on and their handles stay valid. The handle of the activity that ended is released, as
 * sg_exec_wait / sg_comm_wait release theirs; *failed = 1 when it failed (peer or link failure, cancel). The
 * timer is set at exactly until_s (not now + (until_s − now), which may round one ulp away), so a heartbeat
 * leaves at the very date a sleeping sender's sleep_for would have ended. An actor killed inside the wait cannot
 * release its handles (grid_wait.cpp says why): grid_wait_drop does, after the run. */
grid_wait_outcome grid_wait_either(grid_activity act, sg_comm_t beat, double until_s, int *failed);

/* Cancels an execution an actor waits for in grid_wait_either (its wait ends, failed), keeping the handle
 * (which that wait releases). SimGrid 3.32 answers the wait of an actor killed while its host is on (a daemon
 * killed when the run ends) once the execution it waited for is cancelled, and that actor is already gone
 * ("The Impossible Did Happen"): so the node executions are cancelled first (grid_nodes_stop). */
void grid_wait_cancel_exec(sg_exec_t exec);

/* Cancels `act` (its execution or communication) and releases its handle: only once the run is over
 * (simgrid_run has returned, so this runs in SimGrid's maestro), for the handles a killed actor kept. */
void grid_wait_drop(grid_activity act);

#ifdef __cplusplus
}
#endif

#endif
