#include "stats/convergence.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "sched/stop_request.hpp"

namespace kncsim {
namespace {

// A source's mean latency counts once it has this many packets (delivered and waiting).
constexpr int64_t kMinSourcePackets = 20;

class Driver {
 public:
  Driver(NetworkModel& model, const ConvergenceSpec& spec, const ConvergenceTarget& target, const ProgressFn& progress)
      : model_(model), spec_(spec), target_(target), progress_(progress) {
    // Saturation is judged from a few thousand packets and cycles on: the network must fill first.
    if (spec.saturation.detect)
      saturation_.emplace(spec.saturation, std::max<int64_t>(2000, 4 * target.check_period()));
  }

  // Runs to `etime` unless that passes the cap; records the interval. A stop request (a
  // signal) ends the run early: the partial interval is recorded, and the run is not converged.
  // With saturation detection the run goes in steps of about a tenth of its age, and stops at
  // the checkpoint where saturation is clear.
  bool advance(int64_t etime, int phase) {
    if (etime > spec_.max_cycles) {
      out_.stop_reason = "max_cycles";
      return false;
    }
    while (model_.now() < etime) {
      const int64_t to = saturation_ ? std::min(etime, next_checkpoint()) : etime;
      run_to(to, phase);
      if (model_.now() < to) break;  // interrupted
      if (saturation_ && saturation_->observe(sample())) {
        record(phase);
        out_.saturation = saturation_->evidence();
        out_.stop_reason = "saturated";
        return false;
      }
    }
    record(phase);
    if (model_.now() < etime && stop_requested()) {
      out_.stop_reason = "interrupted";
      return false;
    }
    return true;
  }
  IntervalReport& last() { return out_.intervals.back(); }
  double tolerance() const {
    switch (spec_.mode) {
      case ConvergenceMode::sns4: return spec_.accuracy / 3.;
      case ConvergenceMode::sns: return spec_.tol;
      case ConvergenceMode::ci: return spec_.ci_target;
      case ConvergenceMode::fixed:
      case ConvergenceMode::packets: break;
    }
    return 0;
  }
  void set_steady(const SteadyStateInterval& s) { out_.steady = s; }
  ConvergenceOutcome finish(bool converged, const char* reason) {
    out_.converged = converged;
    out_.stop_reason = reason;
    return capped();
  }
  ConvergenceOutcome capped() {
    if (saturation_ && !out_.saturation && !out_.intervals.empty()) out_.saturation = saturation_->backlog_test();
    return std::move(out_);
  }

 private:
  void record(int phase) {
    out_.intervals.push_back(IntervalReport{phase, model_.now(), model_.counters(), target_.measure(model_), NAN});
  }
  int64_t next_checkpoint() const {
    const int64_t now = model_.now();
    return now + std::max(target_.check_period(), now / 10);
  }
  RunSample sample() const {
    const DeliveryCounters& c = model_.counters();
    RunSample s{model_.now(), c.numsent + c.dropped, c.numrecd, target_.measure(model_).T};
    if (target_.ages) {  // in T's unit: a synchronous ring's T is in switch cycles
      const double scale = c.totlat ? s.T * double(c.numrecd) / double(c.totlat) : 1;
      const PacketAges::Mean m = target_.ages->mean(s.cycle, kMinSourcePackets);
      s.T_waiting_included = m.all * scale;
      s.T_worst_source = m.worst * scale;
      s.worst_source = m.worst_node;
    }
    return s;
  }
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

  NetworkModel& model_;
  const ConvergenceSpec& spec_;
  const ConvergenceTarget& target_;
  const ProgressFn& progress_;
  int64_t stretch_ = 256;
  ConvergenceOutcome out_;
  std::optional<SaturationCheck> saturation_;
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

// Checks at growing steps (a quarter of the run's age), each from the whole series so far.
// Two checks in a row must be within the target, each with batch means whose lag-1
// correlation is at most 0.2 (batches long enough to be near independent; Law & Carson, "A
// sequential procedure for determining the length of a steady-state simulation", Operations
// Research 27(5), 1979, test the same correlation): stopping at the first check whose variance
// estimate happens to be low would make the intervals too narrow (sequential stopping bias).
ConvergenceOutcome run_ci(Driver& drv, const ConvergenceSpec& spec, const ConvergenceTarget& target) {
  const int64_t step = target.check_period();
  int64_t etime = 5 * step;
  bool within_before = false;
  for (;;) {
    if (!drv.advance(etime, 1)) return drv.capped();
    const SteadyStateInterval s = steady_state_interval(target.series->groups());
    drv.set_steady(s);
    drv.last().change = s.ready ? s.half_width / s.mean : NAN;
    const bool within = s.ready && s.half_width <= spec.ci_target * s.mean && s.lag1_correlation <= 0.2;
    if (within && within_before) return drv.finish(true, "converged");
    within_before = within;
    const int64_t next = etime + std::max(step, etime / 4);
    // The last check is at the cap itself.
    etime = next > spec.max_cycles && etime < spec.max_cycles ? spec.max_cycles : next;
  }
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
                           [m](const NetworkModel& model) { return measure(model.counters(), model.now(), m); }};
}

ConvergenceOutcome run_to_convergence(NetworkModel& model, const ConvergenceSpec& spec,
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
    case ConvergenceMode::ci:
      if (!target.series) return drv.finish(false, "ci needs the model's latency series");
      return run_ci(drv, spec, target);
    case ConvergenceMode::packets: {
      // Steps of a tenth of the run's age (at least a check period): warm, then collected.
      ClassStatistics* classes = target.classes;
      if (!classes) return drv.finish(false, "packets needs traffic classes");
      for (;;) {
        const int64_t now = model.now();
        if (!drv.advance(now + std::max(target.check_period(), now / 10), 1)) return drv.capped();
        if (!classes->collecting() && classes->warm()) classes->begin_collection(model.now());
        if (classes->collected()) return drv.finish(true, "converged");
      }
    }
  }
  return drv.finish(false, "unknown mode");
}

}  // namespace kncsim
