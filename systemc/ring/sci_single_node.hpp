#pragma once
// Scott & Goodman's single-node model (1991, §3.1): one node of the ring network simulated
// alone, what its rings and its CPU bring in drawn at the rates the whole network implies under
// uniform traffic, so that a 2^20-node network costs what one node does. The node keeps the
// reference ring model's rules (SciRefNetwork: T_decode, T_pass, T_switch, a flit a cycle per
// link and switch destination, the output queue's priority only with room in the ring buffer
// for a packet as long, acceptance of a whole packet or a nack). Drawn instead of simulated:
//  - each input link: Poisson packets (sends, echoes and nacks, by the kind they carry or
//    answer), a flit a cycle, one packet at a time;
//  - a send arriving leaves the ring here with probability 2/k, else passes; an echo or nack is
//    for this node with probability 2/k (a nack: this node sends its packet again), else passes;
//  - a packet leaving ring d (or handed over by the CPU) goes on to ring j > d with probability
//    (k-1)/k k^-(j-d-1), else to the CPU.
// It measures, per ring and kind, what eq 16 composes into latency: the drop fraction (λ),
// T_pass under load (α), T_switch out of the ring (β), from acceptance to the answer's
// sending (γ) and from a nack to the packet's sending again (δ). The iteration on eq 15 and
// eq 16 are experiment/single_node_run's.
#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "ring/sci_params.hpp"

namespace kncsim {

// Packets per cycle arriving on each input link, by the send kind (0 = address, 1 = data)
// they are or answer; and the CPU's messages per cycle (a Bernoulli draw each cycle).
struct SingleNodeRates {
  struct Link {
    std::array<double, 2> sends{}, echoes{}, nacks{};
  };
  std::vector<Link> links;  // per dimension
  double cpu = 0;
  double data_fraction = 0;
};

struct SingleNodeMean {
  double sum = 0;
  int64_t n = 0;
  void add(double x) { sum += x, ++n; }
  void merge(const SingleNodeMean& o) { sum += o.sum, n += o.n; }
  double mean(double none) const { return n ? sum / double(n) : none; }
};

// What one stretch of simulation measured; [k]: by send kind.
struct SingleNodeStats {
  struct Ring {
    std::array<int64_t, 2> exits{}, drops{};  // sends leaving the ring here; of them nacked
    std::array<SingleNodeMean, 2> alpha, beta, gamma, delta;
  };
  std::vector<Ring> rings;
  std::array<SingleNodeMean, 2> beta0;  // handed over by the CPU until its head leaves on a ring (or reaches the CPU)
  std::array<int64_t, 2> handed{};      // CPU messages whose head entered the switch
  int64_t cycles = 0;
  void merge(const SingleNodeStats& o);
};

class SciSingleNode {
 public:
  SciSingleNode(const SciParams& p, uint64_t seed);
  void set_rates(const SingleNodeRates& r);
  // Advances `cycles` cycles; what they measure is added to stats().
  void run(int64_t cycles);
  const SingleNodeStats& stats() const { return stats_; }
  void clear_stats();
  int64_t cpu_backlog() const { return int64_t(cpu_.size()); }
  // Packets drawn for the input links and not yet on them: grows when the links are over-demanded.
  int64_t link_backlog() const;
  int64_t now() const { return t_; }

 private:
  enum class Role : uint8_t { pass, answer, queued, retransmit };
  enum class Fate : uint8_t { pass, accept, drop, strip };
  struct Packet {
    uint8_t kind = 0;  // SciKind
    uint8_t of = 0;    // the send kind it is or answers: 0 address, 1 data
    Role role = Role::pass;
    int8_t from = -1;  // queued: the ring it left (-1: the CPU)
    int16_t flits = 0;
    int16_t to = 0;    // queued: the ring it goes on to (dims: the CPU)
    int64_t t0 = 0;    // when what is measured of it began
  };
  struct Flit {
    uint32_t packet = 0;
    uint16_t seq = 0;
    int64_t time = 0;
  };
  struct Ring {
    double next_arrival = 0;  // the next Poisson arrival's time
    int64_t waiting = 0;      // drawn, not yet on the link
    uint32_t in = 0;          // the packet arriving, flit in_seq next
    int in_seq = 0, in_flits = 0;
    Fate fate = Fate::pass;
    uint32_t answer = 0;
    int answer_sent = 0;
    int64_t head_time = 0;    // the arriving packet's head was decoded
    int input_reserved = 0;
    std::deque<Flit> ring_buffer, input_queue, output_queue, retransmit;
    uint8_t sending = 0;      // 0 none, 1 ring buffer, 2 output queue, 3 retransmission
  };

  double uniform();
  double exponential(double rate);
  int route(int from);
  uint32_t allocate(const Packet& p);
  void release(uint32_t slot) { free_.push_back(slot); }
  void cpu_draw();
  void arrive(int d);
  void switch_flits();
  void output_link(int d);
  void measure_leaving(const Packet& pk, int d);

  SciParams p_;
  uint64_t key_, draws_ = 0;
  SingleNodeRates rates_;
  std::vector<double> total_rate_;  // per link
  SingleNodeStats stats_;
  std::vector<Ring> rings_;
  std::vector<Packet> packets_;
  std::vector<uint32_t> free_;
  std::deque<uint32_t> cpu_;        // messages handed over, head not yet in the switch beyond cpu_seq_
  int cpu_seq_ = 0;
  std::vector<int> source_to_, destination_from_;
  int64_t t_ = 0;
  double exit_probability_;
};

}  // namespace kncsim
