/* sgwrap: the one place gridnoc starts SimGrid, so a SimGrid upgrade touches one file. */
#ifndef SGWRAP_H
#define SGWRAP_H

#include "gn_error.h"

#include <stddef.h>

/* Start SimGrid once per process. network_model: "CM02" (exact latency + size/bandwidth, used for NoCs),
 * "LV08" (SimGrid's default TCP model) or NULL for the default. SimGrid's own logging is kept to errors, each
 * routed into one line (see gn_sim_run), unless GN_SIMGRID_LOG is set (passed as --log=..., SimGrid's format).
 * Under the sanitizer build the thread context factory is used (ASan cannot follow SimGrid's raw contexts). */
void gn_sim_init(const char *network_model);
/* The same with gridnoc's own settings for this run ("KEY:VALUE", NULL-terminated, at most GN_SIM_OWN_CFG),
 * given before the user's --cfg settings (which may override them). */
#define GN_SIM_OWN_CFG 4
void gn_sim_init_cfg(const char *network_model, const char *const *settings);

/* simgrid_run(), then SimGrid's first complaint (an ERROR message, a deadlock) as the run's error
 * "simgrid: ...": GN_EINPUT when the user gave --cfg settings, GN_EFAIL otherwise (a fatal CRITICAL message
 * ends the process itself, as one line "gridnoc: simgrid: ..." and the same exit status 2 or 1). */
int gn_sim_run(gn_error *err);

/* An exception SimGrid threw at gridnoc's C++ code, reported as gn_sim_run reports SimGrid's complaints:
 * "simgrid: what", GN_EINPUT after a user's --cfg setting, GN_EFAIL otherwise. */
int gn_sim_exception(const char *what, gn_error *err);

/* A SimGrid setting "KEY:VALUE" for every later gn_sim_init in this process (and the runs it forks), given
 * after gridnoc's own (so it can override them): --cfg on the command line, simgrid_cfg in a scenario.
 * The setting is tried in a child process first: an unknown key or bad value is one line, GN_EINPUT. */
int gn_sim_cfg_add(const char *key_value, gn_error *err);
/* The same, a setting from `origin` (the messages' prefix: "--cfg", "simgrid_cfg"). Refused before SimGrid sees
 * them: a key that traps or that gridnoc sets itself (debug/breakpoint, network/model, contexts/factory, ...), a
 * value out of its bounds, a trace file that gn_file_check_output refuses or that is a link, FIFO or device. */
int gn_sim_cfg_add_from(const char *origin, const char *key_value, gn_error *err);
/* The i-th setting given so far, as SimGrid receives it ("--cfg=KEY:VALUE"), or NULL past the last one. */
const char *gn_sim_cfg_user(int i);

/* Environment settings handed to SimGrid (GN_SIMGRID_LOG) tried as --cfg settings are: GN_EINPUT with one line
 * instead of SimGrid's abort. The command calls it once before any work. */
int gn_sim_env_check(gn_error *err);

/* Stack reserved per SimGrid actor (KiB, SimGrid's contexts/stack-size unit), set by gn_sim_init. */
#define GN_SIM_STACK_KIB 256

/* Load a platform from an XML string (through a memfd, so nothing is written to disk). */
int gn_sim_load_platform_xml(const char *xml, size_t len, gn_error *err);

#endif
