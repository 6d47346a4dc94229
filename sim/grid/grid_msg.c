/* grid_msg: messages of the grid simulator and the only two ways they travel (put_async / get_async +
 * sg_comm_wait_for, which report a dead peer as an error instead of aborting the process). */
#include "grid_sim.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/host.h>
#include <simgrid/engine.h>
#include <simgrid/mailbox.h>

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Every block sits behind a header on one list: an actor killed with its host (or stopped when the run ends)
 * never frees what it held across a blocking call, so whatever is left is freed with the run. */
typedef union block_header {
  struct {
    union block_header *prev, *next;
  } link;
  max_align_t align;
} block_header;

static block_header *live_blocks;

void *grid_alloc_raw(size_t n, size_t size) {
  block_header *h = malloc(sizeof *h + (n ? n : 1) * (size ? size : 1));
  if (!h)
    abort(); /* inside an actor there is no error path back to the CLI */
  h->link.prev = NULL;
  h->link.next = live_blocks;
  if (live_blocks)
    live_blocks->link.prev = h;
  live_blocks = h;
  return h + 1;
}

void *grid_alloc(size_t n, size_t size) {
  void *p = grid_alloc_raw(n, size);
  memset(p, 0, (n ? n : 1) * (size ? size : 1));
  return p;
}

void grid_release(void *p) {
  if (!p)
    return;
  block_header *h = (block_header *)p - 1;
  if (h->link.prev)
    h->link.prev->link.next = h->link.next;
  else
    live_blocks = h->link.next;
  if (h->link.next)
    h->link.next->link.prev = h->link.prev;
  free(h);
}

/* In-flight comms by actor pid (pids grow as rebooted slots start new actors). */
typedef struct inflight {
  sg_comm_t *puts, *gets;
  int n_puts, n_gets;
} inflight;
static inflight *ledger;
static long ledger_size;

static inflight *inflight_of_self(void) {
  long pid = sg_actor_self_get_pid();
  if (pid < 0)
    return NULL;
  if (pid >= ledger_size) {
    long size = 2 * pid + 16;
    inflight *grown = realloc(ledger, (size_t)size * sizeof *grown);
    if (!grown)
      abort(); /* inside an actor there is no error path back to the CLI */
    memset(grown + ledger_size, 0, (size_t)(size - ledger_size) * sizeof *grown);
    ledger = grown;
    ledger_size = size;
  }
  return &ledger[pid];
}

void grid_inflight_puts(sg_comm_t *puts, int n) {
  inflight *f = inflight_of_self();
  if (f) {
    f->puts = puts;
    f->n_puts = n;
  }
}

void grid_inflight_release(int failed, void *data) {
  (void)data;
  inflight *f = inflight_of_self();
  /* Released now only after its host failed: its comms failed with it (and a comm kept would keep the dead actor,
   * its context and stack, until the run ends). An actor killed with its host on (a daemon when the run ends) may
   * have a transfer still running: releasing it from the dying actor makes SimGrid 3.32 print a "freed before
   * its completion" backtrace, and a dying actor cannot cancel it first (no simcall while it unwinds). Its entry
   * keeps them for grid_release_all, after the run. */
  if (!f || !failed || sg_host_is_on(sg_host_self()))
    return;
  for (int i = 0; i < f->n_puts; i++)
    sg_comm_unref(f->puts[i]);
  for (int i = 0; i < f->n_gets; i++)
    if (f->gets[i])
      sg_comm_unref(f->gets[i]);
  f->n_puts = f->n_gets = 0;
}

void grid_release_all(void) {
  /* The comms killed actors still held (the arrays are blocks: before those go). The run is over: this is
   * SimGrid's maestro, where a cancel runs at once. */
  for (long pid = 0; pid < ledger_size; pid++) {
    inflight *f = &ledger[pid];
    for (int i = 0; i < f->n_puts; i++)
      grid_wait_drop((grid_activity){NULL, f->puts[i]});
    for (int i = 0; i < f->n_gets; i++)
      if (f->gets[i])
        grid_wait_drop((grid_activity){NULL, f->gets[i]});
  }
  while (live_blocks)
    grid_release(live_blocks + 1);
  free(ledger);
  ledger = NULL;
  ledger_size = 0;
}

/* One block per message: the header, then its units and values (which the sender fills in). */
typedef union msg_block {
  grid_msg msg;
  max_align_t align;
} msg_block;

grid_msg *grid_msg_new(grid_msg_type type, long n_units, int with_values) {
  size_t n = n_units > 0 ? (size_t)n_units : 0;
  msg_block *b = grid_alloc_raw(1, sizeof *b + n * sizeof(long) + (with_values ? n * sizeof(double) : 0));
  grid_msg *m = &b->msg;
  memset(m, 0, sizeof *m);
  m->type = type;
  m->n_units = n_units;
  if (n > 0) {
    m->units = (long *)(b + 1);
    m->values = with_values ? (double *)(m->units + n) : NULL;
  }
  return m;
}

grid_msg *grid_msg_new_counted(grid_msg_type type, long n_units) {
  grid_msg *m = grid_msg_new(type, 0, 0);
  m->n_units = n_units;
  return m;
}

void grid_msg_free(grid_msg *m) { grid_release(m); }

int grid_send(sg_mailbox_t mailbox, grid_msg *m, double bytes, double timeout_s) {
  return grid_put_finish(grid_put_start(mailbox, m, bytes), m, timeout_s) ? 0 : -1;
}

grid_msg *grid_recv(sg_mailbox_t mailbox, double timeout_s) {
  /* A sender dying mid-transfer fails this receive only: wait again for the rest of the timeout. */
  double deadline = simgrid_get_clock() + timeout_s;
  for (;;) {
    void *data = NULL;
    double left = timeout_s < 0 ? -1 : deadline - simgrid_get_clock();
    if (timeout_s >= 0 && left <= 0)
      return NULL;
    sg_error_t e = sg_comm_wait_for(sg_mailbox_get_async(mailbox, &data), left);
    if (e == SG_OK)
      return data;
    if (e == SG_ERROR_TIMEOUT)
      return NULL;
  }
}

/* The receives this actor holds: c[0..n). Looked up on every call: another actor starting during a simcall (a
 * rebooted slot, a higher pid) may have moved the ledger. */
static void inflight_gets(sg_comm_t *c, int n) {
  inflight *mine = inflight_of_self();
  if (mine) {
    mine->gets = c;
    mine->n_gets = n;
  }
}

int grid_recv_batch(sg_mailbox_t mailbox, int count, double deadline_s, grid_msg **out) {
  sg_comm_t *c = grid_alloc_raw((size_t)(count > 0 ? count : 1), sizeof *c);
  void **data = grid_alloc((size_t)(count > 0 ? count : 1), sizeof *data);
  /* Posting a receive is a simcall, where a failure of this host can kill the actor: each one joins the ledger
   * as soon as it exists (a master killed posting its third receive held two). */
  for (int i = 0; i < count; i++) {
    c[i] = sg_mailbox_get_async(mailbox, &data[i]);
    inflight_gets(c, i + 1);
  }
  int got = 0;
  for (int i = 0; i < count; i++) {
    double left = deadline_s - simgrid_get_clock();
    sg_comm_t ci = c[i];
    c[i] = NULL; /* sg_comm_wait_for releases it, whatever its outcome */
    if (sg_comm_wait_for(ci, left > 0 ? left : 0) == SG_OK)
      out[got++] = data[i];
  }
  inflight_gets(NULL, 0);
  grid_release(c);
  grid_release(data);
  return got;
}

sg_comm_t grid_put_start(sg_mailbox_t mailbox, grid_msg *m, double bytes) {
  return sg_mailbox_put_async(mailbox, m, (long)(bytes > 1 ? bytes : 1));
}

int grid_put_finish(sg_comm_t c, grid_msg *m, double timeout_s) {
  if (sg_comm_wait_for(c, timeout_s > 0 ? timeout_s : 0) == SG_OK)
    return 1;
  grid_msg_free(m);
  return 0;
}
