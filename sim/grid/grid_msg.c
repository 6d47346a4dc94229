/* grid_msg: messages of the grid simulator and the only two ways they travel (put_async / get_async +
 * sg_comm_wait_for, which report a dead peer as an error instead of aborting the process). */
#include "grid_sim.h"

#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/mailbox.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

grid_sim grid_sim_state;

/* Every block sits behind a header on one list: an actor killed with its host (or stopped when the run ends)
 * never frees what it held across a blocking call, so whatever is left is freed with the run. */
typedef union block_header {
  struct {
    union block_header *prev, *next;
  } link;
  max_align_t align;
} block_header;

static block_header *live_blocks;

void *grid_alloc(size_t n, size_t size) {
  block_header *h = calloc(1, sizeof *h + (n ? n : 1) * (size ? size : 1));
  if (!h)
    abort(); /* inside an actor there is no error path back to the CLI */
  h->link.next = live_blocks;
  if (live_blocks)
    live_blocks->link.prev = h;
  live_blocks = h;
  return h + 1;
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

void grid_release_all(void) {
  while (live_blocks)
    grid_release(live_blocks + 1);
}

grid_msg *grid_msg_new(grid_msg_type type, long n_units, int with_values) {
  grid_msg *m = grid_alloc(1, sizeof *m);
  m->type = type;
  m->n_units = n_units;
  if (n_units > 0) {
    m->units = grid_alloc((size_t)n_units, sizeof *m->units);
    m->values = with_values ? grid_alloc((size_t)n_units, sizeof *m->values) : NULL;
  }
  return m;
}

void grid_msg_free(grid_msg *m) {
  if (!m)
    return;
  grid_release(m->units);
  grid_release(m->values);
  grid_release(m);
}

int grid_send(const char *mailbox, grid_msg *m, double bytes, double timeout_s) {
  return grid_put_finish(grid_put_start(mailbox, m, bytes), m, timeout_s) ? 0 : -1;
}

grid_msg *grid_recv(const char *mailbox, double timeout_s) {
  /* A sender dying mid-transfer fails this receive only: wait again for the rest of the timeout. */
  double deadline = simgrid_get_clock() + timeout_s;
  for (;;) {
    void *data = NULL;
    double left = timeout_s < 0 ? -1 : deadline - simgrid_get_clock();
    if (timeout_s >= 0 && left <= 0)
      return NULL;
    sg_error_t e = sg_comm_wait_for(sg_mailbox_get_async(sg_mailbox_by_name(mailbox), &data), left);
    if (e == SG_OK)
      return data;
    if (e == SG_ERROR_TIMEOUT)
      return NULL;
  }
}

int grid_recv_batch(const char *mailbox, int count, double deadline_s, grid_msg **out) {
  sg_comm_t *c = grid_alloc(1, (size_t)(count > 0 ? count : 1) * sizeof *c);
  void **data = grid_alloc((size_t)(count > 0 ? count : 1), sizeof *data);
  sg_mailbox_t mb = sg_mailbox_by_name(mailbox);
  for (int i = 0; i < count; i++)
    c[i] = sg_mailbox_get_async(mb, &data[i]);
  int got = 0;
  for (int i = 0; i < count; i++) {
    double left = deadline_s - simgrid_get_clock();
    if (sg_comm_wait_for(c[i], left > 0 ? left : 0) == SG_OK)
      out[got++] = data[i];
  }
  grid_release(c);
  grid_release(data);
  return got;
}

void grid_mb_plan(int cluster, char *buf, size_t size) { snprintf(buf, size, "plan%d", cluster); }
void grid_mb_cluster_results(int cluster, char *buf, size_t size) { snprintf(buf, size, "results%d", cluster); }
void grid_mb_cluster_heartbeats(int cluster, char *buf, size_t size) { snprintf(buf, size, "heartbeats%d", cluster); }
void grid_mb_work(int node, char *buf, size_t size) { snprintf(buf, size, "work%d", node); }

sg_comm_t grid_put_start(const char *mailbox, grid_msg *m, double bytes) {
  return sg_mailbox_put_async(sg_mailbox_by_name(mailbox), m, (long)(bytes > 1 ? bytes : 1));
}

int grid_put_finish(sg_comm_t c, grid_msg *m, double timeout_s) {
  if (sg_comm_wait_for(c, timeout_s > 0 ? timeout_s : 0) == SG_OK)
    return 1;
  grid_msg_free(m);
  return 0;
}
