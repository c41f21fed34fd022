#pragma once
// Router designs that are not kncsim's, for the tests of the protocol monitors and of kncsim
// verify: each a copy of rtl/wormhole/ with a few fragments changed and every assertion
// compiled out (`define SYNTHESIS in kncsim_pkg.sv, the first source Verilator reads after the
// waivers), as an architect's design without assertions would be. Broken ones break one rule a
// router must keep; legal ones keep every rule and differ from kncsim's.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "support/rtl_copy.hpp"

namespace kncsim::test {

struct SourceChange {
  const char* file;  // in rtl/wormhole/
  const char* from;  // occurs once in the file
  const char* to;
};

inline size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A family's sources (`family_dir`, its package file `package`) with the changes and no
// assertions, in the tests' shared model cache (one build per design for the suite).
inline std::string changed_copy(const std::string& name, const std::string& family_dir, const std::string& package,
                                const std::vector<SourceChange>& changes) {
  return shared_rtl_copy(name, family_dir, [&](const std::string& f, std::string text) {
    if (f == package) text = "`define SYNTHESIS\n" + text;
    for (const SourceChange& c : changes) {
      if (f != c.file) continue;
      EXPECT_EQ(occurrences(text, c.from), 1u) << c.from << " in " << c.file;
      if (occurrences(text, c.from) == 1) text.replace(text.find(c.from), std::string(c.from).size(), c.to);
    }
    return text;
  });
}
inline std::string design_copy(const std::string& name, const std::vector<SourceChange>& changes) {
  return changed_copy("monitor_" + name, "wormhole", "kncsim_pkg.sv", changes);
}

// The networks they are tried in: node 5 of a 4x4 mesh RTL among SystemC routers; every router
// RTL; a torus with two VCs.
inline const std::string kDesignMesh =
    " --set network.radix=4 --set router.impl=systemc --set router.rtl_nodes=[5] --set router.fifo_flits=4"
    " --set router.flow_control=wormhole --set traffic.packet_flits=8 --set traffic.load=0.5"
    " --set run.convergence=fixed --set run.cycles=3000";
inline const std::string kDesignTorusVcs = kDesignMesh + " --set network.topology=torus --set router.vcs=2";
// Every router RTL: a SystemC neighbour would stop the run at a flit it has no room for (the
// symptom, in the same cycle), so the design's own neighbours take it and the run goes on.
inline const std::string kDesignMeshAllRtl = kDesignMesh + " --set router.impl=rtl";

// Where a broken design first breaks its rule, as the monitor test finds it from the runs of
// kncsim's own router (router_monitor_test.cpp).
enum class Oracle {
  divergence,        // the first flit it sends differently (kncsim diverge, monitors off)
  before_divergence, // the cycle before that: its first copy left with a credit and no pop
  first_forward,     // the first flit it passes on from a neighbour (the first credit it owes)
  first_tail,        // the first tail it sends
  first_flit,        // the first flit it sends
  short_tail,        // the first tail it sends before its packet's last flit (its own run, monitors off)
};

struct BrokenDesign {
  const char* name;
  std::vector<SourceChange> changes;
  const char* rule;  // the monitor's rule it breaks first
  Oracle oracle;
  const std::string* config;
  bool same_port;    // the report names the output the oracle's flit left on (else the input)
};

inline const std::vector<BrokenDesign>& broken_designs() {
  static const std::vector<BrokenDesign> designs = {
      // A flit sent into a full FIFO: the room test lets one flit more through.
      {"no_credit", {{"kncsim_router.sv", "(32'(used) + 32'(flits) <= Depth)", "(32'(used) + 32'(flits) <= Depth + 1)"}},
       "NoCredit_M", Oracle::divergence, &kDesignMeshAllRtl, true},
      // Each flit's credit returned twice upstream.
      {"credit_twice",
       {{"kncsim_router.sv", "CutThrough ? front[p].len : CreditW'(1);\n        end\n        bound_d",
         "CutThrough ? front[p].len : CreditW'(2);\n        end\n        bound_d"}},
       "CreditForNoFlit_M", Oracle::first_forward, &kDesignMesh, false},
      // An output let go after every flit: another input's head enters inside the packet.
      {"output_released", {{"kncsim_router.sv", "busy_d[o]      = !front[p].tail;", "busy_d[o]      = 1'b0;"}},
       "HeadInsidePacket_M", Oracle::divergence, &kDesignMesh, true},
      // Routing the wrong way in every dimension.
      {"wrong_direction",
       {{"kncsim_route_compute.sv", "route_o[succ ? 2 * k + 2 : 2 * k + 1]", "route_o[succ ? 2 * k + 1 : 2 * k + 2]"}},
       "Misrouted_M", Oracle::divergence, &kDesignMesh, true},
      // The tail bit lost on the way out.
      {"tail_dropped",
       {{"kncsim_router.sv", "out_flit_o[o] = front[p];", "out_flit_o[o] = front[p] & ~(FlitW'(1) << (FlitW - 2));"}},
       "Framing_M", Oracle::first_tail, &kDesignMesh, true},
      // A header bit flipped on the way out (the destination's lowest bit).
      {"dest_flipped", {{"kncsim_router.sv", "out_flit_o[o] = front[p];", "out_flit_o[o] = front[p] ^ (FlitW'(1) << TagW);"}},
       "HeaderCorrupt_M", Oracle::first_flit, &kDesignMesh, true},
      // Every flit out on virtual channel 3 of a link with 2.
      {"vc_out_of_range", {{"kncsim_vc_router.sv", "f.vc = VcW'(32'(bound_out[c]) % Vcs);", "f.vc = VcW'(3);"}},
       "VcRange_M", Oracle::first_flit, &kDesignTorusVcs, true},
      // Body flits of packets in odd slots popped and credited but never sent: dropped.
      {"flit_dropped",
       {{"kncsim_router.sv", "out_valid_o[o] = 1'b1;",
         "out_valid_o[o] = front[p].head || front[p].tail || !front[p].tag[0];"}},
       "Framing_M", Oracle::short_tail, &kDesignMesh, true},
      // The heads of packets in odd slots sent (and credited) but not popped: sent again.
      {"flit_duplicated", {{"kncsim_router.sv", "move[p] = 1'b1;", "move[p] = !front[p].head || !front[p].tag[0];"}},
       "CreditForNoFlit_M", Oracle::before_divergence, &kDesignMesh, false},
  };
  return designs;
}

// A router that stops returning credits: its neighbours stall, and the network deadlocks.
inline const std::vector<SourceChange> kCreditsWithheld = {
    {"kncsim_router.sv", "credit_o[p*CreditW +: CreditW] = CutThrough ? front[p].len : CreditW'(1);",
     "credit_o[p*CreditW +: CreditW] = '0;"}};

inline void PrintTo(const BrokenDesign& d, std::ostream* os) { *os << d.name; }

struct LegalDesign {
  const char* name;
  std::vector<SourceChange> changes;
};

inline const std::vector<LegalDesign>& legal_designs() {
  static const std::vector<LegalDesign> designs = {
      // Pertel's output pointer that never moves.
      {"pointer_still", {{"kncsim_token_alloc.sv", "if (o == 0) pout = wrap(pout + 1);", ""}}},
      // Dimension order, the last dimension first.
      {"last_dimension_first",
       {{"kncsim_route_compute.sv", "for (int unsigned k = 0; k < Dims; k++) begin\n        here ",
         "for (int k = int'(Dims) - 1; k >= 0; k--) begin\n        here "}}},
      // One more register stage: credits go upstream a cycle after their flit leaves.
      {"credits_registered",
       {{"kncsim_router.sv", "  logic [Ports-1:0]       ready, move, wanted, free, room1;",
         "  logic [Ports-1:0]       ready, move, wanted, free, room1;\n  logic [Ports*CreditW-1:0] credit_d, credit_q;"},
        {"kncsim_router.sv", "    credit_o    = '0;", "    credit_d    = '0;"},
        {"kncsim_router.sv", "credit_o[p*CreditW +: CreditW] = CutThrough ? front[p].len : CreditW'(1);",
         "credit_d[p*CreditW +: CreditW] = CutThrough ? front[p].len : CreditW'(1);"},
        {"kncsim_router.sv", "  assign in_pop_o = move;",
         "  assign in_pop_o = move;\n  always_ff @(posedge clk_i or negedge rst_ni) begin\n    if (!rst_ni) credit_q <= '0;\n"
         "    else         credit_q <= credit_d;\n  end\n  assign credit_o = credit_q;"},
        {"kncsim_router.sv", "    idle_o = (bound_q == '0) && (busy_q == '0);",
         "    idle_o = (bound_q == '0) && (busy_q == '0) && (credit_q == '0);"}}},
  };
  return designs;
}

inline void PrintTo(const LegalDesign& d, std::ostream* os) { *os << d.name; }

// SCI ring node designs: copies of rtl/sci/ (changes in its files), assertions compiled out.
inline std::string sci_design_copy(const std::string& name, const std::vector<SourceChange>& changes) {
  return changed_copy("sci_monitor_" + name, "sci", "kncsim_sci_pkg.sv", changes);
}

// A 4-ary 2-cube of RTL ring nodes with 4-packet active buffers (the cases draw the rest), and
// a run of it with link errors (nacks) and the scoreboard's drain.
inline const std::string kRingDesign =
    " --set network.topology=rings --set router.model=sci --set router.impl=rtl --set router.active_buffer_packets=4"
    " --set network.dims=2 --set network.radix=4";
inline const std::string kRingRun = kRingDesign +
    " --set run.convergence=fixed --set run.cycles=3000 --set traffic.load=0.5 --set link.corrupt_rate=0.05"
    " --set verify.drain_cycles=20000";

struct BrokenRingDesign {
  const char* name;
  std::vector<SourceChange> changes;
  const char* verdict;  // what its failure says
};

inline const std::vector<BrokenRingDesign>& broken_ring_designs() {
  static const std::vector<BrokenRingDesign> designs = {
      // Echoes never made (nacks still are): the senders' active buffers wait for ever.
      {"missing_echo",
       {{"kncsim_sci_ring_if.sv", "        if (more) begin\n          rb_push               = 1'b1;",
         "        if (more && answer_d.kind == KindNack) begin\n          rb_push               = 1'b1;"}},
       "owes the echo or nack"},
      // Passing packets of odd message ids never enter the ring buffer: lost.
      {"lost_packet", {{"kncsim_sci_ring_if.sv", "        FatePass: rb_push = 1'b1;", "        FatePass: rb_push = !in_q.id[0];"}},
       "PassOrder_M"},
      // A nack frees nothing and queues nothing: its packet is never sent again.
      {"nack_not_resent",
       {{"kncsim_sci_active_buffer.sv", "  assign rt_push      = answer_valid_i && answer_nack_i;", "  assign rt_push      = 1'b0;"}},
       "has not sent again"},
  };
  return designs;
}

inline void PrintTo(const BrokenRingDesign& d, std::ostream* os) { *os << d.name; }

}  // namespace kncsim::test
