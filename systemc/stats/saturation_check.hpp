#pragma once
// Whether a run's network cannot carry its offered load, decided as soon as the evidence is
// clear instead of at run.max_cycles. Fed a sample at each checkpoint (checkpoints about 10 %
// apart in time), it calls the run saturated when, from min_cycles on, either
//  - the mean latency passes the latency bound (a sweep's stop_at_saturation.latency_bound),
//    counted as BookSim counts it for its latency_thres: the packets delivered so far at their
//    latency and those still waiting at their age, so a starving packet counts before it
//    arrives, over all sources or at the worst one (a network that starves one source is
//    saturated though it carries the rest; the worst source must stay over the bound while the
//    run's age doubles); or
//  - the backlog (packets offered and not delivered: source queues, dropped packets and the
//    network) grows linearly: over each quarter of the run's second half it grows by more than
//    kMinGrowth of the offered rate (a network carrying 99.9 % of its load is called stable),
//    the later quarter at least kMinPersistence of the earlier (a warm-up transient slows
//    down; a saturated network's backlog does not), and the growth over the half is more than
//    kMinZ standard deviations of the offered packets' count (Poisson arrivals).
//    Every checkpoint must agree while the run's age doubles: a warm-up whose backlog grows
//    for a while (near saturation it can take many latencies to settle) fails the
//    persistence test before then.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

struct SaturationRule {
  bool detect = false;
  double latency_bound = 0;  // 0 = none
};

struct RunSample {
  int64_t cycle = 0;
  int64_t offered = 0;   // packets generated, dropped ones included
  int64_t accepted = 0;  // packets delivered
  double T = 0;          // mean latency of the delivered packets (NaN: none yet)
  double T_waiting_included = NAN;  // the same with every waiting packet at its age (NaN: not known)
  double T_worst_source = NAN;      // and for the source where that is largest
  int64_t worst_source = -1;
};

struct SaturationEvidence {
  bool saturated = false;
  std::string rule;            // "latency_bound" or "backlog_growth"
  int64_t cycle = 0;           // the checkpoint that decided
  int64_t window_begin = 0;    // the second half of the run that the rates are measured over
  double offered_rate = 0;     // packets per cycle
  double accepted_rate = 0;
  double growth_first_quarter = 0;   // backlog growth, packets per cycle
  double growth_second_quarter = 0;
  double z = 0;                // growth over the half / sqrt(packets offered in it)
  int64_t backlog = 0;         // packets offered and not delivered at `cycle`
  double T = 0;                // mean latency at `cycle`
  double T_waiting_included = NAN;  // and with the waiting packets at their age
  double T_worst_source = NAN;      // the same for the worst source
  int64_t worst_source = -1;
  double latency_bound = 0;
};

class SaturationCheck {
 public:
  static constexpr double kMinGrowth = 0.001;
  static constexpr double kMinPersistence = 0.7;
  static constexpr double kMinZ = 3;

  SaturationCheck(SaturationRule rule, int64_t min_cycles) : rule_(rule), min_cycles_(min_cycles) {}

  // True once saturated; the evidence is then kept.
  bool observe(const RunSample& s);
  const SaturationEvidence& evidence() const { return evidence_; }
  // The backlog-growth test on the samples so far, at the last one (for tests and reports).
  SaturationEvidence backlog_test() const;

 private:
  const RunSample& at_or_before(int64_t cycle) const;
  SaturationRule rule_;
  int64_t min_cycles_;
  std::vector<RunSample> samples_;
  int64_t agreeing_since_ = -1;
  int64_t worst_since_ = -1;  // the first checkpoint of a run of them with the worst source over the bound  // the first of the checkpoints agreeing so far (-1: none)
  SaturationEvidence evidence_;
};

}  // namespace kncsim
