#pragma once
// The reference SCI ring network (router.impl: ref for rings): N = k^n nodes on n
// unidirectional rings each, evaluated cycle by cycle in one SystemC method; only nodes holding
// flits are evaluated. The ring interface as modules and RTL is held to it packet for packet. Timing per Scott & Goodman
// §2.1: a head is decoded T_decode cycles after it arrives, then passes on the ring after
// T_pass or enters the switch, which puts it on the next ring (or to the CPU) T_switch later.
// Output queues start a packet only when the ring buffer has room for one of equal length;
// a packet leaving a ring is accepted only with room for all of it in the input queue.
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <systemc>
#include <vector>

#include "ni/source_queues.hpp"
#include "ref/sci_ref_node.hpp"
#include "ring/sci_params.hpp"

namespace kncsim {

struct SciDelivery {
  uint64_t id;
  SciKind kind;
  uint32_t src, dest;
  int64_t injected, delivered;  // delivered: the tail reaches the CPU
  int retries;
};

struct SciCounters {
  uint64_t injected = 0, delivered = 0;
  uint64_t echoes = 0, nacks = 0, retransmissions = 0;
  uint64_t corrupted = 0;  // nacks for a failed CRC (the rest: no room in the input queue)
  uint64_t dropped = 0;    // messages refused by a full CPU queue (SciParams::source_queue_packets)
  int active_max = 0;      // the fullest any ring interface's active buffer was
};

class SciRefNetwork : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(SciRefNetwork);
  SciRefNetwork(sc_core::sc_module_name name, const SciParams& p);

  static constexpr uint64_t kDropped = ~uint64_t{0};
  // The CPU of `src` hands over a message now (in the current cycle); its id, or kDropped if
  // `droppable` and the CPU's queue already holds source_queue_packets messages.
  uint64_t inject(uint32_t src, uint32_t dest, SciKind kind, bool droppable = true);
  int64_t messages_waiting() const { return waiting_.total(); }
  void on_delivery(std::function<void(const SciDelivery&)> f) { deliver_ = std::move(f); }
  // Called at the start of every cycle, before the nodes (traffic sources).
  void on_cycle(std::function<void(int64_t)> f) { cycle_ = std::move(f); }
  bool idle() const { return flits_ == 0 && active_.empty(); }
  const SciCounters& counters() const { return counters_; }
  uint32_t nodes() const { return uint32_t(nodes_.size()); }

 private:
  void step();
  void step_node(uint32_t u, int64_t t);
  void arrivals(uint32_t u, int d, int64_t t);
  void switch_flits(uint32_t u, int64_t t);
  void output_link(uint32_t u, int d, int64_t t);
  void send(uint32_t u, int d, SciFlit f, int64_t t);
  void strip_done(uint32_t u, int d, const SciPacket& answer, int64_t t);
  int route_from(uint32_t u, const SciPacket& p, int after_dim) const;
  uint32_t allocate(const SciPacket& p);
  void release(uint32_t slot);
  int coord(uint32_t node, int d) const { return int(node / stride_[size_t(d)]) % p_.radix; }
  uint32_t downstream(uint32_t u, int d) const;
  void hold(uint32_t u, int64_t n);
  std::deque<SciFlit>& source_queue(uint32_t u, int s);
  void spool(uint32_t u, const WaitingPacket& w);

  SciParams p_;
  std::vector<uint32_t> stride_;
  std::vector<SciRefNode> nodes_;
  std::vector<SciPacket> packets_;
  SourceQueues waiting_;                  // messages behind each CPU queue's front one
  std::vector<uint32_t> free_;
  std::unordered_map<uint64_t, SciPacket> active_;  // active buffers: transmission -> the packet as sent
  std::vector<uint64_t> busy_;            // bitmap of nodes holding flits
  int64_t flits_ = 0;
  uint64_t next_id_ = 0, next_tx_ = 1;
  SciCounters counters_;
  std::function<void(const SciDelivery&)> deliver_;
  std::function<void(int64_t)> cycle_;
};

}  // namespace kncsim
