/* noc_pipeline_priv: the state the pipeline's files share (one simulation per process) and their entries into each
 * other: the stage actors (noc_stage.c), the epochs (noc_epoch.c), the report (noc_measure.c) and the run
 * (noc_pipeline.c), which hands the state to the supervisor together with the operations the supervisor needs
 * (noc_supervisor.h), so the supervisor calls into none of them. */
#ifndef NOC_PIPELINE_PRIV_H
#define NOC_PIPELINE_PRIV_H

#include "noc_pipeline.h"
#include "noc_net.h"
#include "noc_phase.h"
#include "noc_sharing.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

/* A stage-to-stage flow of one epoch: one mailbox, one message per item. */
typedef struct noc_channel {
  int src, dst; /* stages */
  long bytes;
  double delay_s; /* route latency the sender waits before posting (fair sharing; set when the sender starts) */
  sg_mailbox_t mailbox;
  long delivered; /* messages that arrived */
  int capacity;   /* buffer slots at the receiver for this flow (items) */
  int ring_off;   /* where they start in the receiver's ring */
  sg_sem_t arrived; /* rr: messages whose bytes are through (the mailbox carries only the rendezvous) */
  double write_sum; /* seconds its sender spent writing the messages after the warm-up, and their count */
  long writes;
  double *starts; /* first epoch: when its sender started its last noc_phase_ring writes after the warm-up (s, a
                   * ring), for the in-phase detector (noc_phase.h) */
  long n_starts;  /* writes recorded in the ring, overwritten ones included */
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
  sg_sem_t net_done; /* rr: released by the network model when the stage's message is through */
  double t_warm, t_last; /* when it started computing the epoch's warm-up-th item and its latest item (s) */
  long n_warm;           /* items it started after the warm-up-th (so the spacing is (t_last - t_warm) / n_warm) */
} noc_stage;

typedef struct noc_epoch_run {
  int id;
  noc_channel *channel;
  int n_channels;
  noc_stage *stage;
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
  noc_net *net;            /* rr: the network model the messages' bytes cross (NULL under age and tcp) */
  noc_route_delays delays; /* fair sharing: route latencies taken out of the links (core NULL under tcp) */
  gn_error *err;
  int failed; /* a re-mapping error stopped the run (err filled) */
  /* Receives of stages the supervisor killed, released by the supervisor once SimGrid has cancelled them
   * (noc_sim_release_dropped): released from the dying stage, a receive still transferring makes SimGrid print
   * a backtrace (its Comm destructor; the actor's own activities are cancelled only after its on-exit). */
  sg_comm_t *dropped;
  int n_dropped, cap_dropped;
  int supervisor_done; /* the supervisor has ended: a stage ending later releases its receives itself */
} noc_sim;

/* The one simulation of this process (defined in noc_pipeline.c). */
extern noc_sim noc_sim_state;

/* noc_stage.c */
void noc_stage_main(int argc, char **argv); /* one stage actor (argv[0]: "epoch:stage") */
int noc_sim_release_dropped(void);          /* see noc_supervisor_ops */

/* noc_epoch.c */
void noc_epoch_free(noc_epoch_run *run, int n_stages);
int noc_sim_deploy(noc_plan *plan, long first, double now, int *off_core); /* see noc_supervisor_ops */
void noc_sim_close_epoch(void);                                            /* see noc_supervisor_ops */
void noc_epoch_account(int id); /* an epoch's traffic on each link */
double noc_epoch_steady_period(const noc_epoch_run *run, int n_stages);
/* The links a flow crosses on a platform whose routes are not XY (indices into the report's route_link arrays):
 * the count, -1 out of memory. */
int noc_file_route(int src_core, int dst_core, int **out);

/* noc_measure.c */
void noc_report_finalize(void); /* the report when the run ends */

#endif
