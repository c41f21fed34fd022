#pragma once
// What a ring network offers its testbench, whichever model runs it: the reference
// (SciRefNetwork) or the network of SciNode modules (SciNetwork). Both give the same
// per-packet records for the same stimulus. (RingModel adds what every network model offers,
// NetworkModel, on top.)
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include <vector>

#include "energy/ring_activity.hpp"
#include "ring/sci_packet.hpp"
#include "model/channel_load.hpp"

namespace kncsim {

// A message's record, made when its tail reaches the destination's CPU.
struct SciDelivery {
  uint64_t id;
  SciKind kind;
  uint32_t src, dest;
  int64_t injected, delivered;
  int retries;  // nacks it got on its way (each one retransmitted it)
  bool operator==(const SciDelivery& o) const {
    return id == o.id && kind == o.kind && src == o.src && dest == o.dest && injected == o.injected &&
           delivered == o.delivered && retries == o.retries;
  }
};

struct SciCounters {
  uint64_t injected = 0, delivered = 0;
  uint64_t echoes = 0, nacks = 0, retransmissions = 0;
  uint64_t corrupted = 0;  // nacks for a failed CRC (the rest: no room in the input queue)
  uint64_t stomped = 0;    // of the nacks, echoes already under way turned into nacks as the input queue filled (stomp)
  uint64_t dropped = 0;    // messages refused by a full CPU queue (SciParams::source_queue_packets)
  int active_max = 0;      // the fullest any ring interface's active buffer was
};

class SciModel {
 public:
  static constexpr uint64_t kDropped = ~uint64_t{0};
  virtual ~SciModel() = default;

  // The CPU of `src` hands over a message now (in the current cycle); its id, or kDropped if
  // `droppable` and the CPU's queue already holds source_queue_packets messages. Call it from
  // on_cycle, or from on_delivery for the delivering node (a reply) only.
  virtual uint64_t inject(uint32_t src, uint32_t dest, SciKind kind, bool droppable = true) = 0;
  virtual int64_t messages_waiting() const = 0;  // behind the front message of every CPU queue
  virtual bool idle() const = 0;                 // no flit anywhere, every active buffer empty
  virtual uint32_t nodes() const = 0;
  // Flits sent on every ring link so far (node u's ring d link out), by packet kind.
  virtual std::vector<ChannelLoad> channel_loads() const = 0;
  const SciCounters& sci_counters() const { return counters_; }
  // What energy counts (SciParams::payload given), or none.
  virtual const RingActivity* ring_activity() const { return nullptr; }

  // Flit conservation: the flits the model's queues and wires hold (counted one by one, with
  // those of messages still waiting to be made) equal its running tally (flits made by
  // hand-overs, answers and retransmissions, less those delivered, dropped and stripped).
  // Throws std::logic_error naming both if not. Call between cycles.
  void check_conservation() const;
  virtual int64_t flits_held() const = 0;
  virtual int64_t flits_tallied() const = 0;

  // Told of each message as it is delivered, in the cycle its tail reaches the CPU.
  void on_delivery(std::function<void(const SciDelivery&)> f) { deliver_ = std::move(f); }
  // Called at the start of every cycle, before any node evaluates (traffic sources).
  void on_cycle(std::function<void(int64_t)> f) { cycle_ = std::move(f); }

 protected:
  SciCounters counters_;
  std::function<void(const SciDelivery&)> deliver_;
  std::function<void(int64_t)> cycle_;
};

inline void SciModel::check_conservation() const {
  const int64_t held = flits_held(), tallied = flits_tallied();
  if (held != tallied)
    throw std::logic_error("SCI flit conservation violated: the queues and wires hold " + std::to_string(held) +
                           " flits, the tally of flits made less flits consumed is " + std::to_string(tallied));
}

}  // namespace kncsim
