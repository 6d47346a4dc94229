/* noc_net: messages in flight and their rates under a sharing rule, kept by a controller actor. */
#include "noc_net.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A message ends when what is left would take less than SimGrid's clock precision (1 ns) at its rate. */
#define NET_END_S 1e-9

typedef struct net_msg {
  double left, rate; /* bytes; bytes/s */
  sg_sem_t done;
} net_msg;

struct noc_net {
  const noc_chip *chip;
  const noc_share_rule *rule;
  sg_sem_t wake; /* released by every new message. (Actors run one at a time and switch only in SimGrid calls,
                  * so the lists need no lock. A semaphore counts wake-ups; with a condition variable some were
                  * lost in our first version, SimGrid 3.32.) */
  net_msg *msg;
  noc_share_flow *route; /* [cap] the messages' routes, parallel to msg (the rule's input) */
  double *rate;
  int n, cap;
  int changed;
  double last; /* when left was last brought up to date (s) */
  long events;
  gn_error err;
  int failed;
};

/* Give every message in flight its rate under the rule. On an error, release every message: the run is void. */
static void recompute(noc_net *net) {
  net->events++;
  gn_error err = {0};
  if (net->rule->rates(net->chip, net->route, net->n, net->rate, &err) != GN_OK) {
    if (!net->failed)
      net->err = err;
    net->failed = 1;
    for (int i = 0; i < net->n; i++)
      sg_sem_release(net->msg[i].done);
    net->n = 0;
    return;
  }
  for (int i = 0; i < net->n; i++)
    net->msg[i].rate = net->rate[i];
}

static void controller_main(int argc, char **argv) {
  noc_net *net = sg_actor_get_data(sg_actor_self());
  for (;;) {
    double now = simgrid_get_clock();
    for (int i = 0; i < net->n; i++)
      net->msg[i].left -= net->msg[i].rate * (now - net->last);
    net->last = now;
    int k = 0;
    for (int i = 0; i < net->n; i++) {
      if (net->msg[i].rate > 0 && net->msg[i].left <= net->msg[i].rate * NET_END_S) {
        sg_sem_release(net->msg[i].done);
        net->changed = 1;
        continue;
      }
      net->msg[k] = net->msg[i];
      net->route[k++] = net->route[i];
    }
    net->n = k;
    if (net->changed && net->n > 0)
      recompute(net);
    net->changed = 0;
    double next = INFINITY;
    for (int i = 0; i < net->n; i++)
      if (net->msg[i].rate > 0 && net->msg[i].left / net->msg[i].rate < next)
        next = net->msg[i].left / net->msg[i].rate;
    if (isinf(next))
      sg_sem_acquire(net->wake);
    else
      sg_sem_acquire_timeout(net->wake, next);
  }
}

noc_net *noc_net_start(const noc_chip *chip, const noc_share_rule *rule, sg_host_t host) {
  noc_net *net = calloc(1, sizeof *net);
  if (!net)
    return NULL;
  net->chip = chip;
  net->rule = rule;
  net->wake = sg_sem_init(0);
  sg_actor_t a = sg_actor_init("noc-net", host);
  sg_actor_set_data(a, net);
  sg_actor_daemonize(a);
  sg_actor_start(a, controller_main, 0, NULL);
  return net;
}

void noc_net_transfer(noc_net *net, int src, int dst, double bytes, sg_sem_t done) {
  if (!(bytes > 0))
    return;
  if (net->n == net->cap) {
    int cap = net->cap ? 2 * net->cap : 16;
    net_msg *m = realloc(net->msg, (size_t)cap * sizeof *m);
    if (m)
      net->msg = m;
    noc_share_flow *r = realloc(net->route, (size_t)cap * sizeof *r);
    if (r)
      net->route = r;
    double *rt = realloc(net->rate, (size_t)cap * sizeof *rt);
    if (rt)
      net->rate = rt;
    if (!m || !r || !rt) { /* out of memory: the run is void, as on a rule's error */
      gn_error_set(&net->err, GN_ENOMEM, NULL, 0, "out of memory in the network model");
      net->failed = 1;
      return;
    }
    net->cap = cap;
  }
  noc_share_flow_init(net->chip, src, dst, &net->route[net->n]);
  net->route[net->n].start_s = simgrid_get_clock(); /* `oldest` serves messages in this order */
  net->msg[net->n++] = (net_msg){bytes, 0, done};
  net->changed = 1;
  sg_sem_release(net->wake);
  sg_sem_acquire(done);
}

int noc_net_error(const noc_net *net, gn_error *err) {
  if (!net || !net->failed)
    return GN_OK;
  *err = net->err;
  return err->code ? err->code : GN_EFAIL;
}

long noc_net_events(const noc_net *net) { return net ? net->events : 0; }

void noc_net_free(noc_net *net) {
  if (!net)
    return;
  sg_sem_destroy(net->wake);
  free(net->msg);
  free(net->route);
  free(net->rate);
  free(net);
}
