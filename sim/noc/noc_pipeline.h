/* noc_pipeline: a mapped task graph run as a pipeline on a simulated NoC chip (SimGrid), with core failures.
 *
 * Units. Task loads and the whole report are in the graph's "time units"; config.time_unit_s says how many
 * seconds one is. A stage whose tasks sum to load L executes L × time_unit_s × chip nominal speed flops, so on a
 * nominal-speed core it computes for exactly L time units. A stage-to-stage flow of volume V is one message of
 * V × comm_factor × time_unit_s × link bandwidth bytes: under CM02 it takes comm_factor × V time units plus
 * hops × (link latency + router delay). So comm_factor is the time, in time units, to push one unit of volume
 * through a link, i.e. bytes per volume unit = comm_factor × time_unit_s × link_bw_Bps, and without contention a
 * stage's cycle is its partition_evaluate() cost plus the (nanosecond-scale) hop latencies of its writes. */
#ifndef NOC_PIPELINE_H
#define NOC_PIPELINE_H

#include "noc_failures.h"
#include "noc_plan.h"

/* How flows share a saturated link (docs/noc.md "Link arbitration"). */
typedef enum noc_link_sharing {
  NOC_SHARING_FAIR, /* `age` (alias `fair`): every flow crossing a link gets an equal share (an age-based arbiter) */
  NOC_SHARING_TCP,  /* SimGrid CM02 as is: a flow's share is inversely proportional to its route's latency */
  NOC_SHARING_RR,   /* round-robin per input port at every router output (noc_net.h: our own network model) */
  NOC_SHARING_OLDEST, /* first come, first served by message start (an age-based router; noc_net.h too) */
} noc_link_sharing;

/* "rr" / "age" (or "fair") / "tcp" / "oldest" -> the rule; -1 for anything else. */
int noc_link_sharing_parse(const char *name);
/* The rule's name: rr, age (what `fair` is called now), tcp or oldest. */
const char *noc_link_sharing_name(noc_link_sharing rule);

typedef struct noc_pipeline_config {
  const taskgraph *g;
  const noc_chip *chip;
  noc_plan_request plan;       /* mapper, binding, stages, comm_factor, seed: used again to re-map after failures */
  double time_unit_s;          /* seconds per time unit */
  long items;                  /* data items fed through the pipeline */
  long warmup;                 /* completions excluded from the steady-state measures (per epoch) */
  int buffer;                  /* capacity, in items, of the buffer in front of each stage per incoming flow;
                                * 0 = auto: what the steady-state delay between the two stages needs, so no
                                * flow blocks its sender (a chain gets 2) */
  const noc_failure *failures; /* permanent core failures (times in time units), sorted by time */
  int n_failures;
  int replay;           /* after a restart: 1 = replay the in-flight items, 0 = count them as lost */
  double heartbeat;     /* heartbeat period of every core, time units; <= 0: twice the analytic period */
  double timeout_beats; /* a core silent for longer than timeout_beats heartbeats is declared dead (> 1) */
  double target;        /* throughput target, as a fraction of the initial mapping's analytic throughput */
  int trace_items;      /* the timeline records the first trace_items items of each epoch */
  noc_link_sharing link_sharing;
  double message_overhead_s; /* waited by the sender before each message is posted, every rule (a router's
                              * per-message cost: injection, ejection, packetisation) */
} noc_pipeline_config;

/* A user's platform to run on instead of the chip's generated XML (docs/noc.md "Your own platform"). A core
 * host with several cores runs its stage split over all of them. */
typedef struct noc_pipeline_platform {
  const char *xml; /* what SimGrid loads */
  size_t len;
  const char *const *core_host; /* [cores] host name of each core (NULL for a position without a host) */
  const char *supervisor_host;  /* needed only with failures */
  int routes_xy; /* 1: the routes are the XY routes of noc.h (link measures on the model's links); 0: measured on
                  * the routes SimGrid takes in the file (report.route_links) */
} noc_pipeline_platform;

/* One traced activity of a core, for the timeline picture. */
typedef struct noc_trace_event {
  int core;
  int epoch;
  char kind; /* 'c' compute, 's' send (writing its outputs) */
  long item;
  double t0, t1; /* time units */
} noc_trace_event;

/* A failure as the run saw it. */
typedef struct noc_failure_seen {
  int core;
  double t_fail;   /* the core broke (time units) */
  double t_detect; /* the supervisor declared it dead; NaN if the run ended first */
} noc_failure_seen;

/* An epoch = one deployed mapping (the initial one, then one per recovery). */
typedef struct noc_epoch_report {
  noc_plan plan;
  double t_start;  /* deployment time */
  long first_item; /* first item this epoch processes */
  long completed;  /* items completed during this epoch */
  double period;   /* steady-state period measured in this epoch (NaN if too few items) */
} noc_epoch_report;

typedef struct noc_pipeline_report {
  double analytic_period; /* of the initial mapping (partition_evaluate, same comm_factor) */
  double hop_volume;      /* of the initial binding */
  double sim_period;      /* steady state of the initial mapping (epoch 0), warm-up excluded */
  double period_ratio;    /* sim_period / analytic_period */
  double link_bound;      /* the busiest link's busy time per item: Σ bytes crossing it / its bandwidth */
  double bound;           /* max(analytic_period, link_bound): no arbitration can go faster */
  double bound_ratio;     /* sim_period / bound */
  double throughput;      /* 1 / sim_period */
  double latency;         /* mean time from an item's first compute to its completion at every stage */
  double makespan;        /* time when the last item completed (or the run stopped) */
  long items_done, items_lost;
  int completed; /* 1 if every item was delivered or counted lost; 0 if the chip ran out of cores */
  int n_failures_seen, n_recoveries;
  double detection_delay; /* mean over detected failures */
  double recovery_time;   /* mean over recoveries: failure -> first completion of the re-mapped pipeline */
  double throughput_before, throughput_after; /* steady state of the first and the last epoch */
  double overall_throughput;                  /* items delivered / makespan */
  int target_met;                             /* overall_throughput >= target × 1 / analytic_period */
  double core_util_max, core_util_mean;       /* (compute + send) / makespan over the cores that ran a stage */
  double link_util_max, link_util_mean;       /* bytes carried / (bandwidth × makespan) over links that carried data */
  /* Equal writes held in phase on one link or port of the first mapping (noc_phase.h), when the period
   * exceeds that resource's bound (and the run's) by more than 5 %: in_phase_writers = k (0 = none), the
   * resource (a noc_link id, -1 = none; XY routes only) and its bound (time units, NaN = none). */
  int in_phase_writers, in_phase_link;
  double in_phase_bound;
  int contended_links; /* links crossed by flows of two or more senders of the initial mapping (flows of one
                        * sender are written one after another and never share a link at the same time) */
  double heartbeat;                           /* the heartbeat period used (time units) */
  long activities;                            /* executions + communications simulated (for the benchmark) */
  double *core_busy, *core_send;              /* [cores] seconds computing / writing, time units */
  double *link_bytes;                         /* [noc_link_id_count] bytes carried */
  /* The first epoch's flows (epochs[0].plan.flows order): each one's mean write time (time units, from the
   * moment its sender starts the write, route latency included, to the end of the transfer) over the messages
   * that arrived after the warm-up; NaN for a flow with none. */
  double *flow_write_mean;
  /* The joint placement (binding "joint"): the candidate its probe kept (a name of noc_probe_candidate) and every
   * candidate's probe period, in that order; NULL for other bindings. */
  const char *placement;
  double probe_period[4];
  noc_epoch_report *epochs;
  int n_epochs;
  noc_failure_seen *failures;
  noc_trace_event *trace;
  long n_trace;
  /* On a platform whose routes are not XY: the links of the file that carried data, as SimGrid routed it
   * (hop_volume is then Σ volume × links crossed; link_bytes above is unused). */
  int n_route_links;
  char **route_link_name;
  double *route_link_bw_Bps, *route_link_bytes;
} noc_pipeline_report;

/* Run one simulation (SimGrid allows one per process: call at most once). Initialises SimGrid with CM02 and
 * loads the chip's platform. Errors: GN_EINPUT for a bad configuration, GN_EFAIL for a failed run. */
int noc_pipeline_simulate(const noc_pipeline_config *cfg, noc_pipeline_report *rep, gn_error *err);
/* The same on a user's platform (NULL: the chip's generated one, hosts core_X_Y and NOC_SUPERVISOR_HOST). */
int noc_pipeline_simulate_on(const noc_pipeline_config *cfg, const noc_pipeline_platform *platform,
                             noc_pipeline_report *rep, gn_error *err);
void noc_pipeline_report_free(noc_pipeline_report *rep);

/* GN_OK when cfg can be simulated; else GN_EINPUT saying what is wrong. */
int noc_pipeline_check_config(const noc_pipeline_config *cfg, gn_error *err);

/* Simulate cfg from the given initial plan (taken over: freed whatever happens). The engine of
 * noc_pipeline_simulate_on, which makes the plan (and probes the joint placement) first. */
int noc_pipeline_simulate_plan(const noc_pipeline_config *cfg, const noc_pipeline_platform *platform,
                               noc_plan *plan, noc_pipeline_report *rep, gn_error *err);

#endif
