/* grid_msg: messages of the grid simulator and the only two ways they travel (put_async / get_async +
 * sg_comm_wait_for, which report a dead peer as an error instead of aborting the process). */
#include "grid_sim.h"

#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/mailbox.h>

#include <stdio.h>
#include <stdlib.h>

grid_sim grid_sim_state;

grid_msg *grid_msg_new(grid_msg_type type, long n_units, int with_values) {
  grid_msg *m = calloc(1, sizeof *m);
  if (!m)
    abort(); /* inside an actor there is no error path back to the CLI; a message is a few bytes */
  m->type = type;
  m->n_units = n_units;
  if (n_units > 0) {
    m->units = malloc((size_t)n_units * sizeof *m->units);
    m->values = with_values ? calloc((size_t)n_units, sizeof *m->values) : NULL;
    if (!m->units || (with_values && !m->values))
      abort();
  }
  m->next = grid_sim_state.live;
  if (m->next)
    m->next->prev = m;
  grid_sim_state.live = m;
  return m;
}

void grid_msg_free(grid_msg *m) {
  if (!m)
    return;
  if (m->prev)
    m->prev->next = m->next;
  else
    grid_sim_state.live = m->next;
  if (m->next)
    m->next->prev = m->prev;
  free(m->units);
  free(m->values);
  free(m);
}

void grid_msg_free_all(void) {
  while (grid_sim_state.live)
    grid_msg_free(grid_sim_state.live);
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
  sg_comm_t *c = malloc((size_t)(count > 0 ? count : 1) * sizeof *c);
  void **data = calloc((size_t)(count > 0 ? count : 1), sizeof *data);
  if (!c || !data)
    abort();
  sg_mailbox_t mb = sg_mailbox_by_name(mailbox);
  for (int i = 0; i < count; i++)
    c[i] = sg_mailbox_get_async(mb, &data[i]);
  int got = 0;
  for (int i = 0; i < count; i++) {
    double left = deadline_s - simgrid_get_clock();
    if (sg_comm_wait_for(c[i], left > 0 ? left : 0) == SG_OK)
      out[got++] = data[i];
  }
  free(c);
  free(data);
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
