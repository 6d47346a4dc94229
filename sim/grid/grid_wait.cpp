// grid_wait: the C entry to SimGrid's Activity::wait_any_for over an execution or a communication and a heartbeat.
#include "grid_wait.h"

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/simix.hpp>

#include <cmath>
#include <vector>

using simgrid::s4u::Activity;
using simgrid::s4u::ActivityPtr;

// The timeout t with now + t == until exactly (wait_any_for sets its timer at now + t): target − now, moved by
// ulps when the subtraction rounded.
static double timeout_to(double until) {
  double now = simgrid::s4u::Engine::get_clock();
  if (until <= now)
    return 0;
  double t = until - now;
  for (int i = 0; i < 8 && now + t != until; i++)
    t = std::nextafter(t, now + t < until ? INFINITY : 0.0);
  return t;
}

extern "C" grid_wait_outcome grid_wait_either(grid_activity act, sg_comm_t beat, double until_s, int *failed) {
  Activity *main = act.exec ? static_cast<Activity *>(act.exec) : static_cast<Activity *>(act.comm);
  Activity *slot[2] = {main, beat};
  // The vector holds references of its own; the C handles' stay with the caller until their activity ends. An
  // actor killed in this wait (its host failed, or the run ended) does not release them: releasing a
  // communication still running from a dying actor makes SimGrid 3.32 print a "freed before its completion"
  // backtrace, and a dying actor cannot cancel it first (no simcall while it unwinds). grid_wait_drop does both
  // once the run is over.
  std::vector<ActivityPtr> waited;
  waited.reserve(2);
  int which[2] = {0, 0};
  for (int i = 0; i < 2; i++)
    if (slot[i]) {
      which[waited.size()] = i;
      waited.emplace_back(slot[i]);
    }
  *failed = 0;
  ssize_t pos;
  // SimGrid 3.32's wait_any_for tests every activity before its own simcall, and that test reads the actor's
  // observer of its PREVIOUS simcall (ActivityImpl::test: dynamic_cast of simcall_.observer_), an object on a
  // stack frame that has since returned. Mostly that memory still holds the dead observer; after some sequences of
  // calls wait_any_for's own locals lie there and the process crashed (100 nodes at --heartbeat 0.001, whether
  // it does depends on the compiled frame layout). A simcall without an observer first leaves nullptr there. It costs
  // a context switch (+2.7 % instructions on the patent grid) and answers at the same date: the simulated
  // results are unchanged (every committed grid result re-run, issue 19).
  simgrid::kernel::actor::simcall_answered([] {});
  try {
    pos = Activity::wait_any_for(waited, until_s < 0 ? -1.0 : timeout_to(until_s));
  } catch (const simgrid::Exception &) {
    // The activity that failed is ended in the kernel: test() says which (and does not throw again).
    *failed = 1;
    pos = -1;
    for (size_t k = 0; k < waited.size() && pos < 0; k++)
      if (waited[k]->test())
        pos = (ssize_t)k;
  }
  if (pos < 0)
    return GRID_WAIT_TIMEOUT;
  Activity *ended = waited[(size_t)pos].get();
  int index = which[pos];
  waited.clear();
  ended->unref(); // the C handle's reference, as sg_exec_wait / sg_comm_wait drop theirs
  return index == 0 ? GRID_WAIT_ACTIVITY : GRID_WAIT_BEAT;
}

extern "C" void grid_wait_cancel_exec(sg_exec_t exec) { exec->cancel(); }

extern "C" void grid_wait_drop(grid_activity act) {
  Activity *a = act.exec ? static_cast<Activity *>(act.exec) : static_cast<Activity *>(act.comm);
  if (!a)
    return;
  // In maestro the cancel runs at once (no simcall). A canceled communication is not "freed before its
  // completion": its destructor prints no backtrace.
  a->cancel();
  a->unref();
}
