/* sched_checkpoint: capability shares, no redundancy; x is checkpointed every Young/Daly interval and any
 * lost unit rolls the computation back to the last checkpoint. */
#include "grid_sched.h"

const grid_scheduler grid_sched_checkpoint = {
    "checkpoint",          "capability shares, checkpoint of x every Young/Daly interval, roll back on a loss",
    GRID_RECOVER_ROLLBACK, 0,
    grid_one_copy,         grid_place_primary,
};
