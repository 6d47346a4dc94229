/* map_stages: `gridnoc map --assignment`: a mapping's stage assignment, stage by stage (tasks, load, what the stage
 * sends, its cost under the cost model), as a table or as JSON. */
#ifndef MAP_STAGES_H
#define MAP_STAGES_H

#include "partition.h"
#include "strbuf.h"

/* Appends the table of mapper `name`'s partition p: one line per stage, its tasks by name (ranges of
 * consecutive numeric names folded: "1-10 15"). */
void map_stages_table(strbuf *b, const char *name, const taskgraph *g, const partition *p, double comm_factor);
/* Appends `"assignment": [{"stage": 1, "tasks": ["1", ...], "load": L, "sent": V, "cost": C}, ...]`. */
void map_stages_json(strbuf *b, const taskgraph *g, const partition *p, double comm_factor);

#endif
