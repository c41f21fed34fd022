#pragma once
// kncsim verify's constrained-random cases. A case is the design's configuration (its router
// keys kept as they are) with the network's shape, the RTL nodes, the traffic, the load, the
// packet length, the links and the run drawn from one seed, and the scoreboard and coverage
// switched on. It is a list of --set assignments, so that one command line reproduces it.
// What is drawn:
//   shape       each radix from 2 to the configured one (half the cases: the configured shape)
//   RTL nodes   every node (router.impl rtl), or a random subset in a SystemC network (unless
//               the design cannot sit among kncsim's routers: --mixed off)
//   traffic     uniform, transpose, bit_complement, bit_reversal, hotspot, all_to_one,
//               one_to_all, a random permutation, nearest_neighbour (each where the shape allows)
//   load        from idle to 1.5x saturation (a pattern's own: a single source or sink carries a
//               flit a cycle); above saturation, source queues are capped so the drain is bounded;
//               in a third of the cases, in bursts (traffic.phases: on and off phases)
//   packets     1 flit to the RTL's maximum (cut-through: to the FIFO's room)
//   links       a delay of 1 to 3 cycles per dimension
//   run         a fixed number of cycles, then the drain (verify.drain_cycles)
// For an SCI ring node: the radix (2 to the configured one), the RTL nodes, the load (to 1.3 of
// the eq 13/14 maximum), the data fraction, open or request/response traffic, and link errors
// (nacks and retransmissions), then the drain.
#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace kncsim {

struct VerifyCase {
  int index = 0;            // 1..seeds
  uint64_t seed = 0;        // what it was drawn from
  std::vector<std::string> sets;  // key=value, after the design's own
  std::vector<std::pair<std::string, std::string>> files;  // files the case reads (a graph): path, contents
  std::string label;        // one line: shape, nodes, traffic, load, length, cycles
  double load = 0;
  int64_t cycles = 0;
};

// The design's network and router, as a case keeps them, from its configuration (a wormhole
// mesh or torus with RTL routers; else a ConfigError saying what kncsim verify needs).
struct VerifyDesign {
  bool rings = false;       // an SCI ring node design (else a wormhole router)
  bool bounded_active = false, stomp = false;  // rings: what the coverage can reach
  std::vector<int> radices;
  bool torus = false;
  int64_t fifo_flits = -1;
  bool cut_through = false;
  bool adaptive = false;
  int vcs = 1;
  int max_packet_flits = 1;
  bool mixed = true;  // cases may put the design on some nodes only, among kncsim's SystemC routers
};
VerifyDesign verify_design(const Config& design);

// Case `index` drawn from `seed`; its files are named under `dir`. Every drawn case is checked
// against the configuration's rules; one they refuse is drawn again.
VerifyCase draw_verify_case(const Config& design, const VerifyDesign& d, int index, uint64_t seed, const std::string& dir);

// The same case made smaller: its cycles or its load scaled by `factor` (shrinking a failure).
VerifyCase shrink_verify_case(const VerifyCase& c, bool cycles, double factor);

}  // namespace kncsim
