#include "stats/convergence.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "sched/stop_request.hpp"

namespace kncsim {
namespace {

class Driver {
 public:
  Driver(CycleModel& model, const ConvergenceSpec& spec, const ConvergenceTarget& target, const ProgressFn& progress)
      : model_(model), spec_(spec), target_(target), progress_(progress) {}

  // Runs to `etime` unless that passes the cap; records the interval. A stop request (a
  // signal) ends the run early: the partial interval is recorded, and the run is not converged.
  bool advance(int64_t etime, int phase) {
    if (etime > spec_.max_cycles) {
      out_.stop_reason = "max_cycles";
      return false;
    }
    run_to(etime, phase);
    IntervalReport r{phase, model_.now(), model_.counters(), target_.measure(model_), NAN};
    out_.intervals.push_back(r);
    if (model_.now() < etime && stop_requested()) {
      out_.stop_reason = "interrupted";
      return false;
    }
    return true;
  }
  IntervalReport& last() { return out_.intervals.back(); }
  double tolerance() const {
    return spec_.mode == ConvergenceMode::sns4 ? spec_.accuracy / 3. : spec_.mode == ConvergenceMode::sns ? spec_.tol : 0;
  }
  ConvergenceOutcome finish(bool converged, const char* reason) {
    out_.converged = converged;
    out_.stop_reason = reason;
    return std::move(out_);
  }
  ConvergenceOutcome capped() { return std::move(out_); }

 private:
  // With a progress display, in stretches of about a quarter second each.
  void run_to(int64_t etime, int phase) {
    if (!progress_) {
      model_.run_until(etime);
      return;
    }
    using clock = std::chrono::steady_clock;
    // The tested change so far: the previous interval's, if it was of this phase.
    const double last_change =
        out_.intervals.empty() || out_.intervals.back().phase != phase ? NAN : out_.intervals.back().change;
    while (model_.now() < etime && !stop_requested()) {
      const auto t0 = clock::now();
      const bool whole = etime - model_.now() > stretch_;  // a stretch cut short says nothing of the speed
      model_.run_until(std::min(etime, model_.now() + stretch_));
      const double secs = std::chrono::duration<double>(clock::now() - t0).count();
      if (whole && secs < .1 && stretch_ < (int64_t{1} << 30)) stretch_ *= 2;
      if (secs > .5 && stretch_ > 1) stretch_ /= 2;
      progress_(RunProgress{spec_.mode, phase, int(out_.intervals.size()) + 1, model_.now(), etime,
                            target_.measure(model_), target_.load, last_change, tolerance()});
    }
  }

  CycleModel& model_;
  const ConvergenceSpec& spec_;
  const ConvergenceTarget& target_;
  const ProgressFn& progress_;
  int64_t stretch_ = 256;
  ConvergenceOutcome out_;
};

ConvergenceOutcome run_sns4(Driver& drv, const ConvergenceSpec& spec, const ConvergenceTarget& target) {
  const double TOL = spec.accuracy / 3.;
  int64_t etime = target.sns4_interval;
  double curT = 0, oldT = 0;
  do {  // wait for throughput to converge
    if (!drv.advance(etime, 1)) return drv.capped();
    curT = drv.last().measures.T;
    drv.last().change = relative_change(target.load, drv.last().measures.U);
    etime *= 2;
  } while (drv.last().change > TOL);
  do {  // wait for latency to converge
    oldT = curT;
    if (!drv.advance(etime, 2)) return drv.capped();
    curT = drv.last().measures.T;
    drv.last().change = relative_change(oldT, curT);
    etime *= 2;
  } while (drv.last().change > TOL);
  return drv.finish(true, "converged");
}

ConvergenceOutcome run_sns(Driver& drv, const ConvergenceSpec& spec) {
  int64_t etime = spec.interval;
  double oldT = 0, curT = 1.;
  do {
    oldT = curT;
    if (!drv.advance(etime, 1)) return drv.capped();
    curT = drv.last().measures.T;
    drv.last().change = relative_change(oldT, curT);
    etime *= 2;
  } while (drv.last().change > spec.tol);
  // The listing also stops on NaN (no packet delivered yet); that is no convergence.
  if (std::isnan(curT)) return drv.finish(false, "no packets delivered");
  return drv.finish(true, "converged");
}

}  // namespace

int64_t sns4_initial_interval(const MeasureContext& m, double accuracy) {
  const double TOL = accuracy / 3.;
  const double MINPKT = 1. / (TOL * TOL);
  const int interval = int(MINPKT * m.packet_flits / (8 * m.load * m.nodes / m.radix));
  return std::max(1, interval);
}

int64_t sns4_initial_interval_for_rate(double packets_per_cycle, double accuracy) {
  const double TOL = accuracy / 3.;
  const double MINPKT = 1. / (TOL * TOL);
  const double interval = MINPKT / (2 * packets_per_cycle);
  return interval >= 1 ? int64_t(std::min(interval, 1e18)) : 1;  // no traffic: the cap stops it
}

ConvergenceTarget mesh_convergence_target(const MeasureContext& m, double accuracy) {
  return ConvergenceTarget{m.load, sns4_initial_interval(m, accuracy),
                           [m](const CycleModel& model) { return measure(model.counters(), model.now(), m); }};
}

ConvergenceOutcome run_to_convergence(CycleModel& model, const ConvergenceSpec& spec,
                                      const ConvergenceTarget& target, const ProgressFn& progress) {
  Driver drv(model, spec, target, progress);
  switch (spec.mode) {
    case ConvergenceMode::sns4:
      return run_sns4(drv, spec, target);
    case ConvergenceMode::sns:
      return run_sns(drv, spec);
    case ConvergenceMode::fixed:
      if (!drv.advance(spec.cycles, 1)) return drv.capped();
      return drv.finish(true, "fixed");
  }
  return drv.finish(false, "unknown mode");
}

}  // namespace kncsim
