/* noc_pipeline_priv: state shared by the pipeline's stage actors and its supervisor (one simulation per process). */
#ifndef NOC_PIPELINE_PRIV_H
#define NOC_PIPELINE_PRIV_H

#include "noc_pipeline.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

/* A stage-to-stage flow of one epoch: one mailbox, one message per item. */
typedef struct noc_channel {
  int src, dst; /* stages */
  long bytes;
  sg_mailbox_t mailbox;
  long delivered; /* messages that arrived */
  int capacity;   /* buffer slots at the receiver for this flow (items) */
  int ring_off;   /* where they start in the receiver's ring */
} noc_channel;

struct noc_epoch_run;

typedef struct noc_stage {
  struct noc_epoch_run *run;
  int stage, core;
  double flops;
  int n_in, n_out;
  int *in, *out;   /* channel indices, out ordered by destination stage */
  int ring_size;   /* Σ capacity of the incoming flows */
  sg_comm_t *ring; /* [ring_size]: the posted receives are the free buffer slots */
  void **slot;     /* [ring_size]: where each receive lands */
  aid_t pid;
} noc_stage;

typedef struct noc_epoch_run {
  int id;
  noc_channel *channel;
  int n_channels;
  noc_stage *stage;
  double t_warm, t_last; /* completion times of the warm-up-th and the last item of the epoch (s) */
} noc_epoch_run;

typedef struct noc_sim {
  const noc_pipeline_config *cfg;
  const noc_pipeline_platform *platform; /* NULL: the chip's generated platform */
  noc_pipeline_report *rep;
  double tu; /* seconds per time unit */
  double heartbeat_s, timeout_s;
  sg_host_t *host;     /* [cores], NULL for broken cores */
  int *done_count;     /* [items] stages of the current epoch that finished the item */
  double *t_start;     /* [items] first compute start of the item in the current epoch (s) */
  long next_done;      /* first item not completed: completions form a prefix (every stage works in order) */
  long max_started;    /* highest item any stage started computing (-1: none) */
  noc_epoch_run *runs; /* [cores + 1]: a recovery needs a newly dead core */
  int finished;        /* every item delivered or lost, or no core left */
  double t_finish;
  double latency_sum;
  long latency_count;
  double recovery_from; /* failure time awaiting the re-mapped pipeline's first completion (s), or -1 */
  double recovery_sum;
  long recovery_count;       /* recoveries whose pipeline completed an item */
  unsigned char *dead_known; /* [cores] declared dead by the supervisor */
  gn_error *err;
  int failed; /* a re-mapping error stopped the run (err filled) */
} noc_sim;

extern noc_sim noc_sim_state;

/* Deploy a plan as a new epoch from item first (takes the plan). GN_OK, or a negative status when a host is
 * found off (*off_core set: the core did not answer the deployment) or on error. */
int noc_sim_deploy(noc_plan *plan, long first, double now, int *off_core);
/* Close the current epoch: kill its stage actors that still run, account its link traffic. */
void noc_sim_close_epoch(void);

/* Start the heartbeat actors, the supervisor and the failure injector (only when failures are planned). */
void noc_supervisor_start(void);

#endif
