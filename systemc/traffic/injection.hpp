#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "traffic/distribution.hpp"

namespace kncsim {

// One packet generated at `node` for `dest` in some cycle, of `flits` flits (0: the network's L).
struct Injection {
  uint32_t node;
  uint32_t dest;
  uint32_t flits = 0;
  uint8_t cls = 0;  // its traffic class
};

// Draws whole cycles of injections in node order, before any router evaluates, so the
// order in which a model evaluates its routers can never change the stimulus.
class InjectionStream {
 public:
  virtual ~InjectionStream() = default;
  // Appends cycle `cycle`'s injections to `out`, ascending by node. Cycles are drawn in order.
  virtual void draw_cycle(int64_t cycle, std::vector<Injection>& out) = 0;
};

// Per-node, per-cycle injection probability q = 4A/(R L), computed as the listings do; a
// torus, whose bisection is twice a mesh's, takes twice it (8A/(R L)).
double injection_probability(double load, int radix, int packet_flits);
inline double injection_probability(double load, int radix, int packet_flits, bool torus) {
  const double q = injection_probability(load, radix, packet_flits);
  return torus ? 2 * q : q;
}

// For a uniform draw of `bits` bits x: (x * 2^-bits < q)  <=>  (x < threshold). Exact, since
// scaling by a power of two is exact in double.
uint64_t probability_threshold(double q, int bits);

// The 1992 programs' single drand48 stream: per cycle, per node in index order, one draw
// for `drand48() < q` and, on injection, one for `(int)(drand48()*N)`.
std::unique_ptr<InjectionStream> make_legacy_uniform_stream(uint64_t lcg_state, uint32_t nodes,
                                                            double q);

// On/off injection phases (traffic.phases): `stream`'s injections in the first `on` cycles of
// every on + off, none in the rest; on or off 0: `stream` itself.
std::unique_ptr<InjectionStream> with_phases(std::unique_ptr<InjectionStream> stream, int64_t on, int64_t off);

// Counter-based: injection and destination are pure functions of (seed, node, cycle).
std::unique_ptr<InjectionStream> make_counter_uniform_stream(uint64_t seed, uint32_t nodes,
                                                             double q);

// A renewal process at every node (traffic.interarrival other than bernoulli): node n's k-th
// gap is drawn from `gaps` with counter-based draws keyed on (seed, n, k), its first arrival a
// uniform phase into its first gap; a packet arriving at time x is generated in cycle floor(x)
// (several may share a cycle). Destinations are uniform, keyed the same way.
std::unique_ptr<InjectionStream> make_renewal_stream(uint64_t seed, uint32_t nodes,
                                                     const InterarrivalDistribution& gaps);

// Each packet's length drawn from `lengths`, keyed on (seed, node, the node's packet count).
std::unique_ptr<InjectionStream> with_lengths(std::unique_ptr<InjectionStream> stream, uint32_t nodes,
                                              const LengthDistribution& lengths, uint64_t seed);

// A most-recently-used destination stack at every node (Hsu and Banerjee's temporal locality,
// PP-MESS-SIM's target_stack): with probability p_i the i-th most recent destination (while the
// stack holds that many), else the stream's own; the destination taken goes on top.
std::unique_ptr<InjectionStream> with_mru_stack(std::unique_ptr<InjectionStream> stream, uint32_t nodes,
                                                std::vector<double> probabilities, uint64_t seed);

// Traffic classes (PP-MESS-SIM's tasks): each class's stream, its injections kept to its nodes
// (`nodes[k]` empty: every node) and marked with its index, merged in node order (a node's
// classes in their order).
std::unique_ptr<InjectionStream> merge_classes(std::vector<std::unique_ptr<InjectionStream>> classes,
                                               std::vector<std::vector<uint32_t>> nodes, uint32_t network_nodes);

// An injection and the cycle it was drawn for (--trace-out).
struct RecordedInjection {
  int64_t cycle;
  Injection injection;
};
// `stream` unchanged, every injection it draws also appended to `into` (which must outlive it and
// be read only from the thread that draws).
std::unique_ptr<InjectionStream> with_recording(std::unique_ptr<InjectionStream> stream,
                                                std::vector<RecordedInjection>& into);

}  // namespace kncsim
