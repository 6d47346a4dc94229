/* grid_msg: messages of the grid simulator and the only two ways they travel (put_async / get_async +
 * sg_comm_wait_for, which report a dead peer as an error instead of aborting the process). */
#include "grid_sim.h"

#include <simgrid/comm.h>
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

void grid_release_all(void) {
  while (live_blocks)
    grid_release(live_blocks + 1);
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

int grid_recv_batch(sg_mailbox_t mailbox, int count, double deadline_s, grid_msg **out) {
  sg_comm_t *c = grid_alloc_raw((size_t)(count > 0 ? count : 1), sizeof *c);
  void **data = grid_alloc((size_t)(count > 0 ? count : 1), sizeof *data);
  for (int i = 0; i < count; i++)
    c[i] = sg_mailbox_get_async(mailbox, &data[i]);
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

sg_comm_t grid_put_start(sg_mailbox_t mailbox, grid_msg *m, double bytes) {
  return sg_mailbox_put_async(mailbox, m, (long)(bytes > 1 ? bytes : 1));
}

int grid_put_finish(sg_comm_t c, grid_msg *m, double timeout_s) {
  if (sg_comm_wait_for(c, timeout_s > 0 ? timeout_s : 0) == SG_OK)
    return 1;
  grid_msg_free(m);
  return 0;
}
