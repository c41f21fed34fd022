#pragma once
// Run-length control shared by every model. sns4 = the Critique's main(): wait for the
// throughput to converge (|U-A|/A <= ACCURACY/3), then for the latency (|dT/T| <= ACCURACY/3),
// doubling the simulated interval each time from INTERVAL = (int)(MINPKT*L/(8*A*N/R)).
// sns = the SNS report's main(): double from INTERVAL until |dT/T| <= TOL. fixed = a set
// number of cycles. ci = cut the warm-up by MSER, then run until the 95 % batch-means interval
// of T is within ci_target of it (steady_state_interval.hpp). A run whose next interval would
// pass max_cycles stops, not converged. With saturation detection (any mode), a run stops as
// soon as its network is seen not to carry the offered load (saturation_check.hpp).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <optional>

#include "stats/class_statistics.hpp"
#include "stats/latency_series.hpp"
#include "stats/measures.hpp"
#include "stats/packet_ages.hpp"
#include "stats/saturation_check.hpp"
#include "stats/steady_state_interval.hpp"

namespace kncsim {

// packets = PP-MESS-SIM's: every traffic class's warm-up packets, then its collected packets
// (class_statistics.hpp).
enum class ConvergenceMode { sns4, sns, fixed, ci, packets };
// run.convergence's word.
constexpr const char* to_string(ConvergenceMode m) {
  return m == ConvergenceMode::sns4      ? "sns4"
         : m == ConvergenceMode::sns     ? "sns"
         : m == ConvergenceMode::fixed   ? "fixed"
         : m == ConvergenceMode::packets ? "packets"
                                         : "ci";
}

struct ConvergenceSpec {
  ConvergenceMode mode = ConvergenceMode::sns4;
  double accuracy = .03;     // sns4 ACCURACY
  double tol = .03;          // sns TOL
  int64_t interval = 1000;   // sns INTERVAL
  int64_t cycles = 10000;    // fixed
  int64_t max_cycles = 0;    // cap
  double ci_target = .05;    // ci: the interval's half-width relative to T
  SaturationRule saturation;
};

struct IntervalReport {
  int phase;  // sns4: 1 = throughput, 2 = latency; sns, fixed and ci: 1
  int64_t curtime;
  DeliveryCounters counters;
  Measures measures;
  double change;  // the quantity the loop tested (|U-A|/A, |dT/T|, or ci: the relative half-width)
};

struct ConvergenceOutcome {
  bool converged = false;
  // "converged", "max_cycles", "no packets delivered", "fixed", "interrupted", "saturated"
  std::string stop_reason;
  std::vector<IntervalReport> intervals;
  std::optional<SaturationEvidence> saturation;  // with detection: the last test, or what decided
  std::optional<SteadyStateInterval> steady;     // ci: the last interval computed
};

// What the loops read of a network after each interval, whichever topology it is: the
// offered load A, sns4's first INTERVAL, and the measures (T, and U in A's units: sns4 waits
// for |U - A| / A, then for |dT / T|).
// ci reads the delivered packets' latencies from `series`, a sink the model feeds.
struct ConvergenceTarget {
  double load = 0;
  int64_t sns4_interval = 1;
  std::function<Measures(const NetworkModel&)> measure;
  const LatencySeries* series = nullptr;
  // Saturation detection's latency bound counts the waiting packets' ages from `ages`, a sink
  // the model feeds (without it, the delivered packets' T alone).
  const PacketAges* ages = nullptr;
  // run.convergence packets: the traffic classes' counts, a sink the model feeds.
  ClassStatistics* classes = nullptr;
  // About the cycles in which a thousand packets are generated (a fifth of sns4's INTERVAL):
  // the shortest step between ci's checks and saturation checkpoints.
  int64_t check_period() const { return std::max<int64_t>(1, sns4_interval / 5); }
};

// INTERVAL of sns4.c, computed with the listing's expression; at least 1 (the listing
// would loop forever on 0, which large N/R and A can produce).
int64_t sns4_initial_interval(const MeasureContext& m, double accuracy);
// The same interval for a network that generates `packets_per_cycle` in all: long enough
// for MINPKT / 2 packets, as the listing's expression is on a mesh.
int64_t sns4_initial_interval_for_rate(double packets_per_cycle, double accuracy);

// A mesh: the listings' measures (measure()) and INTERVAL.
ConvergenceTarget mesh_convergence_target(const MeasureContext& m, double accuracy);

// Where a run stands, for a progress display: told every few tenths of a second of wall time
// (the model then runs in stretches, which never changes its results).
struct RunProgress {
  ConvergenceMode mode;
  int phase;               // as IntervalReport's
  int interval;            // 1 = the first
  int64_t cycle, interval_end;
  Measures now;            // measured at `cycle`
  double load;             // A
  double last_change;      // the tested quantity at the end of the previous interval (NaN: none yet)
  double tolerance;        // what it must come down to
};
using ProgressFn = std::function<void(const RunProgress&)>;

ConvergenceOutcome run_to_convergence(NetworkModel& model, const ConvergenceSpec& spec,
                                      const ConvergenceTarget& target, const ProgressFn& progress = {});
inline ConvergenceOutcome run_to_convergence(NetworkModel& model, const ConvergenceSpec& spec,
                                             const MeasureContext& m) {
  return run_to_convergence(model, spec, mesh_convergence_target(m, spec.accuracy));
}

}  // namespace kncsim
