/* sched_plain: capability shares with no redundancy; lost units are re-executed (failed-task queue inside a
 * cluster, then the next alive cluster). */
#include "grid_sched.h"

const grid_scheduler grid_sched_plain = {
    "plain",
    "capability shares, no redundancy, lost units re-executed",
    GRID_RECOVER_ANYWHERE,
    1,
    grid_one_copy,
    grid_place_primary,
};
