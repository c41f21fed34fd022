#pragma once
// traffic.workload trace: an application trace replayed on any network model (ReactiveSource).
// A packet enters at the later of its own cycle and, with dependencies on, two cycles after the
// tail of the last packet it waits for arrived: the destination sees the delivery in the cycle
// after, and hands the packet to its network interface in the next (the flit-level network asks
// for a cycle's packets a cycle ahead, so every model can keep this turnaround). Netrace's
// reference reader also throttles each node's injections; kncsim does not: a node's packets queue
// at its network interface instead. Packets are read as the run reaches their cycle; a packet is
// kept only from its reading to its tail's arrival, so a trace of any length runs in the memory its
// packets in flight take.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <queue>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "model/network_model.hpp"
#include "traffic/trace_packet.hpp"

namespace kncsim {

enum class TraceFormat : uint8_t { netrace, text };
// traffic.trace_format's value; std::invalid_argument for another name.
TraceFormat trace_format_named(const std::string& name);
std::unique_ptr<TraceSource> open_trace(const std::string& path, TraceFormat format);

struct TraceReplaySpec {
  std::string path;
  TraceFormat format = TraceFormat::netrace;
  bool dependencies = true;    // traffic.trace_dependencies
  int64_t region = -1;         // Netrace: start at this region, its first packet's cycle becoming 0 (-1: the start)
  int64_t window_cycles = 0;   // > 0: only the packets whose cycle is below this (after the region's rebasing)
  int flit_bits = 64;          // Netrace: a packet of B bytes is ceil(8 B / flit_bits) flits
  int header_flits = 0;        // added to every packet (hop-count headers)
  std::vector<uint32_t> mapping;  // trace node -> network node; empty: identity
  // Netrace's node types placed apart (traffic.trace_placement): (trace node << 2 | node type) ->
  // network node, before the mapping; types 0 L1 data, 1 L1 instruction, 2 L2, 3 memory controller.
  std::unordered_map<uint32_t, uint32_t> placement;
  uint32_t network_nodes = 0;
  int packet_flits = 0;        // > 0: every packet must be this long (the reference model's L)
  int max_flits = 0;           // > 0: the longest packet the network carries (RTL routers' length field)
};

// One replayed packet, as the workload saw it (kept when asked: TraceWorkload::keep_log).
struct TraceLogEntry {
  uint64_t trace_id;
  uint64_t net_id;      // its PacketRecord id
  uint32_t src, dst;    // network nodes
  int flits;
  int64_t cycle;        // its own (rebased) cycle
  int64_t entered;      // the cycle it was handed over (its tsent)
  int64_t tail = -1;    // the cycle its tail arrived
  std::vector<uint64_t> waits_for;  // trace ids (dependencies on only)
};

struct TraceTotals {
  uint64_t read = 0, delivered = 0;
  int64_t last_tail = -1;   // the cycle the last tail arrived
  int64_t first_cycle = 0;  // the first packet's own cycle
  int64_t last_cycle = 0;   // the last packet's own cycle
  double latency_sum = 0, latency_sq = 0;  // tail arrival - entry
  int64_t latency_max = 0;
  std::vector<uint64_t> latency_counts;  // by latency, up to kLatencyBins - 1; beyond counts in the last
  double held_sum = 0;      // entry - own cycle: what the dependencies and the turnaround held it
  int64_t held_max = 0;
  uint64_t held_packets = 0;  // entered after their own cycle
  int64_t cycles() const { return last_tail + 1; }  // until the last packet is delivered
  int64_t latency_percentile(double p) const;       // -1 with none delivered
  static constexpr size_t kLatencyBins = 1 << 16;
};

class TraceWorkload final : public ReactiveSource {
 public:
  static constexpr int64_t kTurnaround = 2;  // cycles from a tail's arrival to a waiting packet's entry

  // Opens the trace (TraceError naming the file) and reads up to the region asked for.
  explicit TraceWorkload(const TraceReplaySpec& spec);

  // TraceError naming the record or line: a node beyond the network, a packet the network cannot
  // carry, cycles going back.
  void packets_for(int64_t cycle, std::vector<MessagePacket>& out) override;
  // std::logic_error for a tail the protocol forbids: of a packet not handed over or delivered
  // already, or told after the cycle it would have released a packet in.
  void tail_arrived(uint64_t id, uint32_t src, uint32_t dest, int64_t arrival) override;

  // Every packet read, handed over and delivered (its tail told and applied).
  bool done() const { return exhausted_ && held_ == 0 && inflight_.empty() && tails_.empty(); }
  // Every packet has been read (the run is in its last packets' latencies).
  bool all_read() const { return exhausted_; }
  const TraceTotals& totals() const { return totals_; }
  const std::string& benchmark() const { return benchmark_; }
  void keep_log();  // before the first packet is handed over (std::logic_error after)
  const std::vector<TraceLogEntry>& log() const { return log_; }  // by net id

  // The same trace on a contention-free network: each packet's tail arrives `delay(src, dst,
  // flits)` cycles after it enters. Its totals, or none if it is not done by cycle `until`.
  std::optional<TraceTotals> ideal_run(const std::function<int64_t(uint32_t, uint32_t, int)>& delay,
                                       int64_t until) const;

 private:
  struct Held {
    uint64_t index;  // in trace order
    uint64_t trace_id;
    uint32_t src, dst;
    int flits;
    int64_t cycle;
    int32_t waiting;  // prerequisites whose tails are not applied yet
    std::vector<uint64_t> waits_for;  // kept for the log only
  };
  struct InFlight {
    uint64_t trace_id;
    int64_t entered;
    bool delivered = false;
  };
  bool read_ahead();        // the next packet into ahead_; false at the end (or the window's)
  void take();  // ahead_ into the held packets
  void apply_tail(uint64_t net_id, int64_t arrival);
  [[noreturn]] void fail(const std::string& what) const;

  TraceReplaySpec spec_;
  std::unique_ptr<TraceSource> source_;
  std::string benchmark_;
  uint32_t trace_nodes_ = 0;  // Netrace: its header's (its records' nodes are checked against it); text: 0
  int64_t rebase_ = 0;
  bool rebase_set_ = false;
  TracePacket ahead_;
  bool have_ahead_ = false, exhausted_ = false;
  uint64_t read_index_ = 0;
  std::vector<Held> slots_;
  std::vector<uint32_t> free_slots_;
  uint64_t held_ = 0;
  std::vector<uint32_t> due_;  // slots ready this cycle
  // Dependencies on: every packet read whose tail is not applied yet, and the slots waiting for it.
  std::unordered_map<uint64_t, std::vector<uint32_t>> open_;
  // The packets handed over and not yet delivered, by net id from inflight_base_ on (ids are
  // handed in order; the delivered ones at the front are dropped).
  std::deque<InFlight> inflight_;
  uint64_t inflight_base_ = 0;
  uint64_t next_net_id_ = 0;
  int64_t asked_ = -1;  // the last cycle packets_for was asked for
  // Tails told, applied once the run reaches arrival + kTurnaround (models tell them in any order,
  // some early): (arrival, net id).
  std::priority_queue<std::pair<int64_t, uint64_t>, std::vector<std::pair<int64_t, uint64_t>>, std::greater<>> tails_;
  TraceTotals totals_;
  bool log_on_ = false;
  std::vector<TraceLogEntry> log_;
};

}  // namespace kncsim
